import { crudButtons } from '../../core/plugin/crud-buttons';
import type { PluginManifest } from '../../core/plugin/manifest';

/**
 * Datasources (数据源管理, SPEC §1 "a data source tool"; bladex-contract §8): connection settings a tenant can
 * be bound to. Global data every tenant shares, so only the super administrator sees and edits it.
 */
export const datasourceManifest: PluginManifest = {
  id: 'datasource',
  name: { zh: '数据源管理', en: 'Datasources' },
  menus: [
    {
      code: 'datasource',
      parent: 'tools',
      name: { zh: '数据源管理', en: 'Datasources' },
      path: '/tool/datasource',
      icon: 'storage',
      sort: 5,
      administratorOnly: true,
      buttons: crudButtons('datasource'),
    },
  ],
};
