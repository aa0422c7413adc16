/**
 * Which API paths (below /api) need what. Everything else needs a signed-in user's token: a new route is
 * protected unless it is listed here (plugins add theirs through `publicPaths`).
 */

/** Answered without a token (BladeX gateway skip list, narrowed to what we serve). */
export const PUBLIC_PATHS: readonly string[] = [
  '/blade-auth/oauth/token',
  '/blade-auth/oauth/token/refresh',
  '/blade-auth/oauth/captcha',
  '/blade-auth/oauth/render/*',
  '/blade-auth/oauth/logout', // revokes the session when a token comes with it
  '/blade-auth/oauth/clear-cache',
  '/blade-system/tenant/info',
  '/blade-resource/oss/endpoint/file/*', // <img src>: the unguessable name is the credential
];

/** What a guest token (third-party identity, not yet a user) may call besides the public paths. */
export const GUEST_PATHS: readonly string[] = [
  '/blade-user/register-guest',
  '/blade-user/password-rule',
  '/blade-auth/oauth/user-info',
  '/blade-system/menu/routes',
  '/blade-system/menu/buttons',
  '/blade-system/menu/top-menu',
  '/blade-log/client-error/submit',
];

/** Exact paths, or prefixes written `/prefix/*`. */
export function pathMatches(patterns: readonly string[], path: string): boolean {
  return patterns.some((p) => (p.endsWith('/*') ? path.startsWith(p.slice(0, -1)) : path === p));
}
