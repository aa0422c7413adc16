import type { ApiScopes } from './auth/api-scope';
import type { AuthUser } from './auth/user';
import type { TokenService } from './auth/jwt';
import type { Db } from './db/types';
import type { Extensions } from './extensions';
import type { IdGenerator } from './ids';
import type { Logs } from './log/entries';
import type { RevokedSessions } from './auth/revoked-sessions';
import type { RateLimiter } from './ratelimit/limiter';
import type { Secrets } from './secrets';
import type { Signals } from './signals/bus';
import type { TenantPlugins } from './tenant/plugins';

/** One HTTP request as the request log keeps it (a JSON line): enough to find it again and see what it cost. */
export interface RequestLogEntry {
  /** When the answer was ready (ISO 8601, UTC). */
  time: string;
  /** The `X-Request-Id` the answer carries (error bodies carry it too). */
  requestId: string;
  method: string;
  /** The route's pattern (`/api/blade-system/user/detail`, `/api/blade-resource/oss/endpoint/file/:name`); null when none matched. */
  route: string | null;
  /** The path asked for, without its query string (which may hold a password: the token endpoint's). */
  path: string;
  status: number;
  /** Milliseconds from the request's arrival to its answer's headers. */
  ms: number;
  /** The signed-in caller's tenant and user id, when there is one. */
  tenant: string | null;
  user: string | null;
  /** The caller's address, as TRUST_PROXY says to read it ('' when unknown). */
  ip: string;
}

export interface Logger {
  info(message: string): void;
  error(message: string, error?: unknown): void;
  /** The request log, one entry per request; a logger without it keeps none (the tests' loggers). */
  request?(entry: RequestLogEntry): void;
}

/** What every server module receives: no module keeps state of its own beyond this. */
export interface ServerContext {
  db: Db;
  ids: IdGenerator;
  /** The clock, injectable so tests can move time (token expiry, lock-out windows, captcha age). */
  now: () => Date;
  tokens: TokenService;
  log: Logger;
  /**
   * The logs kept in the database (API calls, server errors, business events): `logs.usual({...})` records
   * an event; each call returns at once and never throws, the rows are written in batches off the request path.
   */
  logs: Logs;
  /** Ids of the installed plugins (the shell included): menus declared by others are not served. */
  pluginIds: readonly string[];
  /** Which installed plugins each tenant has switched on (read per request, briefly cached). */
  tenantPlugins: TenantPlugins;
  /** The API-scope rows (read per request, cached): call `invalidate(tx)` in the transaction changing them. */
  apiScopes: ApiScopes;
  /** "This changed" between the instances sharing the database, delivered after the commit. */
  signals: Signals;
  /** Sessions ended before their access tokens expire (checked on every request, from memory). */
  revokedSessions: RevokedSessions;
  /** Request counters shared by every instance (per caller, and ceilings): `hit()` throws 429 past a limit. */
  rateLimiter: RateLimiter;
  /** What the installed plugins provide the kernel (names, the organisation tree, new-tenant steps). */
  extensions: Extensions;
  /** Secrets at rest: `seal(purpose, plain)` before storing, `open(purpose, sealed)` when using (null if it is not one). */
  secrets: Secrets;
  /**
   * The tables the platform keeps: every installed plugin's entity tables and those the kernel's and the
   * plugins' SQL migrations create. The developer tools offer the others as material for a new plugin.
   */
  platformTables: ReadonlySet<string>;
  /** The folder the server keeps its data in (DATA_DIR); undefined for an in-memory database, which keeps nothing. */
  dataDir?: string;
}

/** Hono's environment for API routes: the signed-in caller (when the request carried a valid token) and the request's id. */
export interface AppEnv {
  Variables: { user: AuthUser | undefined; requestId: string };
}

export const consoleLogger: Logger = {
  info: (message) => console.log(message),
  error: (message, error) => console.error(message, error),
  // One JSON object a line on stdout, for a log shipper to read without a pattern.
  request: (entry) => console.log(JSON.stringify(entry)),
};

export const silentLogger: Logger = { info: () => undefined, error: () => undefined };
