import { defineEntity } from '../../core/schema/entity';

/** Menu categories (dictionary `menu_category`). */
export const MENU = 1;
export const BUTTON = 2;

/**
 * A menu or a button (bladex-contract §3.2 `blade_menu`, §4): the kernel's global table. Menus and buttons
 * declared by plugins are created there at every start (core/server/menu/sync.ts; `plugin` says which);
 * administrators add their own here. `parentId` '0' is the top level. `path` is required for a menu, not
 * for a button (the server checks it; the form follows the category); `plugin` is read-only.
 */
export const menuEntity = defineEntity({
  name: 'menu',
  table: 'blade_menu',
  label: { zh: '菜单', en: 'Menu' },
  permission: 'menu',
  tenant: false,
  audit: false,
  logicalDelete: true,
  api: { base: '/api/blade-system/menu', list: 'list', save: 'submit', removeIds: 'query' },
  sort: { field: 'sort', order: 'asc' },
  // Codes are unique over every row, removed ones too (the table's constraint): the server frees or
  // restores a removed row's code (plugins/menu/README.md).
  unique: [{ fields: ['code'], message: { zh: '菜单编号已存在', en: 'This code already exists' } }],
  fields: {
    name: {
      type: 'string',
      label: { zh: '菜单名称', en: 'Name' },
      required: { zh: '请输入菜单名称', en: 'Please enter the name' },
      maxLength: 255,
      search: 'like',
    },
    nameEn: { type: 'string', label: { zh: '英文名称', en: 'English name' }, maxLength: 255, list: false },
    code: {
      type: 'string',
      label: { zh: '菜单编号', en: 'Code' },
      required: { zh: '请输入菜单编号', en: 'Please enter the code' },
      maxLength: 255,
      // The code is a permission code (`notice_add`): no spaces, nothing a URL or a list would split on.
      pattern: { source: '^[A-Za-z0-9_.:-]+$', message: { zh: '菜单编号只能包含字母、数字和 _ . : -', en: 'The code may hold letters, digits and _ . : - only' } },
      search: 'like',
    },
    alias: {
      type: 'string',
      label: { zh: '菜单别名', en: 'Alias' },
      required: { zh: '请输入菜单别名', en: 'Please enter the alias' },
      maxLength: 255,
      search: 'like',
    },
    path: { type: 'string', label: { zh: '路由地址', en: 'Route' }, maxLength: 255 },
    source: { type: 'string', label: { zh: '菜单图标', en: 'Icon' }, maxLength: 255 },
    category: {
      type: 'select',
      label: { zh: '菜单类型', en: 'Category' },
      options: [
        { value: MENU, label: { zh: '菜单', en: 'Menu' } },
        { value: BUTTON, label: { zh: '按钮', en: 'Button' } },
      ],
      required: { zh: '请选择菜单类型', en: 'Please choose the category' },
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
    sort: {
      type: 'integer',
      label: { zh: '菜单排序', en: 'Order' },
      required: { zh: '请输入菜单排序', en: 'Please enter the order' },
      min: 0,
      max: 99999,
      width: 100,
    },
    parentId: { type: 'id', label: { zh: '上级菜单', en: 'Parent' }, list: false, default: '0', form: { add: false, edit: false, view: false } },
    plugin: { type: 'string', label: { zh: '来源插件', en: 'Plugin' }, maxLength: 64, form: false },
    remark: { type: 'text', label: { zh: '菜单备注', en: 'Remark' }, maxLength: 255, list: false },
  },
});
