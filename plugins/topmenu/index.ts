import { definePlugin, defineResource } from '../../core/sdk/shared';
import { topMenuEntity } from './entities';

export { topMenuEntity } from './entities';

/**
 * Top menus (顶部菜单): per tenant, with the menus each one shows (菜单配置, the `setting` button). Field
 * labels and rule messages live in entities.ts.
 */
export default definePlugin({
  id: 'topmenu',
  name: { zh: '顶部菜单', en: 'Top menus' },
  resources: [
    defineResource({
      entity: topMenuEntity,
      menu: { parent: 'system', icon: 'nav', sort: 5 },
      buttons: [{ code: 'topmenu_setting', name: { zh: '菜单配置', en: 'Menu settings' }, alias: 'setting', icon: 'settings', sort: 5, action: 3 }],
      screen: () => import('./screens/TopMenuPage'),
    }),
  ],
  messages: {
    zh: {
      topmenu: {
        title: '顶部菜单',
        setting: '菜单配置',
        settingOf: '菜单配置：{{names}}',
        saved: '配置成功',
        own: '自定义',
        noMenus: '没有可配置的菜单',
        menus: '可显示的菜单',
      },
    },
    en: {
      topmenu: {
        title: 'Top menus',
        setting: 'Menu settings',
        settingOf: 'Menu settings: {{names}}',
        saved: 'Saved',
        own: 'Custom',
        noMenus: 'No menu to show',
        menus: 'Menus shown',
      },
    },
  },
});
