import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Hono } from 'hono';
import type { TokenBody } from './auth/issue';
import { hashPassword, md5 } from './auth/password';
import type { Logger, ServerContext } from './context';
import type { ServerPlugin } from './plugin';
import { entityTableParts } from './crud/columns';
import { kernelMigrationSource } from './seed/kernel-migrations';
import { insertRole } from './seed/kernel-seed';
import { scaledLimits, type RateLimitSettings } from './ratelimit/rules';
import { openServer, type OpenOptions as ServerOptions, type OpenServer } from './start';
import { openPglite } from './db/pglite';
import { builtOnce } from '../testing/built-once';
import { ADMIN_TENANT, insertTenant } from './tenant/tenants';
import { insertUser, USER_APPROVED } from './user/users';

/**
 * The reference server in-process on an in-memory PGlite, for `*.server.test.ts` files and plugin tests.
 * Calls go through `app.request()` (no port). A first start (initdb, migrations, seed) costs 5 to 10 s, so
 * the first test file that needs a schema saves a snapshot of the migrated, seeded database in the OS temp
 * folder, keyed by the schema and seed code, and the others start from it in about 1 s. Share one server
 * per test file.
 */
/**
 * The limit of a test that makes whole first starts (initdb, every migration and seed) instead of starting
 * from a snapshot: 20 s each on an idle machine, minutes on a loaded one. Such a test is mostly PGlite,
 * which answers without letting the event loop turn, so the watchdog enforces it.
 */
export const FIRST_START_LIMIT_MS = 300_000;

export const CLIENT_BASIC = `Basic ${Buffer.from('saber:saber_secret').toString('base64')}`;

export interface CallOptions {
  /** Access token, sent as `Blade-Auth: bearer …`. */
  token?: string;
  query?: Record<string, string | number | undefined>;
  json?: unknown;
  /** Raw body (e.g. FormData, or a broken JSON string). */
  body?: BodyInit;
  headers?: Record<string, string>;
  /** The caller's address, as the socket would give it (none by default, as in-process). */
  ip?: string;
}

export interface CallResult<T = any> {
  status: number;
  body: T;
  headers: Headers;
}

export interface TestServer {
  app: Hono;
  ctx: ServerContext;
  /** Errors the server logged (a 500 logs one); tests assert on it instead of reading the console. */
  logged: string[];
  /** Moves the server's clock forward (token expiry, lock-out windows, captcha age). */
  advance(ms: number): void;
  call<T = any>(method: string, path: string, options?: CallOptions): Promise<CallResult<T>>;
  get<T = any>(path: string, options?: CallOptions): Promise<CallResult<T>>;
  post<T = any>(path: string, options?: CallOptions): Promise<CallResult<T>>;
  /** POST /api/blade-auth/oauth/token with the `saber` client; params go in the query string as Saber sends them. */
  token(params: Record<string, string>, headers?: Record<string, string>, options?: Pick<CallOptions, 'ip'>): Promise<CallResult<TokenBody & { error_description?: string; error_code?: number }>>;
  /** Signs in with the password grant and returns the token body; throws when refused. */
  signIn(account: string, password: string, tenantId?: string): Promise<TokenBody>;
  /**
   * A tenant with its administrator role (alias `admin`, granted every menu and button that is not the
   * super administrator's alone, as a new tenant's is) and a `user` role; returns their ids.
   */
  addTenant(tenantId: string, name?: string): Promise<{ userRoleId: string; adminRoleId: string }>;
  /**
   * A role in a tenant granted exactly these menu/button codes (they must be declared by a mounted
   * manifest); returns its id.
   */
  addRole(r: { tenantId: string; alias: string; codes: readonly string[]; name?: string }): Promise<string>;
  /** An approved user in a tenant with the given role id; returns the user id. */
  addUser(u: { tenantId: string; account: string; password: string; roleId: string; realName?: string; deptIds?: string[] }): Promise<string>;
  close(): Promise<void>;
}

const SNAPSHOT_VERSION = 2;

/**
 * The plugin folder's server-side sources (tests aside), when it is one of the project's: a seed that
 * calls helpers in other files, or images it ships, change the seeded data without changing the seed's
 * own text.
 */
function pluginSourceDigest(id: string): string | undefined {
  const folder = join(process.cwd(), 'plugins', id);
  if (!/^[a-z][a-z0-9-]*$/.test(id) || !existsSync(folder)) return undefined;
  const hash = createHash('sha256');
  const files = (readdirSync(folder, { recursive: true }) as string[])
    .filter((f) => !/\.test\.tsx?$|\.tsx$|(^|[\\/])(screens|home|locales)[\\/]/.test(f))
    .sort();
  for (const file of files) {
    const path = join(folder, file);
    if (statSync(path).isFile()) hash.update(file).update(readFileSync(path));
  }
  return hash.digest('hex');
}

