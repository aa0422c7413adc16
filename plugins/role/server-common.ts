import { actorIn, addressedTenant, ADMIN_TENANT, assertPermission, type AuthUser, bizError, formatError, isBigintId, type LocalText, type ServerContext, type Tx } from '../../core/sdk/server';
import { roleEntity } from './index';

/**
 * What the hand-written role endpoints share: the messages (in both languages; the Chinese ones are
 * BladeX's where it has them), which tenant a call addresses, and the permission check done in the
 * caller's own tenant before the work runs in the addressed one.
 */

export const ADMINISTRATOR_ALIAS = 'administrator';
/**
 * Aliases only the super administrator may give a role: `administrator` holds every code, and menu sync
 * grants every new menu and button to the roles aliased `admin` (a tenant's own administrator).
 */
export const RESERVED_ALIASES: readonly string[] = [ADMINISTRATOR_ALIAS, 'admin'];

export const MSG = {
  administratorRole: { zh: '无权操作超级管理员角色', en: 'You may not change the super administrator role' },
  administratorElsewhere: { zh: '角色别名 administrator 仅可用于管理组租户 000000', en: "The role alias administrator exists only in the administrators' tenant 000000" },
  reservedAlias: (alias: string): LocalText => ({ zh: `角色别名 ${alias} 为系统保留,仅超级管理员可用`, en: `The role alias ${alias} is reserved for the super administrator` }),
  roleMissing: (id: string): LocalText => ({ zh: `角色不存在: ${id}`, en: `No such role: ${id}` }),
  menuMissing: (id: string): LocalText => ({ zh: `菜单不存在: ${id}`, en: `No such menu: ${id}` }),
  menuAdministratorOnly: (code: string): LocalText => ({ zh: `不能授予仅超级管理员可用的菜单或按钮: ${code}`, en: `Menus and buttons of the super administrator cannot be granted: ${code}` }),
  menuNotEnabled: (code: string): LocalText => ({ zh: `当前租户未开通该菜单所属功能: ${code}`, en: `Your tenant does not have the feature of this menu: ${code}` }),
  menuNotHeld: (code: string): LocalText => ({ zh: `不能授予自己没有的菜单或按钮: ${code}`, en: `You cannot grant a menu or button you do not hold: ${code}` }),
  menuNotGrantable: (code: string): LocalText => ({ zh: `该菜单不可授予: ${code}`, en: `This menu cannot be granted: ${code}` }),
  scopeMissing: (kind: ScopeKind, id: string): LocalText => ({ zh: `${SCOPE_LABEL[kind].zh}不存在: ${id}`, en: `No such ${SCOPE_LABEL[kind].en}: ${id}` }),
  scopeNotHeld: (kind: ScopeKind, name: string): LocalText => ({ zh: `不能授予自己没有的${SCOPE_LABEL[kind].zh}: ${name}`, en: `You cannot grant a ${SCOPE_LABEL[kind].en} you do not hold: ${name}` }),
  scopeNotGrantable: (kind: ScopeKind, name: string): LocalText => ({ zh: `该${SCOPE_LABEL[kind].zh}不可授予: ${name}`, en: `This ${SCOPE_LABEL[kind].en} cannot be granted: ${name}` }),
} as const;

export type ScopeKind = 'data' | 'api';
const SCOPE_LABEL: Record<ScopeKind, LocalText> = { data: { zh: '数据权限', en: 'data scope' }, api: { zh: '接口权限', en: 'API scope' } };

export const isAdministratorAlias = (alias: unknown) => typeof alias === 'string' && alias.trim().toLowerCase() === ADMINISTRATOR_ALIAS;
export const isReservedAlias = (alias: string) => RESERVED_ALIASES.includes(alias.trim().toLowerCase());

/** Only an administrator of tenant 000000 may address another tenant. */
export const addressesTenants = (user: AuthUser) => user.isAdministrator && user.tenantId === ADMIN_TENANT;

/** The tenant an administrator of 000000 asks for (`tenantId`), else the caller's own (the ask is ignored). */
export const targetTenant = (user: AuthUser, asked: unknown): string => addressedTenant(roleEntity, user, asked);

/**
 * Checks `codes` in the caller's own tenant, then runs `work` in the addressed one (its own transaction,
 * under that tenant's row-level security).
 */
export async function inTenant<T>(
  ctx: ServerContext,
  user: AuthUser,
  tenantId: string,
  codes: string | readonly string[],
  work: (tx: Tx, actor: AuthUser) => Promise<T>,
  options: { withButtons?: boolean } = {},
): Promise<T> {
  if (tenantId === user.tenantId) {
    return ctx.db.tenant(tenantId, async (tx) => {
      await assertPermission(tx, user, codes, options);
      return work(tx, user);
    });
  }
  await ctx.db.tenant(user.tenantId, (tx) => assertPermission(tx, user, codes, options));
  return ctx.db.tenant(tenantId, (tx) => work(tx, actorIn(user, tenantId)));
}

export interface RoleRef {
  id: string;
  role_alias: string | null;
}

/** Live roles of the tenant among `ids`. */
export async function rolesIn(tx: Tx, tenantId: string, ids: readonly string[]): Promise<RoleRef[]> {
  if (ids.length === 0) return [];
  return tx.query<RoleRef>(`select id::text as id, role_alias from blade_role where tenant_id = $1 and is_deleted = 0 and id = any($2::bigint[])`, [tenantId, [...ids]]);
}

/**
 * The roles a grant or key look-up names: each must be a live role of the tenant (another tenant's is as
 * if it did not exist), and the super administrator's role is the super administrator's alone.
 */
export async function assertRoles(tx: Tx, user: AuthUser, tenantId: string, ids: readonly string[]): Promise<RoleRef[]> {
  const roles = await rolesIn(tx, tenantId, ids);
  const found = new Set(roles.map((r) => r.id));
  const missing = ids.find((id) => !found.has(id));
  if (missing) throw bizError(MSG.roleMissing(missing));
  if (!user.isAdministrator && roles.some((r) => isAdministratorAlias(r.role_alias))) throw bizError(MSG.administratorRole);
  return roles;
}

/** Throws `请求参数格式错误: <name>` unless every id fits a bigint. */
export function assertBigints(ids: readonly string[], name: string): void {
  if (!ids.every(isBigintId)) throw bizError(formatError(name));
}
