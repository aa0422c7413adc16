import { type ButtonDecl, crudButtons, type PluginManifest } from '../../core/sdk/shared';

const setting = (code: string): ButtonDecl => ({ code: `${code}_setting`, name: { zh: '权限配置', en: 'Scopes' }, alias: 'setting', icon: 'setting', sort: 5, action: 2 });

/**
 * 数据权限 and 接口权限 under the shell's 权限管理 group. Scopes are global rules every tenant's roles are
 * granted from, so both screens (and their buttons) are the super administrator's only. The screens list
 * the menus through the menu plugin's API, hence `requires`.
 */
export const scopeManifest: PluginManifest = {
  id: 'scope',
  name: { zh: '数据与接口权限', en: 'Data and API scopes' },
  requires: ['menu'],
  menus: [
    {
      code: 'data_scope',
      parent: 'authority',
      name: { zh: '数据权限', en: 'Data scopes' },
      path: '/authority/datascope',
      icon: 'filter',
      sort: 2,
      administratorOnly: true,
      buttons: [...crudButtons('data_scope'), setting('data_scope')],
    },
    {
      code: 'api_scope',
      parent: 'authority',
      name: { zh: '接口权限', en: 'API scopes' },
      path: '/authority/apiscope',
      icon: 'send',
      sort: 3,
      administratorOnly: true,
      buttons: [...crudButtons('api_scope'), setting('api_scope')],
    },
  ],
};
