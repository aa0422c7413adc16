import { Hono, type MiddlewareHandler } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { GUEST_PATHS, PUBLIC_PATHS } from './auth/access';
import { apiScopeGuard, SESSION_PATHS } from './auth/api-scope';
import { authenticate } from './auth/middleware';
import { authRoutes } from './auth/routes';
import type { AppEnv, ServerContext } from './context';
import { apiNotFound, bizError, errorHandler } from './http/errors';
import { compression } from './http/compression';
import { apiHeaders, securityHeaders } from './http/headers';
import { healthRoutes } from './http/health';
import { inputGuard } from './http/input-guard';
import { requestLog } from './http/request-log';
import { MSG } from './http/messages';
import { languageMiddleware } from './i18n';
import { logRoutes } from './log/routes';
import { menuRoutes } from './menu/routes';
import { apiDocsRoutes, API_DOCS_PATHS } from './openapi/routes';
import { ossRoutes, UPLOAD_BODY_LIMITS } from './oss/routes';
import type { ServerPlugin } from './plugin';
import { rateLimitRequests } from './ratelimit/middleware';
import { mountPlugins } from './registry';
import { mountBrowserApp } from './static';
import { tenantRoutes } from './tenant/routes';
import { userRoutes } from './user/routes';

/** Request bodies above this are refused before a handler reads them (uploads set their own limit). */
const MAX_BODY = 1024 * 1024;

/**
 * The cap on a request's body, applied while it streams in: MAX_BODY, or an upload route's own (the kernel's,
 * or a plugin's `bodyLimits`). It must
 * come before anything reads the body (the input guard reads it whole), so an upload route's larger cap
 * replaces this one rather than following it.
 */
function bodyLimits(plugins: readonly ServerPlugin[]): MiddlewareHandler {
  const standard = bodyLimit({ maxSize: MAX_BODY, onError: () => { throw bizError(MSG.tooLarge); } });
  const uploads = new Map(
    [UPLOAD_BODY_LIMITS, ...plugins.map((p) => p.bodyLimits ?? {})].flatMap((limits) => Object.entries(limits)).map(([path, { maxSize, message }]) => [`/api${path}`, bodyLimit({ maxSize, onError: () => { throw bizError(message); } })]),
  );
  return (c, next) => (uploads.get(c.req.path) ?? standard)(c, next);
}

/**
 * The HTTP application: `/api/*` (kernel routes, then each plugin's, given in dependency order) and the
 * browser app around it.
 */
export function createApp(ctx: ServerContext, plugins: readonly ServerPlugin[], distDir: string | null): Hono {
  const api = new Hono<AppEnv>();
  const publicPaths = [...PUBLIC_PATHS, ...API_DOCS_PATHS, ...plugins.flatMap((p) => p.publicPaths ?? [])];
  api.use('*', languageMiddleware);
  api.use('*', apiHeaders);
  api.use('*', bodyLimits(plugins));
  api.use('*', inputGuard);
  healthRoutes(api, ctx, plugins);
  const beforeAuthentication = api.routes.length; // the routes above answer without a token
  api.use(
    '*',
    authenticate(ctx, {
      publicPaths,
      guestPaths: GUEST_PATHS,
    }),
  );
  api.use('*', rateLimitRequests(ctx));
  api.use('*', apiScopeGuard(ctx, [...publicPaths, ...GUEST_PATHS, ...SESSION_PATHS]));
  authRoutes(api, ctx);
  userRoutes(api, ctx);
  menuRoutes(api, ctx);
  tenantRoutes(api, ctx);
  ossRoutes(api, ctx);
  logRoutes(api, ctx);
  // Each plugin's routes behind its tenant switch; overlapping paths are refused at start.
  const owners = mountPlugins(api, ctx, plugins);
  // Last: the API description reads the route table, every route above included.
  apiDocsRoutes(api, { owners, plugins, publicPaths, guestPaths: GUEST_PATHS, beforeAuthentication });

  const app = new Hono();
  app.use('*', requestLog(ctx.log, ctx.logs, ctx.now));
  app.use('*', securityHeaders);
  app.use('*', compression);
  const onError = errorHandler(ctx.log);
  api.onError(onError);
  app.onError(onError);
  app.route('/api', api);
  // Where a balancer's probe is usually pointed: answered, not mistaken for a page of the browser app.
  healthRoutes(app, ctx, plugins);
  mountBrowserApp(app, distDir);
  app.notFound((c) => (c.req.path.startsWith('/api') ? apiNotFound(c) : c.text('Not Found', 404)));
  return app;
}
