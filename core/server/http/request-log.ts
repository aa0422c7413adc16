import { randomUUID } from 'node:crypto';
import type { Context, MiddlewareHandler } from 'hono';
import { matchedRoutes } from 'hono/route';
import type { AuthUser } from '../auth/user';
import type { Logger } from '../context';
import type { Logs } from '../log/entries';
import { recordRequest } from '../log/request-entries';
import { clientIp } from './client-ip';
import { replaceResponse, setResponseHeader } from './replace-response';

/**
 * Every request gets an id: the client's `X-Request-Id` when it is a sane token (a proxy or a caller that
 * wants to follow its own request), else a fresh UUID. The id is echoed in the answer's header and in every
 * error body (`requestId` beside the R envelope's fields), and the request leaves one line in the request
 * log, so a user's "it failed" with the id in hand leads to the line, and the error logged beside it.
 */
export const REQUEST_ID_HEADER = 'X-Request-Id';

/** What is taken from a client as an id: printable, no spaces or quotes, short enough for a log line. */
export const SANE_REQUEST_ID = /^[A-Za-z0-9._:@/+=-]{1,128}$/;

/** Error answers larger than this are passed on as they are (no error body is; an export's failure could be). */
const MAX_ERROR_BODY = 64 * 1024;

/** The id of the request `c` (set by `requestLog`; '' outside it, as in a bare Hono app in a test). */
export function requestIdOf(c: Context): string {
  const id: unknown = c.get('requestId');
  return typeof id === 'string' ? id : '';
}

/** The client's id when sane, else a new one. */
export function chooseRequestId(sent: string | undefined): string {
  return sent && SANE_REQUEST_ID.test(sent) ? sent : randomUUID();
}

/**
 * The pattern of the endpoint that answered, or would have (a middleware refused first: authentication,
 * a permission): routes registered for a method, not middleware (`ALL`) nor a catch-all (`*`, which
 * answers paths nothing else knows). Hono leaves `routeIndex` at the last handler that ran.
 */
function routePattern(c: Context): string | null {
  const routes = matchedRoutes(c);
  const endpoint = (i: number) => routes[i] !== undefined && routes[i].method !== 'ALL' && !routes[i].path.endsWith('*');
  for (let i = Math.max(0, c.req.routeIndex); i < routes.length; i++) if (endpoint(i)) return routes[i]!.path;
  return null;
}

/** `requestId` added to a JSON error body (an object), as its last field so the R envelope's order stays BladeX's. */
async function withRequestId(res: Response, id: string): Promise<Response> {
  if (!/\bjson\b/i.test(res.headers.get('content-type') ?? '')) return res;
  const length = Number(res.headers.get('content-length') ?? 0);
  if (length > MAX_ERROR_BODY) return res;
  const text = await res.text();
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    body = undefined;
  }
  const headers = new Headers(res.headers);
  headers.delete('content-length');
  const json = typeof body === 'object' && body !== null && !Array.isArray(body) && !('requestId' in body) ? JSON.stringify({ ...body, requestId: id }) : text;
  return new Response(json, { status: res.status, statusText: res.statusText, headers });
}

/**
 * Installed first on the whole app: the request id, its header and error bodies, the log line written
 * when the answer is ready, and (given `logs`) the request's rows in the API log and, for an unexpected
 * failure, the error log: queued here, written off the request path. `log.request` is read per request,
 * so a logger may gain one after start (tests).
 */
export function requestLog(log: Logger, logs?: Logs, now: () => Date = () => new Date()): MiddlewareHandler {
  return async (c, next) => {
    const started = performance.now();
    const id = chooseRequestId(c.req.header(REQUEST_ID_HEADER));
    c.set('requestId', id);
    await next();
    if (c.res.status >= 400) replaceResponse(c, await withRequestId(c.res, id));
    setResponseHeader(c, REQUEST_ID_HEADER, id);
    const ms = Math.round((performance.now() - started) * 10) / 10;
    const route = logs || log.request ? routePattern(c) : null;
    // A log entry that cannot be made must not fail the request it describes.
    if (logs) {
      const failed = (error: unknown) => log.error(`${c.req.method} ${c.req.path} (${id}): its log entry could not be made`, error);
      try {
        const pending = recordRequest(c, logs, { route, ms, status: c.res.status, time: now() });
        if (pending) await pending.catch(failed);
      } catch (error) {
        failed(error);
      }
    }
    if (!log.request) return;
    const user = c.get('user') as AuthUser | undefined;
    log.request({
      time: new Date().toISOString(),
      requestId: id,
      method: c.req.method,
      route,
      path: c.req.path,
      status: c.res.status,
      ms,
      tenant: user?.tenantId ?? null,
      user: user ? user.userId || user.oauthId || null : null,
      ip: clientIp(c),
    });
  };
}
