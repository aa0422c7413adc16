import { crudButtons } from '../../core/plugin/crud-buttons';
import type { PluginManifest } from '../../core/plugin/manifest';

export const deptManifest: PluginManifest = {
  id: 'dept',
  name: { zh: '机构管理', en: 'Departments' },
  // The department category comes from the system dictionary `org_category`.
  requires: ['dict'],
  menus: [
    {
      code: 'dept',
      parent: 'system',
      name: { zh: '机构管理', en: 'Departments' },
      path: '/system/dept',
      icon: 'branch',
      sort: 7,
      buttons: crudButtons('dept'),
    },
  ],
};
