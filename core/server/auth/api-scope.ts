import type { MiddlewareHandler } from 'hono';
import type { AppEnv, ServerContext } from '../context';
import type { Db, Tx } from '../db/types';
import { signalCache } from '../signals/cache';
import type { Signals } from '../signals/bus';
import { validIds } from '../user/users';
import { pathMatches } from './access';
import { noPermission } from './permissions';

/**
 * API scopes: an administrator declares `blade_scope_api` rows, each a path
 * (`/blade-system/param`); a request whose path contains one of them is allowed only to a user whose roles
 * were granted one of the rows that cover it (`blade_role_scope`, category 2). A path no row covers is left
 * to the permission codes. The super administrator is never limited, and the paths a session needs to
 * exist at all (sign-in, the user's own menus and profile) are never covered.
 */

export interface ApiScopes {
  /** Ids of the API scopes whose path the request path (below /api) contains. */
  covering(path: string): Promise<string[]>;
  /** Inside the transaction that changes the rows: every instance reads them again once it commits. */
  invalidate(tx: Tx): Promise<void>;
}

export const API_SCOPES_CHANGED = 'blade_api_scopes';
/** Only a safety net: a change reaches every instance's cache through the signal bus at once. */
const TTL_MS = 60_000;
const ROWS = 'rows';

export function createApiScopes(db: Db, signals: Signals, options: { ttlMs?: number } = {}): ApiScopes {
  const cache = signalCache<{ id: string; path: string }[]>(signals, API_SCOPES_CHANGED, { ttlMs: options.ttlMs ?? TTL_MS });
  const load = () =>
    cache.get(ROWS, () =>
      db.global((tx) =>
        tx.query<{ id: string; path: string }>(`select id::text as id, scope_path as path from blade_scope_api where is_deleted = 0 and status = 1 and scope_path <> ''`),
      ),
    );
  return {
    async covering(path) {
      return (await load()).filter((r) => path.includes(r.path)).map((r) => r.id);
    },
    invalidate: (tx) => cache.invalidate(tx),
  };
}

/** What every signed-in member may call whatever the API scopes say. */
export const SESSION_PATHS: readonly string[] = [
  '/blade-user/info',
  '/blade-user/update-info',
  '/blade-user/update-password',
  '/blade-user/password-rule',
  '/blade-system/plugin/enabled',
];

/** The guard, after authentication: 403 `没有权限执行此操作` when a covering scope is not granted. */
export function apiScopeGuard(ctx: ServerContext, exempt: readonly string[]): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const user = c.get('user');
    const path = c.req.path.replace(/^\/api(?=\/)/, '');
    if (user && !user.isAdministrator && !user.isGuest && !pathMatches(exempt, path)) {
      const covering = await ctx.apiScopes.covering(path);
      if (covering.length > 0) {
        const roleIds = validIds(user.roleIds);
        const granted = roleIds.length
          ? await ctx.db.tenant(user.tenantId, (tx) =>
              tx.one<{ found: number }>(
                `select 1 as found from blade_role_scope where tenant_id = $1 and scope_category = 2 and role_id = any($2::bigint[]) and scope_id = any($3::bigint[]) limit 1`,
                [user.tenantId, roleIds, covering],
              ),
            )
          : undefined;
        if (!granted) throw noPermission();
      }
    }
    await next();
  };
}
