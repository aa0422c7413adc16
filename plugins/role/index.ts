import { definePlugin } from '../../core/plugin/types';
import { roleEntity } from './entities';
import { roleMessages } from './locales';
import { roleManifest } from './manifest';

/** Roles (SPEC §6): a tree table of the tenant's roles and the grant dialog (menus, data scopes, API scopes). */
export const rolePlugin = definePlugin({
  ...roleManifest,
  entities: [roleEntity],
  messages: roleMessages,
  routes: [{ path: '/authority/role', load: () => import('./screens/RolePage'), meta: { title: roleManifest.name } }],
});

export default rolePlugin;
