import { join } from 'node:path';
import type { Hono } from 'hono';
import type { EntityDef } from '../schema/entity';
import { shellManifest } from '../schema/shell-manifest';
import { createApp } from './app';
import { createApiScopes } from './auth/api-scope';
import { createRevokedSessions } from './auth/revoked-sessions';
import { createTokenService } from './auth/jwt';
import { loadTokenSecret } from './auth/token-secret';
import { consoleLogger, type Logger, type ServerContext } from './context';
import { runMigrations, tablesOf, type MigrationSet } from './db/migrate';
import { openPg } from './db/pg';
import { openPglite, type PgliteDb } from './db/pglite';
import { secureTables } from './db/rls';
import type { Db, Tx } from './db/types';
import { collectExtensions, NO_EXTENSIONS, type CreatedTenant } from './extensions';
import { leaseWorkerId, type LeasedIdGenerator } from './ids';
import { kernelJobs } from './kernel-jobs';
import { createLogWriter } from './log/writer';
import { syncMenus } from './menu/sync';
import type { ServerPlugin } from './plugin';
import { createRateLimiter } from './ratelimit/limiter';
import { declaredRateRules, rateLimitsFromEnv, RULE_NAMES, type RateLimitSettings } from './ratelimit/rules';
import { readParameters } from './parameters';
import { checkServerPlugins } from './registry';
import { serverClock } from './clock';
import { startJobs } from './jobs';
import { kernelMigrationSet, workerLeaseTable } from './seed/kernel-migrations';
import { createSecrets } from './secrets';
import { createSignalBus } from './signals/bus';
import { pgListener } from './signals/pg-listener';
import { createTenantPlugins } from './tenant/plugins';

/** The entities whose tables a plugin keeps (each is synced with its definition at start). */
function storedEntities(plugin: ServerPlugin): readonly EntityDef[] {
  return (plugin.entities ?? []).filter((entity) => entity.syncTable !== false);
}

export interface OpenOptions {
  /** Real PostgreSQL (through `pg`); else embedded PGlite. */
  databaseUrl?: string;
  /** Folder for PGlite (`<dataDir>/pglite`) and the generated token secret. */
  dataDir?: string;
  /** PGlite in memory (tests); nothing is written to disk. */
  memory?: boolean;
  /** Start the in-memory PGlite from this `dumpDataDir()` tarball. */
  loadDataDir?: Blob;
  /** Signing secret; default BLADE_TOKEN_SECRET, else DATA_DIR/token-secret. */
  tokenSecret?: string;
  /** The built browser app (null: API only). */
  distDir?: string | null;
  plugins?: readonly ServerPlugin[];
  log?: Logger;
  now?: () => Date;
  /** Request rate limits; default RATE_LIMITS (empty: the defaults, `off`, or `rule=limit,…`). */
  rateLimits?: RateLimitSettings;
}

export interface OpenServer {
  app: Hono;
  ctx: ServerContext;
  /** The PGlite instance's dump, when the database is PGlite. */
  dump?: () => Promise<Blob>;
  close(): Promise<void>;
}

async function openDb(options: OpenOptions): Promise<Db & Partial<Pick<PgliteDb, 'dump'>>> {
  if (options.databaseUrl) return openPg(options.databaseUrl);
  if (options.memory || !options.dataDir) return openPglite({ loadDataDir: options.loadDataDir });
  return openPglite({ dataDir: join(options.dataDir, 'pglite') });
}

/**
 * Opens the database, brings its schema up to date (kernel, then plugins), locks every tenant table
 * behind row-level security, seeds on first start, syncs the menus from the manifests (and lets each plugin
 * sync what it keeps for the others' declarations), and builds the app.
 * Every step is idempotent, so a restart (or a second instance) finds everything as it left it.
 */
