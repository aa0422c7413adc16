import { defineEntity } from '../../../core/sdk/shared';

/**
 * How the scope screens read the menu plugin's `GET /api/blade-system/menu/menu-list` (a tree of the
 * menus, buttons left out, filters name and code): only what the kit needs to search and draw it. The
 * screens never write menus.
 */
export const scopeMenuEntity = defineEntity({
  name: 'scopeMenu',
  table: 'blade_menu',
  label: { zh: '菜单', en: 'Menu' },
  permission: 'menu',
  tenant: false,
  audit: false,
  logicalDelete: true,
  api: { base: '/api/blade-system/menu', list: 'list', save: 'submit', removeIds: 'query' },
  fields: {
    name: { type: 'string', label: { zh: '菜单名称', en: 'Menu' }, maxLength: 255, search: 'like' },
    code: { type: 'string', label: { zh: '菜单编号', en: 'Code' }, maxLength: 255, search: 'like' },
    path: { type: 'string', label: { zh: '路由地址', en: 'Route' }, maxLength: 255 },
    sort: { type: 'integer', label: { zh: '排序', en: 'Order' }, width: 80 },
  },
});
