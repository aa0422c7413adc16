import { defineEntity, type Option } from '../../core/sdk/shared';

/** BladeX's seeded dictionary `data_scope_type`, as fixed choices: the column is an integer. */
export const DATA_SCOPE_TYPES: Option[] = [
  { value: 1, label: { zh: '全部可见', en: 'All rows' } },
  { value: 2, label: { zh: '本人可见', en: 'Own rows' } },
  { value: 3, label: { zh: '所在机构可见', en: 'Own department' } },
  { value: 4, label: { zh: '所在机构及子级可见', en: 'Own department and below' } },
  { value: 5, label: { zh: '自定义', en: 'Custom rule' } },
];

/** Dictionary `api_scope_type`. */
export const API_SCOPE_TYPES: Option[] = [
  { value: 1, label: { zh: '系统接口', en: 'System API' } },
  { value: 2, label: { zh: '业务接口', en: 'Business API' } },
];

/** The custom data scope type: the only one whose rule (`scopeValue`) is used. */
export const CUSTOM_SCOPE = 5;
/** The message when a custom scope has no rule (the field is required for that type only). */
export const RULE_REQUIRED = { zh: '请输入规则值', en: 'Please enter the rule' };

/** The own-rows type, whose default column is the creator. */
export const OWN_SCOPE = 2;

/** The column a data scope filters on when none is given (BladeX: create_dept; own rows: create_user). */
export function defaultScopeColumn(scopeType: unknown): string {
  return Number(scopeType) === OWN_SCOPE ? 'create_user' : 'create_dept';
}

const menuId = {
  type: 'id' as const,
  label: { zh: '菜单', en: 'Menu' },
  required: { zh: '请选择菜单', en: 'Please choose the menu' },
  list: false,
  // The drawer's menu: given by the screen, never typed; checked by the server. A scope stays on its menu.
  writable: 'create' as const,
  form: false,
};

/** What a scope applies to: an entity's permission code (the menu's code by default). */
const resourceCode = {
  type: 'string' as const,
  label: { zh: '资源编号', en: 'Resource code' },
  required: { zh: '请输入资源编号', en: 'Please enter the resource code' },
  maxLength: 255,
  search: 'like' as const,
};

/**
 * Data scopes (rows of `blade_scope_data`): rules attached to a menu, limiting which
 * rows of a resource (an entity's permission code) the roles granted them see in its lists. Global rows
 * (no tenant), the kernel's table; written by the super administrator only.
 */
export const dataScopeEntity = defineEntity({
  name: 'dataScope',
  table: 'blade_scope_data',
  label: { zh: '数据权限', en: 'Data scope' },
  permission: 'data_scope',
  tenant: false,
  audit: true,
  logicalDelete: true,
  api: { base: '/api/blade-system/data-scope', list: 'list', save: 'submit', removeIds: 'query' },
  fields: {
    menuId,
    scopeName: {
      type: 'string',
      label: { zh: '权限名称', en: 'Name' },
      required: { zh: '请输入数据权限名称', en: 'Please enter the data scope name' },
      maxLength: 255,
      search: 'like',
    },
    resourceCode,
    scopeType: {
      type: 'select',
      label: { zh: '规则类型', en: 'Rule type' },
      required: { zh: '请选择数据权限类型', en: 'Please choose the data scope type' },
      options: DATA_SCOPE_TYPES,
      default: 1,
      search: 'equal',
    },
    scopeColumn: {
      type: 'string',
      label: { zh: '权限字段', en: 'Column' },
      maxLength: 255,
      pattern: { source: '^[a-z_][a-z0-9_]*$', message: { zh: '权限字段只能包含小写字母、数字和下划线，且不能以数字开头', en: 'Lower-case letters, digits and underscores, not starting with a digit' } },
      default: 'create_dept',
    },
    scopeField: { type: 'string', label: { zh: '可见字段', en: 'Visible fields' }, maxLength: 255, default: '*', list: false },
    scopeClass: { type: 'string', label: { zh: '权限类名', en: 'Mapper method' }, maxLength: 500, list: false },
    scopeValue: { type: 'text', label: { zh: '规则值', en: 'Custom rule' }, maxLength: 2000, list: false },
    remark: { type: 'text', label: { zh: '备注', en: 'Remark' }, maxLength: 255, list: false },
  },
});

/**
 * API scopes (rows of `blade_scope_api`): a path (below /api) that, once declared, only
 * the roles granted this scope may call. Global rows, the kernel's table; super administrator only.
 */
export const apiScopeEntity = defineEntity({
  name: 'apiScope',
  table: 'blade_scope_api',
  label: { zh: '接口权限', en: 'API scope' },
  permission: 'api_scope',
  tenant: false,
  audit: true,
  logicalDelete: true,
  api: { base: '/api/blade-system/api-scope', list: 'list', save: 'submit', removeIds: 'query' },
  fields: {
    menuId,
    scopeName: {
      type: 'string',
      label: { zh: '接口名称', en: 'Name' },
      required: { zh: '请输入接口权限名称', en: 'Please enter the API scope name' },
      maxLength: 255,
      search: 'like',
    },
    resourceCode,
    scopePath: {
      type: 'string',
      label: { zh: '接口路径', en: 'API path' },
      required: { zh: '请输入接口权限路径', en: 'Please enter the API path' },
      maxLength: 255,
      pattern: { source: '^/\\S+$', message: { zh: '接口路径须以 / 开头，且不能包含空格', en: 'A path starts with / and has no spaces' } },
      search: 'like',
      span: 24,
    },
    scopeType: {
      type: 'select',
      label: { zh: '接口类型', en: 'API type' },
      required: { zh: '请选择接口权限类型', en: 'Please choose the API type' },
      options: API_SCOPE_TYPES,
      default: 1,
      search: 'equal',
    },
    remark: { type: 'text', label: { zh: '备注', en: 'Remark' }, maxLength: 255, list: false },
  },
});
