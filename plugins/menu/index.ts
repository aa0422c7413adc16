import { defineEntity, definePlugin, defineResource } from '../../core/sdk/shared';

/** Menu categories (dictionary `menu_category`). */
export const MENU = 1;
export const BUTTON = 2;

/**
 * A menu or a button: the kernel's table, every tenant's. Menus and buttons declared by plugins are
 * written there at every start (`plugin` says which); administrators add their own here. A tree: `parentId`
 * '0' is the top level; the buttons of equal order stay in the order they were declared. `path` is
 * required for a menu, not for a button (the server checks it; the form follows the category).
 */
export const menuEntity = defineEntity({
  name: 'menu',
  label: { zh: '菜单', en: 'Menu' },
  tenant: false,
  audit: false,
  api: { base: '/api/blade-system/menu' },
  sort: { field: 'sort', order: 'asc', ties: 'oldest' },
  tree: { title: 'name' },
  // Codes are unique over every row, removed ones too (the table's constraint): the server frees or
  // restores a removed row's code (README.md).
  unique: [{ fields: ['code'], message: { zh: '菜单编号已存在', en: 'This code already exists' } }],
  fields: {
    name: { type: 'string', label: { zh: '菜单名称', en: 'Name' }, required: true, maxLength: 255, search: 'like' },
    nameEn: { type: 'string', label: { zh: '英文名称', en: 'English name' }, maxLength: 255, list: false },
    code: {
      type: 'string',
      label: { zh: '菜单编号', en: 'Code' },
      required: true,
      maxLength: 255,
      // The code is a permission code (`notice_add`): no spaces, nothing a URL or a list would split on.
      pattern: { source: '^[A-Za-z0-9_.:-]+$', message: { zh: '菜单编号只能包含字母、数字和 _ . : -', en: 'The code may hold letters, digits and _ . : - only' } },
      search: 'like',
    },
    alias: { type: 'string', label: { zh: '菜单别名', en: 'Alias' }, required: true, maxLength: 255, search: 'like' },
    path: { type: 'string', label: { zh: '路由地址', en: 'Route' }, maxLength: 255 },
    source: { type: 'string', label: { zh: '菜单图标', en: 'Icon' }, maxLength: 255 },
    category: {
      type: 'select',
      label: { zh: '菜单类型', en: 'Category' },
      options: [
        { value: MENU, label: { zh: '菜单', en: 'Menu' } },
        { value: BUTTON, label: { zh: '按钮', en: 'Button' } },
      ],
      required: true,
      default: MENU,
    },
    action: {
      type: 'select',
      label: { zh: '按钮功能', en: 'Button position' },
      // Dictionary `button_func` (1–3) and 0 for none, as BladeX stores it.
      options: [
        { value: 0, label: { zh: '无', en: 'None' } },
        { value: 1, label: { zh: '工具栏', en: 'Toolbar' } },
        { value: 2, label: { zh: '操作栏', en: 'Row' } },
        { value: 3, label: { zh: '工具操作栏', en: 'Toolbar and row' } },
      ],
      default: 0,
      list: false,
    },
    isOpen: {
      type: 'select',
      label: { zh: '新窗口', en: 'New window' },
      // Dictionary `yes_no`: 1 否, 2 是 (a menu whose path is a URL opens in a new window).
      options: [
        { value: 1, label: { zh: '否', en: 'No' } },
        { value: 2, label: { zh: '是', en: 'Yes' } },
      ],
      default: 1,
      list: false,
    },
    sort: { type: 'integer', label: { zh: '菜单排序', en: 'Order' }, required: true, min: 0, max: 99999, width: 100 },
    // Chosen in the dialog with the menu tree (the screen shows it), or by adding a child under a row.
    parentId: { type: 'id', label: { zh: '上级菜单', en: 'Parent' }, list: false, default: '0', writable: 'always', form: { add: false, edit: false, view: false } },
    plugin: { type: 'string', label: { zh: '来源插件', en: 'Plugin' }, maxLength: 64, writable: 'never', form: false },
    remark: { type: 'text', label: { zh: '菜单备注', en: 'Remark' }, maxLength: 255, list: false },
  },
});

/**
 * Menus (菜单管理): the menu and button table every tenant shares, so the screen and its buttons are the
 * super administrator's only (a tenant's own `admin` never sees them, whatever was granted).
 */
export default definePlugin({
  id: 'menu',
  name: { zh: '菜单管理', en: 'Menus' },
  resources: [
    defineResource({ entity: menuEntity, menu: { parent: 'system', icon: 'menu', sort: 4, administratorOnly: true }, screen: () => import('./screens/MenuPage') }),
  ],
  messages: {
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
  },
});
