import { definePlugin } from '../../core/plugin/types';
import { menuEntity } from './entities';
import { menuMessages } from './locales';
import { menuManifest } from './manifest';

/** Menus (SPEC §7): the super administrator's tree of menus and buttons, loaded level by level. */
export const menuPlugin = definePlugin({
  ...menuManifest,
  entities: [menuEntity],
  messages: menuMessages,
  routes: [{ path: '/system/menu', load: () => import('./screens/MenuPage'), meta: { title: menuManifest.name } }],
});

export default menuPlugin;
