import type { ApiScopes } from './auth/api-scope';
import type { AuthUser } from './auth/user';
import type { TokenService } from './auth/jwt';
import type { Db } from './db/types';
import type { Extensions } from './extensions';
import type { IdGenerator } from './ids';
import type { RevokedSessions } from './auth/revoked-sessions';
import type { Signals } from './signals/bus';
import type { TenantPlugins } from './tenant/plugins';

export interface Logger {
  info(message: string): void;
  error(message: string, error?: unknown): void;
}

/** What every server module receives: no module keeps state of its own beyond this. */
export interface ServerContext {
  db: Db;
  ids: IdGenerator;
  /** The clock, injectable so tests can move time (token expiry, lock-out windows, captcha age). */
  now: () => Date;
  tokens: TokenService;
  log: Logger;
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
  /** What the installed plugins provide the kernel (names, the organisation tree, new-tenant steps). */
  extensions: Extensions;
}

/** Hono's environment for API routes: the signed-in caller, when the request carried a valid token. */
export interface AppEnv {
  Variables: { user: AuthUser | undefined };
}

export const consoleLogger: Logger = {
  info: (message) => console.log(message),
  error: (message, error) => console.error(message, error),
};

export const silentLogger: Logger = { info: () => undefined, error: () => undefined };