export async function openServer(options: OpenOptions = {}): Promise<OpenServer> {
  // Conflicts between plugins (ids, codes, requires, parents) stop the start before the database opens.
  const plugins = checkServerPlugins(shellManifest, options.plugins ?? []);
  const manifests = [shellManifest, ...plugins.map((p) => p.manifest)];
  // Tests pass a clock of their own; a server process takes the system's, moved only by CLOCK_OFFSET_MS.
  const clock = options.now ? { now: options.now, offsetMs: 0 } : serverClock(process.env);
  const now = clock.now;
  const log = options.log ?? consoleLogger;
  const secret = options.tokenSecret ?? loadTokenSecret({ env: process.env.BLADE_TOKEN_SECRET, dataDir: options.memory ? undefined : options.dataDir });
  const rateRules = declaredRateRules(plugins.map((p) => ({ id: p.manifest.id, rules: p.rateRules })));
  const rateLimits = options.rateLimits ?? rateLimitsFromEnv(process.env.RATE_LIMITS, [...RULE_NAMES, ...Object.keys(rateRules)]);
  const opened = await openDb(options);
  // Every transaction goes through the bus's db, so what it publishes is delivered here after its commit.
  const signals = createSignalBus(opened, { transport: options.databaseUrl ? pgListener(options.databaseUrl, log) : undefined, log });
  const db = signals.db;
  let ids: LeasedIdGenerator | undefined;
  try {
    // The worker id first: every id from here on (seeds, menus) is this process's own.
    const leaseTable = await runMigrations(db, [{ owner: 'kernel', migrations: [workerLeaseTable] }]);
    ids = await leaseWorkerId(db, { log, sole: !options.databaseUrl });
    const ctx: ServerContext = {
      db,
      ids,
      now,
      tokens: createTokenService(secret, now),
      log,
      logs: createLogWriter({
        db,
        ids,
        log,
        now,
        recordsApi: process.env.API_LOG !== 'off',
        apiEnabled: async (tx, tenantId) => (await readParameters(ctx.extensions, tx, tenantId, ['apiLogEnabled'])).apiLogEnabled,
      }),
      pluginIds: manifests.map((m) => m.id),
      tenantPlugins: createTenantPlugins(db, signals, manifests),
      apiScopes: createApiScopes(db, signals),
      signals,
      revokedSessions: createRevokedSessions(db, signals, now),
      rateLimiter: createRateLimiter({ db, now, log, settings: rateLimits, declared: rateRules }),
      extensions: NO_EXTENSIONS,
      secrets: createSecrets(secret),
      platformTables: new Set(),
      dataDir: options.memory ? undefined : options.dataDir,
    };
    ctx.extensions = collectExtensions(
      plugins.map((p) => ({ id: p.manifest.id, provides: p.provides, reads: p.manifest.reads, onTenantCreated: p.onTenantCreated && ((tx: Tx, t: CreatedTenant) => p.onTenantCreated!(tx, t, ctx)) })),
    );
    const sets: MigrationSet[] = [
      { owner: 'kernel', migrations: kernelMigrationSet(ids) },
      ...plugins.map((p) => ({
        owner: p.manifest.id,
        migrations: p.migrations ?? [],
        entities: storedEntities(p),
        seed: p.seed ? (tx: Tx) => p.seed!(tx, ctx) : undefined,
      })),
    ];
    ctx.platformTables = tablesOf([{ owner: 'kernel', migrations: [workerLeaseTable] }, ...sets]);
    const applied = [...leaseTable, ...(await runMigrations(db, sets))];
    if (applied.length > 0) ctx.log.info(`Applied ${appliedSummary(applied)}`);
    if (clock.offsetMs !== 0) ctx.log.info(`The clock runs ${clock.offsetMs} ms ahead of the system's (CLOCK_OFFSET_MS): a test server.`);
    await secureTables(db);
    await syncMenus(db, ids, manifests, ctx.extensions.topMenus);
    for (const plugin of plugins) {
      if (plugin.sync) await db.system((tx) => plugin.sync!(tx, ctx, manifests));
    }
    // After the migrations: the caches' first load reads their tables.
    await signals.start();
    const app = createApp(ctx, plugins, options.distDir ?? null);
    const jobs = startJobs(ctx, [...kernelJobs.map((job) => ({ owner: 'kernel', job })), ...plugins.flatMap((p) => (p.jobs ?? []).map((job) => ({ owner: p.manifest.id, job })))]);
    const leased = ids;
    return {
      app,
      ctx,
      dump: opened.dump,
      async close() {
        await jobs.stop();
        // What the last requests and jobs logged, while the database is still open.
        await ctx.logs.close();
        await signals.close();
        await leased.release();
        await db.close();
      },
    };
  } catch (error) {
    await signals.close().catch(() => undefined);
    await ids?.release();
    await db.close().catch(() => undefined);
    throw error;
  }
}

/**
 * What a start changed in the schema, one count per owner in their order (`kernel 10, dict 12, …`): a
 * first start makes about a hundred tables and indexes, whose names (kept in `schema_migrations`) would
 * bury the address the newcomer is looking for.
 */
function appliedSummary(applied: readonly string[]): string {
  const counts = new Map<string, number>();
  for (const step of applied) {
    const owner = step.slice(0, step.indexOf('/'));
    counts.set(owner, (counts.get(owner) ?? 0) + 1);
  }
  const owners = [...counts].map(([owner, n]) => `${owner} ${n}`).join(', ');
  return applied.length <= 3 ? applied.join(', ') : `${applied.length} schema steps (${owners})`;
}
