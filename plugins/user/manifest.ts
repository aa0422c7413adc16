import { crudButtons, type PluginManifest } from '../../core/sdk/shared';

/**
 * Users administration (SPEC §1, §6, §7; BladeX `/blade-user/*`): the menu under the shell's 系统管理, its
 * four list buttons and the five extra ones of BladeX's user screen. No demo role is granted anything: the
 * administrators get every code from the menu sync.
 */
export const userManifest: PluginManifest = {
  id: 'user',
  name: { zh: '用户管理', en: 'Users' },
  // Users belong to departments, hold posts and roles: their tables and option lists come from these.
  requires: ['dept', 'post', 'role'],
  menus: [
    {
      code: 'user',
      parent: 'system',
      name: { zh: '用户管理', en: 'Users' },
      path: '/system/user',
      icon: 'user',
      sort: 1,
      buttons: [
        ...crudButtons('user'),
        { code: 'user_role', name: { zh: '角色配置', en: 'Roles' }, alias: 'role', icon: 'user-group', sort: 5, action: 1 },
        { code: 'user_reset', name: { zh: '密码重置', en: 'Reset password' }, alias: 'reset-password', icon: 'lock', sort: 6, action: 1 },
        { code: 'user_platform', name: { zh: '平台配置', en: 'Platform' }, alias: 'platform', icon: 'settings', sort: 7, action: 2 },
        { code: 'user_import', name: { zh: '导入', en: 'Import' }, alias: 'import', icon: 'import', sort: 8, action: 1 },
        { code: 'user_export', name: { zh: '导出', en: 'Export' }, alias: 'export', icon: 'export', sort: 9, action: 1 },
      ],
    },
  ],
};
