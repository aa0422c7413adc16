import type { Language, Messages } from '../../core/sdk/browser';

/** The top-menu plugin's own texts (field labels and rule messages live in entities.ts). */
export const topmenuMessages: Record<Language, Messages> = {
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
};
