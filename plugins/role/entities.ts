import { defineEntity } from '../../core/schema/entity';

/** Aliases go into the token's comma-joined `role_name` claim: letters, digits, `_` and `-` only. */
export const ROLE_ALIAS_PATTERN = '^[A-Za-z0-9_-]+$';

/**
 * Roles (角色, SPEC §6; bladex-contract §3.2 `blade_role`): a tree per tenant on the kernel's table. The
 * alias is what tokens carry (`role_name`) and what `administrator` / `admin` checks read, so it is unique
 * per tenant and restricted to a plain identifier.
 */
export const roleEntity = defineEntity({
  name: 'role',
  table: 'blade_role',
  label: { zh: '角色', en: 'Role' },
  permission: 'role',
  tenant: true,
  audit: false,
  logicalDelete: true,
  api: { base: '/api/blade-system/role', list: 'list', save: 'submit', removeIds: 'query' },
  sort: { field: 'sort', order: 'asc' },
  unique: [{ fields: ['roleAlias'], message: { zh: '角色别名已存在', en: 'This role alias already exists' } }],
  fields: {
    roleName: {
      type: 'string',
      label: { zh: '角色名称', en: 'Name' },
      required: { zh: '请输入角色名称', en: 'Please enter the role name' },
      maxLength: 64,
      search: 'like',
    },
    roleAlias: {
      type: 'string',
      label: { zh: '角色别名', en: 'Alias' },
      required: { zh: '请输入角色别名', en: 'Please enter the role alias' },
      maxLength: 64,
      pattern: {
        source: ROLE_ALIAS_PATTERN,
        message: { zh: '角色别名只能包含字母、数字、下划线和中划线', en: 'The alias may contain only letters, digits, _ and -' },
      },
      search: 'like',
    },
    parentId: { type: 'id', label: { zh: '上级角色', en: 'Parent' }, list: false, default: '0', form: { add: false, edit: false, view: false } },
    sort: {
      type: 'integer',
      label: { zh: '角色排序', en: 'Order' },
      required: { zh: '请输入角色排序', en: 'Please enter the order' },
      min: 0,
      max: 99999,
    },
  },
});
