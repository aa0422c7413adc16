import type { Language, Messages } from '../../core/sdk/browser';

/** The scope plugin's own texts (field labels and rule messages live in entities.ts). */
export const scopeMessages: Record<Language, Messages> = {
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
};
