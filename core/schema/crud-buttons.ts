import type { ButtonDecl } from './manifest';

/**
 * The four buttons of a list screen, `<code>_add|_edit|_delete|_view`, as BladeX seeds them. `roles` are
 * the demo roles the seed grants them to (administrator always has everything).
 */
export function crudButtons(code: string, roles: { add?: string[]; edit?: string[]; delete?: string[]; view?: string[] } = {}): ButtonDecl[] {
  return [
    { code: `${code}_add`, name: { zh: '新增', en: 'Add' }, alias: 'add', icon: 'plus', sort: 1, action: 1, roles: roles.add },
    { code: `${code}_edit`, name: { zh: '修改', en: 'Edit' }, alias: 'edit', icon: 'edit', sort: 2, action: 2, roles: roles.edit },
    { code: `${code}_delete`, name: { zh: '删除', en: 'Delete' }, alias: 'delete', icon: 'delete', sort: 3, action: 3, roles: roles.delete },
    { code: `${code}_view`, name: { zh: '查看', en: 'View' }, alias: 'view', icon: 'eye', sort: 4, action: 2, roles: roles.view },
  ];
}
