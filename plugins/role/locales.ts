import type { Language, Messages } from '../../core/i18n';

/** The role plugin's own texts (field labels and rule messages live in entities.ts). */
export const roleMessages: Record<Language, Messages> = {
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
};
