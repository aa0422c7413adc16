import { defineEntity } from '../../core/sdk/shared';

/**
 * A top menu, a row of `blade_top_menu`: the kernel's per-tenant table. The plugins' declared
 * top menus are created in every tenant at start (`plugin` says which); a tenant's administrators add their
 * own. What a top menu shows is `blade_top_menu_setting`, set through `topmenu/grant`.
 */
export const topMenuEntity = defineEntity({
  name: 'topmenu',
  table: 'blade_top_menu',
  label: { zh: '顶部菜单', en: 'Top menu' },
  permission: 'topmenu',
  tenant: true,
  audit: true,
  logicalDelete: true,
  api: { base: '/api/blade-system/topmenu', list: 'list', save: 'submit', removeIds: 'query' },
  sort: { field: 'sort', order: 'asc' },
  unique: [{ fields: ['code'], message: { zh: '顶部菜单编号已存在', en: 'This code already exists' } }],
  fields: {
    code: {
      type: 'string',
      label: { zh: '顶部菜单编号', en: 'Code' },
      required: { zh: '请输入顶部菜单编号', en: 'Please enter the code' },
      maxLength: 255,
      search: 'like',
    },
    name: {
      type: 'string',
      label: { zh: '顶部菜单名', en: 'Name' },
      required: { zh: '请输入顶部菜单名', en: 'Please enter the name' },
      maxLength: 255,
      search: 'like',
    },
    nameEn: { type: 'string', label: { zh: '英文名称', en: 'English name' }, maxLength: 255 },
    source: { type: 'string', label: { zh: '顶部菜单图标', en: 'Icon' }, maxLength: 255 },
    sort: {
      type: 'integer',
      label: { zh: '顶部菜单排序', en: 'Order' },
      required: { zh: '请输入顶部菜单排序', en: 'Please enter the order' },
      min: 0,
      max: 99999,
      width: 120,
    },
    plugin: { type: 'string', label: { zh: '来源插件', en: 'Plugin' }, maxLength: 64, writable: 'never', form: false },
  },
});
