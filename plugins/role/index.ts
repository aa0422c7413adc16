import { defineEntity, definePlugin, defineResource } from '../../core/sdk/shared';

/**
 * Roles (角色): a tree per tenant on the kernel's table. The alias is what tokens carry (`role_name`) and
 * what the `administrator` / `admin` checks read, so it is unique per tenant and a plain identifier (it
 * goes into a comma-joined claim).
 */
export const roleEntity = defineEntity({
  name: 'role',
  label: { zh: '角色', en: 'Role' },
  audit: false,
  api: { base: '/api/blade-system/role' },
  sort: { field: 'sort', order: 'asc' },
  tree: { title: 'roleName' },
  unique: [{ fields: ['roleAlias'], message: { zh: '角色别名已存在', en: 'This role alias already exists' } }],
  fields: {
    roleName: { type: 'string', label: { zh: '角色名称', en: 'Name' }, required: { zh: '请输入角色名称', en: 'Please enter the role name' }, maxLength: 64, search: 'like' },
    roleAlias: {
      type: 'string',
      label: { zh: '角色别名', en: 'Alias' },
      required: { zh: '请输入角色别名', en: 'Please enter the role alias' },
      maxLength: 64,
      pattern: { source: '^[A-Za-z0-9_-]+$', message: { zh: '角色别名只能包含字母、数字、下划线和中划线', en: 'The alias may contain only letters, digits, _ and -' } },
      search: 'like',
    },
    // Chosen on the screen by adding a child under a row, so the form only shows it.
    parentId: { type: 'id', label: { zh: '上级角色', en: 'Parent' }, list: false, default: '0', writable: 'always', form: { add: false, edit: false, view: false } },
    sort: { type: 'integer', label: { zh: '角色排序', en: 'Order' }, required: true, min: 0, max: 99999 },
  },
});

/** Roles and their grants: the list under 权限管理, and 权限设置 (the grant dialog: menus, data scopes, API scopes). */
export default definePlugin({
  id: 'role',
  name: { zh: '角色管理', en: 'Roles' },
  requires: [],
  // The role tree, for the pickers of plugins that read it with codes of their own (`reads`).
  offers: ['role.tree'],
  resources: [
    defineResource({
      entity: roleEntity,
      menu: { parent: 'authority', icon: 'user-group', sort: 1 },
      buttons: [{ code: 'role_grant', name: { zh: '权限设置', en: 'Permissions' }, alias: 'grant', icon: 'safe', sort: 5, action: 3 }],
      screen: () => import('./screens/RolePage'),
    }),
  ],
  messages: {
    zh: {
      role: {
        title: '角色管理',
        addChild: '新增子项',
        top: '顶级',
        grant: '权限设置',
        grantFor: '权限设置: {{names}}',
        tabMenu: '菜单权限',
        tabData: '数据权限',
        tabApi: '接口权限',
        filter: '输入关键字进行过滤',
        expandAll: '展开全部',
        collapseAll: '折叠全部',
        button: '按钮',
        nothing: '暂无可授予的权限',
        noMatch: '没有匹配的节点',
        grantSuccess: '操作成功',
        administratorOnly: '超级管理员角色仅超级管理员可以设置',
      },
    },
    en: {
      role: {
        title: 'Roles',
        addChild: 'Add child',
        top: 'Top level',
        grant: 'Permissions',
        grantFor: 'Permissions: {{names}}',
        tabMenu: 'Menus',
        tabData: 'Data scopes',
        tabApi: 'API scopes',
        filter: 'Type to filter',
        expandAll: 'Expand all',
        collapseAll: 'Collapse all',
        button: 'Button',
        nothing: 'Nothing to grant',
        noMatch: 'No matching entries',
        grantSuccess: 'Done',
        administratorOnly: 'Only the super administrator may set the super administrator role',
      },
    },
  },
});
