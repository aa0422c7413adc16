import type { SqlParams, Where } from '../crud/sql';
import type { Tx } from '../db/types';
import type { Extensions } from '../extensions';
import { validIds } from '../user/users';
import { parseScopeRule, ruleColumns, scopeRuleSql, type ScopeVariables } from './scope-rule';
import type { AuthUser } from './user';

/**
 * Data scopes: rows of `blade_scope_data` granted to a user's roles
 * (`blade_role_scope`, category 1) limit which rows of a resource its lists return. The resource is named
 * by `resource_code` (a list endpoint passes its entity's permission code). Several rules (several roles)
 * add up: a row is shown when any rule admits it, and one "all" rule lifts the limit. No rule: no limit,
 * as in BladeX. The super administrator is never limited.
 */

export const DATA_SCOPE = { all: 1, own: 2, ownDept: 3, ownDeptAndChildren: 4, custom: 5 } as const;

const IDENT = /^[a-z_][a-z0-9_]*$/;

interface ScopeRow {
  id: string;
  scope_column: string | null;
  scope_type: number;
  scope_value: string | null;
}

/** The rules of the user's roles for a resource (read in the caller's tenant transaction). */
async function rulesOf(tx: Tx, user: AuthUser, resourceCode: string): Promise<ScopeRow[]> {
  const roleIds = validIds(user.roleIds);
  if (roleIds.length === 0) return [];
  return tx.query<ScopeRow>(
    `select distinct d.id, d.scope_column, d.scope_type, d.scope_value
       from blade_scope_data d join blade_role_scope rs on rs.scope_id = d.id and rs.scope_category = 1
      where rs.tenant_id = $1 and rs.role_id = any($2::bigint[]) and d.resource_code = $3 and d.is_deleted = 0 and d.status = 1`,
    [user.tenantId, roleIds, resourceCode],
  );
}

function scopeVariables(user: AuthUser): ScopeVariables {
  return {
    userId: user.userId,
    deptId: user.deptIds,
    roleId: user.roleIds,
    tenantId: user.tenantId,
    account: user.account,
    userName: user.userName,
    roleName: user.roles,
    clientId: user.clientId,
  };
}

/** A column a rule may name; `id`: a bigint id column (compared as such, so its indexes serve). */
export interface ScopeColumn {
  name: string;
  id?: boolean;
}

/** One rule as SQL; a rule naming a column the resource does not have admits nothing (fails closed). */
function ruleSql(rule: ScopeRow, user: AuthUser, columns: ReadonlyMap<string, ScopeColumn>, unitsWithin: readonly string[], p: SqlParams, alias: string): string {
  const fallback = rule.scope_type === DATA_SCOPE.own ? 'create_user' : 'create_dept';
  const name = (rule.scope_column ?? '').trim().toLowerCase() || fallback;
  const known = (c: string) => IDENT.test(c) && columns.has(c);
  const id = columns.get(name)?.id === true;
  const column = `${alias}${name}`;
  const deptIds = validIds([...user.deptIds]);
  switch (rule.scope_type) {
    case DATA_SCOPE.all:
      return 'true';
    case DATA_SCOPE.own:
      if (!known(name) || !user.userId) return 'false';
      return id ? `${column} = ${p.add(user.userId)}::bigint` : `${column}::text = ${p.add(user.userId)}`;
    case DATA_SCOPE.ownDept:
      if (!known(name) || deptIds.length === 0) return 'false';
      return id ? `${column} = any(${p.add(deptIds)}::bigint[])` : `${column}::text = any(${p.add(deptIds)}::text[])`;
    case DATA_SCOPE.ownDeptAndChildren: {
      // The units were resolved before the query: bound as an array, the planner sees what it compares.
      if (!known(name) || unitsWithin.length === 0) return 'false';
      return id ? `${column} = any(${p.add(unitsWithin)}::bigint[])` : `${column}::text = any(${p.add(unitsWithin)}::text[])`;
    }
    case DATA_SCOPE.custom: {
      try {
        const parsed = parseScopeRule(rule.scope_value ?? '');
        if (!ruleColumns(parsed).every(known)) return 'false';
        return scopeRuleSql(parsed, scopeVariables(user), p, alias);
      } catch {
        return 'false';
      }
    }
    default:
      return 'false';
  }
}

/**
 * The condition the user's data scopes put on a list of `resourceCode` whose table has `columns`
 * (undefined: no limit). Pass it as an extra `where` to the CRUD repository's `page` / `rows`.
 */
export async function dataScopeWhere(tx: Tx, user: AuthUser, resourceCode: string, columns: readonly ScopeColumn[], extensions: Pick<Extensions, 'orgUnitsWithin'>, alias = ''): Promise<Where | undefined> {
  if (user.isAdministrator) return undefined;
  const rules = await rulesOf(tx, user, resourceCode);
  if (rules.length === 0 || rules.some((r) => r.scope_type === DATA_SCOPE.all)) return undefined;
  const known = new Map(columns.map((c) => [c.name, c]));
  const own = validIds([...user.deptIds]);
  // Without a plugin that knows the organisation tree, "a department and its children" is the department.
  const unitsWithin = rules.some((r) => r.scope_type === DATA_SCOPE.ownDeptAndChildren) && own.length > 0
    ? validIds(extensions.orgUnitsWithin ? await extensions.orgUnitsWithin(tx, user.tenantId, own) : own)
    : [];
  return (p) => `(${rules.map((r) => ruleSql(r, user, known, unitsWithin, p, alias)).join(' or ')})`;
}