/** What the database a test server starts on is made of: the schema, the seed and the code they run. */
export function schemaKey(plugins: readonly ServerPlugin[]): string {
  return createHash('sha256')
    .update(JSON.stringify({ v: SNAPSHOT_VERSION, kernel: kernelMigrationSource(), hash: hashPassword.toString() }))
    .update(
      JSON.stringify(
        plugins.map((p) => ({
          id: p.manifest.id,
          migrations: p.migrations?.map((m) => ({ id: m.id, sql: m.sql, run: m.run?.toString() })),
          tables: p.entities?.filter((e) => e.syncTable !== false).map(entityTableParts),
          seed: p.seed?.toString(),
          files: pluginSourceDigest(p.manifest.id),
        })),
      ),
    )
    .digest('hex')
    .slice(0, 16);
}

/** The embedded engine's version: an initdb of another version is another cluster. */
function pgliteVersion(): string {
  const manifest = join(process.cwd(), 'node_modules', '@electric-sql', 'pglite', 'package.json');
  return existsSync(manifest) ? (JSON.parse(readFileSync(manifest, 'utf8')) as { version: string }).version : 'unknown';
}

const SNAPSHOT_NAME = /^card-admin-pglite-[\w.-]+\.tar$/;

/** Snapshots of older code are 40 MB each: drop the ones nobody used for a day. */
function pruneSnapshots(keep: string): void {
  const dayAgo = Date.now() - 86_400_000;
  for (const name of readdirSync(tmpdir())) {
    const path = join(tmpdir(), name);
    if (!SNAPSHOT_NAME.test(name) || path === keep) continue;
    try {
      if (statSync(path).atimeMs < dayAgo) rmSync(path, { force: true });
    } catch {
      // another test file pruned it first
    }
  }
}

/**
 * A snapshot file as PGlite reads a tarball, which asks only for its bytes: a Blob would copy its 40 to
 * 130 MB once more (and Node reads a Blob back in small chunks), about a second of each test file.
 */
function tarball(file: string): Blob {
  const bytes = readFileSync(file);
  const whole = bytes.byteOffset === 0 && bytes.byteLength === bytes.buffer.byteLength ? bytes.buffer : bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength);
  return { type: 'application/x-tar', arrayBuffer: async () => whole } as unknown as Blob;
}

/**
 * An empty PGlite cluster just after initdb, which every snapshot starts from: initdb is the dearest part
 * of a first start (about 5 s), and the same whatever the schema, so a run pays it once.
 */
async function initdbSnapshot(): Promise<Blob> {
  const file = join(tmpdir(), `card-admin-pglite-initdb-${pgliteVersion()}.tar`);
  await builtOnce(file, async (temporary) => {
    const db = await openPglite();
    try {
      writeFileSync(temporary, new Uint8Array(await (await db.dump()).arrayBuffer()));
    } finally {
      await db.close();
    }
  });
  return tarball(file);
}

/**
 * The server on an in-memory PGlite from the snapshot of this schema, made (once per schema, whichever
 * test file asks first; the others wait for it) by migrating and seeding the initdb snapshot.
 */
async function openFromSnapshot(common: Omit<ServerOptions, 'loadDataDir'>, plugins: readonly ServerPlugin[]): Promise<OpenServer> {
  // By the day too: the demo seed dates its records from the clock ("today's orders"), in local time.
  const now = new Date();
  const day = `${now.getFullYear()}${String(now.getMonth() + 1).padStart(2, '0')}${String(now.getDate()).padStart(2, '0')}`;
  const file = join(tmpdir(), `card-admin-pglite-${schemaKey(plugins)}-${day}.tar`);
  let built: OpenServer | undefined;
  await builtOnce(file, async (temporary) => {
    built = await openServer({ ...common, loadDataDir: await initdbSnapshot() });
    writeFileSync(temporary, new Uint8Array(await (await built.dump!()).arrayBuffer()));
  });
  pruneSnapshots(file);
  return built ?? openServer({ ...common, loadDataDir: tarball(file) });
}

/**
 * In-process calls come from no address, so every call of a test file is one caller to the rate limits:
 * by default they run with each limit 100 times the server's, still counted. A test of the limits
 * themselves passes `rateLimits: {}` (the server's defaults).
 */
export const TEST_RATE_LIMITS = scaledLimits(100);

/**
 * `databaseUrl`: an empty PostgreSQL database to run on instead (migrated and seeded there, no snapshot),
 * for what only a real server shows, such as transactions running side by side.
 */
