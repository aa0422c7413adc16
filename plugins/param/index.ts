import { definePlugin } from '../../core/plugin/types';
import { paramEntity } from './entities';
import { paramMessages } from './locales';
import { paramManifest } from './manifest';

/** System parameters (SPEC §2 "parameter screen"): one list screen driven by the entity definition. */
export const paramPlugin = definePlugin({
  ...paramManifest,
  entities: [paramEntity],
  messages: paramMessages,
  routes: [{ path: '/system/param', load: () => import('./screens/ParamPage'), meta: { title: paramManifest.name } }],
});

export default paramPlugin;
