import { definePlugin } from '../../core/plugin/types';
import { datasourceEntity } from './entities';
import { datasourceMessages } from './locales';
import { datasourceManifest } from './manifest';

/** Datasources (bladex-contract §8): one list screen under the system tools, for the super administrator. */
export const datasourcePlugin = definePlugin({
  ...datasourceManifest,
  entities: [datasourceEntity],
  messages: datasourceMessages,
  routes: [{ path: '/tool/datasource', load: () => import('./screens/DatasourcePage'), meta: { title: datasourceManifest.name } }],
});

export default datasourcePlugin;
