import type { Context, MiddlewareHandler } from 'hono';
import type { AppEnv, ServerContext } from '../context';
import { forbidden, unauthorized } from '../http/errors';
import { pathMatches } from './access';
import { userFromClaims, type AuthUser } from './user';

/**
 * `Blade-Auth: bearer <jwt>`, only ever from the header: a token in a URL would be kept by logs, proxies
 * and browser history.
 */
export function bearerToken(value: string | undefined): string {
  const match = /^bearer\s+(\S+)$/i.exec(value?.trim() ?? '');
  return match ? match[1] : '';
}

/**
 * Reads the caller from the token on every API request. A token whose session has ended (sign-out, its
 * user disabled or removed, a password change elsewhere, a replayed refresh token) is no token. Protected
 * paths without a valid token answer 401 `请求未授权` (the browser signs out); a guest token reaches only
 * the guest paths (403 elsewhere, so the guest is not signed out while registering).
 */
export function authenticate(ctx: ServerContext, access: { publicPaths: readonly string[]; guestPaths: readonly string[] }): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const path = c.req.path.replace(/^\/api(?=\/)/, '');
    const token = bearerToken(c.req.header('blade-auth'));
    const claims = token ? ctx.tokens.verifyAccess(token) : null;
    const ended = claims ? await ctx.revokedSessions.isRevoked(claims.tenant_id, claims.sid) : false;
    const user = claims && !ended ? userFromClaims(claims) : undefined;
    c.set('user', user);
    if (!pathMatches(access.publicPaths, path)) {
      if (!user) throw unauthorized();
      if (user.isGuest && !pathMatches(access.guestPaths, path)) throw forbidden();
    }
    await next();
  };
}

/** The signed-in caller of a protected route. */
export function currentUser(c: Context<AppEnv>): AuthUser {
  const user = c.get('user');
  if (!user) throw unauthorized();
  return user;
}

/** The caller, who must be a real user (not a guest). */
export function currentMember(c: Context<AppEnv>): AuthUser {
  const user = currentUser(c);
  if (user.isGuest || !user.userId) throw forbidden();
  return user;
}
