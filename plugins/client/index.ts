import { definePlugin } from '../../core/plugin/types';
import { clientEntity } from './entities';
import { clientMessages } from './locales';
import { clientManifest } from './manifest';

/** OAuth clients (SPEC §1): one list screen for the super administrator. */
export const clientPlugin = definePlugin({
  ...clientManifest,
  entities: [clientEntity],
  messages: clientMessages,
  routes: [{ path: '/system/client', load: () => import('./screens/ClientPage'), meta: { title: clientManifest.name } }],
});

export default clientPlugin;
