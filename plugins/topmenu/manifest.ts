import { crudButtons, type PluginManifest } from '../../core/sdk/shared';

/** Top menus (顶部菜单): per tenant, with the menus each one shows (菜单配置). */
export const topmenuManifest: PluginManifest = {
  id: 'topmenu',
  name: { zh: '顶部菜单', en: 'Top menus' },
  menus: [
    {
      code: 'topmenu',
      parent: 'system',
      name: { zh: '顶部菜单', en: 'Top menus' },
      path: '/system/topmenu',
      icon: 'nav',
      sort: 5,
      buttons: [
        ...crudButtons('topmenu'),
        { code: 'topmenu_setting', name: { zh: '菜单配置', en: 'Menu settings' }, alias: 'setting', icon: 'settings', sort: 5, action: 3 },
      ],
    },
  ],
};