export async function createTestServer(options: { plugins?: readonly ServerPlugin[]; rateLimits?: RateLimitSettings; databaseUrl?: string } = {}): Promise<TestServer> {
  const plugins = options.plugins ?? [];
  const logged: string[] = [];
  const log: Logger = {
    info: () => undefined,
    error: (message, error) => logged.push(`${message} ${error instanceof Error ? error.message : String(error ?? '')}`),
  };
  let offset = 0;
  const now = () => new Date(Date.now() + offset);
  const common = { memory: true, plugins, log, now, tokenSecret: 'test-secret-test-secret-test-secret-test-secret', distDir: null, rateLimits: options.rateLimits ?? TEST_RATE_LIMITS };

  const server = options.databaseUrl
    ? await openServer({ ...common, memory: false, databaseUrl: options.databaseUrl })
    : await openFromSnapshot(common, plugins);
  const { app, ctx } = server;

  async function call<T>(method: string, path: string, o: CallOptions = {}): Promise<CallResult<T>> {
    const url = new URL(path, 'http://test.local');
    for (const [k, v] of Object.entries(o.query ?? {})) if (v !== undefined) url.searchParams.set(k, String(v));
    const headers = new Headers(o.headers);
    if (o.token) headers.set('Blade-Auth', `bearer ${o.token}`);
    let body = o.body ?? null;
    if (o.json !== undefined) {
      headers.set('Content-Type', 'application/json');
      body = JSON.stringify(o.json);
    }
    // A plain object: happy-dom's Request drops headers given as a Headers instance (browser-side tests).
    const socket = o.ip === undefined ? undefined : { incoming: { socket: { remoteAddress: o.ip } } };
    const res = await app.request(url.pathname + url.search, { method, headers: Object.fromEntries(headers), body }, socket);
    const text = await res.text();
    let parsed: unknown = text;
    try {
      parsed = JSON.parse(text);
    } catch {
      // not JSON (static files, images)
    }
    return { status: res.status, body: parsed as T, headers: res.headers };
  }

  const token: TestServer['token'] = (params, headers = {}, options = {}) =>
    call('POST', '/api/blade-auth/oauth/token', {
      query: { tenantId: ADMIN_TENANT, scope: 'all', ...params },
      headers: { Authorization: CLIENT_BASIC, 'Tenant-Id': params.tenantId ?? ADMIN_TENANT, ...headers },
      ip: options.ip,
    });

  return {
    app,
    ctx,
    logged,
    advance: (ms) => void (offset += ms),
    call,
    get: (path, o) => call('GET', path, o),
    post: (path, o) => call('POST', path, o),
    token,
    async signIn(account, password, tenantId = ADMIN_TENANT) {
      const res = await token({ tenantId, username: account, password: md5(password), grant_type: 'password' });
      if (res.status !== 200 || !res.body.access_token) throw new Error(`sign-in of ${account} refused: ${JSON.stringify(res.body)}`);
      return res.body;
    },
    async addTenant(tenantId, name = `租户${tenantId}`) {
      return ctx.db.system(async (tx) => {
        await insertTenant(tx, ctx.ids, { tenantId, tenantName: name });
        const adminRoleId = await insertRole(tx, ctx.ids, { tenantId, name: '管理员', alias: 'admin', sort: 1 });
        const userRoleId = await insertRole(tx, ctx.ids, { tenantId, name: '用户', alias: 'user', sort: 2 });
        const menus = await tx.query<{ id: string }>('select id from blade_menu where is_deleted = 0 and administrator_only = 0');
        for (const menu of menus) {
          await tx.query('insert into blade_role_menu (id, tenant_id, menu_id, role_id) values ($1, $2, $3, $4)', [ctx.ids.next(), tenantId, menu.id, adminRoleId]);
        }
        return { userRoleId, adminRoleId };
      });
    },
    async addRole(r) {
      return ctx.db.system(async (tx) => {
        const menus = await tx.query<{ id: string; code: string }>('select id, code from blade_menu where code = any($1::varchar[]) and is_deleted = 0', [[...r.codes]]);
        const unknown = r.codes.filter((code) => !menus.some((m) => m.code === code));
        if (unknown.length > 0) throw new Error(`addRole(): unknown menu/button code(s) ${unknown.join(', ')}`);
        const roleId = await insertRole(tx, ctx.ids, { tenantId: r.tenantId, name: r.name ?? r.alias, alias: r.alias, sort: 50 });
        for (const menu of menus) {
          await tx.query('insert into blade_role_menu (id, tenant_id, menu_id, role_id) values ($1, $2, $3, $4)', [ctx.ids.next(), r.tenantId, menu.id, roleId]);
        }
        return roleId;
      });
    },
    async addUser(u) {
      const passwordHash = await hashPassword(md5(u.password));
      return ctx.db.system((tx) =>
        insertUser(tx, ctx.ids, {
          tenantId: u.tenantId,
          account: u.account,
          passwordHash,
          name: u.account,
          realName: u.realName ?? u.account,
          roleIds: [u.roleId],
          deptIds: u.deptIds,
          status: USER_APPROVED,
        }),
      );
    },
    close: () => server.close(),
  };
}
