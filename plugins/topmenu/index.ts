import { definePlugin } from '../../core/sdk/shared';
import { topMenuEntity } from './entities';
import { topmenuMessages } from './locales';
import { topmenuManifest } from './manifest';

/** Top menus: the tenant's top menus and the menus each one shows. */
export const topmenuPlugin = definePlugin({
  ...topmenuManifest,
  entities: [topMenuEntity],
  messages: topmenuMessages,
  routes: [{ path: '/system/topmenu', load: () => import('./screens/TopMenuPage'), meta: { title: topmenuManifest.name } }],
});

export default topmenuPlugin;
