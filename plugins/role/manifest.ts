import { crudButtons } from '../../core/plugin/crud-buttons';
import type { PluginManifest } from '../../core/plugin/manifest';

/**
 * Roles and their grants (SPEC §6; bladex-contract §4 "Role endpoints"): one menu under the shell's
 * 权限管理 group, the four list buttons and 权限设置 (the grant dialog: menus, data scopes, API scopes).
 */
export const roleManifest: PluginManifest = {
  id: 'role',
  name: { zh: '角色管理', en: 'Roles' },
  requires: [],
  menus: [
    {
      code: 'role',
      parent: 'authority',
      name: { zh: '角色管理', en: 'Roles' },
      path: '/authority/role',
      icon: 'user-group',
      sort: 1,
      buttons: [
        ...crudButtons('role'),
        { code: 'role_grant', name: { zh: '权限设置', en: 'Permissions' }, alias: 'grant', icon: 'safe', sort: 5, action: 3 },
      ],
    },
  ],
};
