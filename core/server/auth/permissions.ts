import type { MiddlewareHandler } from 'hono';
import type { AppEnv, ServerContext } from '../context';
import type { Tx } from '../db/types';
import { ApiError } from '../http/errors';
import { MSG } from '../http/messages';
import { validIds } from '../user/users';
import { currentMember } from './middleware';
import type { AuthUser } from './user';

/**
 * Permission codes on the server: a user holds the menu and button codes
 * that `blade_role_menu` grants their roles in their tenant; an `administrator` holds every code. A refusal
 * is HTTP 403 (a 401 would sign the user out in the browser).
 */

export const noPermission = () => new ApiError(403, MSG.noPermission);

/** Every code the user holds (`'all'` for an administrator), read in the caller's tenant transaction. */
export async function grantedCodes(tx: Tx, user: AuthUser): Promise<Set<string> | 'all'> {
  if (user.isAdministrator) return 'all';
  const roleIds = validIds(user.roleIds);
  if (user.isGuest || roleIds.length === 0) return new Set();
  const rows = await tx.query<{ code: string }>(
    `select distinct m.code from blade_role_menu rm join blade_menu m on m.id = rm.menu_id
      where rm.tenant_id = $1 and rm.role_id = any($2::bigint[]) and m.is_deleted = 0 and m.administrator_only = 0`,
    [user.tenantId, roleIds],
  );
  return new Set(rows.map((r) => r.code));
}

/**
 * Does the user hold one of these codes? With `withButtons`, holding a button of one of the menus counts
 * too (a list screen is readable by whoever may add, edit, delete or view on it).
 */
export async function hasPermission(tx: Tx, user: AuthUser, codes: string | readonly string[], options: { withButtons?: boolean } = {}): Promise<boolean> {
  if (user.isAdministrator) return true;
  const roleIds = validIds(user.roleIds);
  if (user.isGuest || roleIds.length === 0) return false;
  const list = typeof codes === 'string' ? [codes] : [...codes];
  const buttons = options.withButtons
    ? ` or m.parent_id in (select p.id from blade_menu p where p.code = any($3::varchar[]) and p.category = 1 and p.is_deleted = 0)`
    : '';
  const row = await tx.one<{ found: number }>(
    `select 1 as found from blade_role_menu rm join blade_menu m on m.id = rm.menu_id
      where rm.tenant_id = $1 and rm.role_id = any($2::bigint[]) and m.is_deleted = 0 and m.administrator_only = 0
        and (m.code = any($3::varchar[])${buttons})
      limit 1`,
    [user.tenantId, roleIds, list],
  );
  return !!row;
}

/** Throws 403 `没有权限执行此操作` unless the user holds one of the codes. */
export async function assertPermission(tx: Tx, user: AuthUser, codes: string | readonly string[], options: { withButtons?: boolean } = {}): Promise<void> {
  if (!(await hasPermission(tx, user, codes, options))) throw noPermission();
}

/** Throws 403 unless the caller is an administrator (global data such as system dictionaries). */
export function assertAdministrator(user: AuthUser): void {
  if (!user.isAdministrator) throw noPermission();
}

/**
 * A route guard: `api.post('/x/remove', requirePermission(ctx, 'x_delete'), handler)`. Needs a signed-in
 * member (not a guest); checks in its own short tenant transaction.
 */
export function requirePermission(ctx: ServerContext, codes: string | readonly string[], options: { withButtons?: boolean } = {}): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const user = currentMember(c);
    if (!user.isAdministrator) await ctx.db.tenant(user.tenantId, (tx) => assertPermission(tx, user, codes, options));
    await next();
  };
}
