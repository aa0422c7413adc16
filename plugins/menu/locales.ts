import type { Language, Messages } from '../../core/i18n';

/** The menu plugin's own texts (field labels and rule messages live in entities.ts). */
export const menuMessages: Record<Language, Messages> = {
  zh: {
    menu: {
      title: '菜单管理',
      addChild: '新增子项',
      top: '顶级',
      own: '自定义',
      declaredBy: '由插件 {{plugin}} 声明：编号和类型不可修改；插件的声明变化后，重启会以声明为准。',
      parentSearch: '搜索上级菜单',
    },
  },
  en: {
    menu: {
      title: 'Menus',
      addChild: 'Add child',
      top: 'Top level',
      own: 'Custom',
      declaredBy: 'Declared by the plugin {{plugin}}: its code and category are fixed; when the declaration changes, a restart applies it.',
      parentSearch: 'Search the parent',
    },
  },
};
