import { type ButtonDecl, definePlugin, defineResource } from '../../core/sdk/shared';
import { apiScopeEntity, dataScopeEntity } from './entities';

const setting = (code: string): ButtonDecl => ({ code: `${code}_setting`, name: { zh: '权限配置', en: 'Scopes' }, alias: 'setting', icon: 'setting', sort: 5, action: 2 });

/**
 * 数据权限 and 接口权限 under the shell's 权限管理 group: the menus, each with the scopes attached to it
 * in a drawer. Scopes are global rules every tenant's roles are granted from, so both screens (and their
 * buttons) are the super administrator's only. The screens list the menus through the menu plugin's API,
 * hence `requires`. Field labels and rule messages live in entities.ts.
 */
export default definePlugin({
  id: 'scope',
  name: { zh: '数据与接口权限', en: 'Data and API scopes' },
  requires: ['menu'],
  resources: [
    defineResource({
      entity: dataScopeEntity,
      menu: { parent: 'authority', name: { zh: '数据权限', en: 'Data scopes' }, path: '/authority/datascope', icon: 'filter', sort: 2, administratorOnly: true },
      buttons: [setting('data_scope')],
      screen: () => import('./screens/ScopeScreen').then((m) => ({ default: m.DataScopePage })),
    }),
    defineResource({
      entity: apiScopeEntity,
      menu: { parent: 'authority', name: { zh: '接口权限', en: 'API scopes' }, path: '/authority/apiscope', icon: 'send', sort: 3, administratorOnly: true },
      buttons: [setting('api_scope')],
      screen: () => import('./screens/ScopeScreen').then((m) => ({ default: m.ApiScopePage })),
    }),
  ],
  messages: {
    zh: {
      scope: {
        dataTitle: '数据权限',
        apiTitle: '接口权限',
        configure: '权限配置',
        drawerTitle: '{{menu}} · {{kind}}',
        ruleHint: '规则写法：字段 运算符 值，可用 and / or 连接，可加括号。运算符：= <> != > >= < <= like in。值：数字、\'文本\' 或变量（点击插入）。${deptId}、${roleId} 是列表，配合 in 或 = 使用。',
        ruleExample: "例：create_dept in (${deptId}) or create_user = ${userId}",
        insert: '插入 {{name}}',
      },
    },
    en: {
      scope: {
        dataTitle: 'Data scopes',
        apiTitle: 'API scopes',
        configure: 'Scopes',
        drawerTitle: '{{menu}} · {{kind}}',
        ruleHint: "How to write a rule: column operator value, joined with and / or, parentheses allowed. Operators: = <> != > >= < <= like in. Values: numbers, 'text' or variables (click to insert). ${deptId} and ${roleId} are lists: use them with in or =.",
        ruleExample: "Example: create_dept in (${deptId}) or create_user = ${userId}",
        insert: 'Insert {{name}}',
      },
    },
  },
});
