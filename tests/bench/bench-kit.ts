/**
 * What the benches that fill a database share: where a size's data lives (a PGlite folder or a
 * PostgreSQL database of its own, both kept between runs), filling it once per recipe and size (a comment
 * on a table says what it holds), `VACUUM ANALYZE` after, which databases to measure (BENCH_DATABASES,
 * BENCH_DATABASE_URL else TEST_DATABASE_URL), and timing calls one after the other (p50 / p95 / p99).
 */
import { mkdirSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import pg from 'pg';
import { loadServerPlugins } from '../../app/server-plugins';
import { silentLogger } from '../../core/server/context';
import type { Tx } from '../../core/server/db/types';
import { openServer, type OpenServer } from '../../core/server/start';

/** Where a size's data lives: what `openServer` and the server process are given. */
export interface BenchTarget {
  database: 'PGlite' | 'PostgreSQL';
  dataDir?: string;
  databaseUrl?: string;
  /** Environment of the server process. */
  env: Record<string, string>;
}

/** Ids far above the snowflake ids the server makes (≈2.1e18), so bench rows never collide with real ones. */
export const ID_BASE = '8000000000000000000';

export const TOKEN_SECRET = 'bench-secret-bench-secret-bench-secret';

/** A PGlite data folder under the system's temporary folder (`folder`: what and what size), kept between runs. */
export function pgliteAt(folder: string): BenchTarget {
  const dataDir = join(tmpdir(), 'card-admin-bench', folder);
  mkdirSync(dataDir, { recursive: true });
  return { database: 'PGlite', dataDir, env: { DATA_DIR: dataDir, BLADE_TOKEN_SECRET: TOKEN_SECRET } };
}

/**
 * A PostgreSQL database `<name>_<suffix>` beside the one `url` names, made when missing and kept; when the
 * role may not create databases, that database itself (filled again whenever what it holds changes).
 */
export async function postgresBeside(url: string, suffix: string): Promise<BenchTarget> {
  const base = new URL(url);
  const name = `${base.pathname.slice(1) || 'postgres'}_${suffix}`.toLowerCase().replace(/[^a-z0-9_]/g, '_');
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  let databaseUrl = url;
  try {
    const exists = await admin.query('select 1 from pg_database where datname = $1', [name]);
    if (exists.rowCount === 0) await admin.query(`create database ${name}`);
    const own = new URL(url);
    own.pathname = `/${name}`;
    databaseUrl = own.toString();
  } catch {
    // No CREATEDB: the given database.
  } finally {
    await admin.end();
  }
  return { database: 'PostgreSQL', databaseUrl, env: { DATABASE_URL: databaseUrl, BLADE_TOKEN_SECRET: TOKEN_SECRET } };
}

/**
 * The targets to measure, `kind` and `size` naming their data (`orders`, 1M → `orders-pglite-1000000`,
 * `<db>_orders_1000000`): PGlite and PostgreSQL unless BENCH_DATABASES names one; PostgreSQL only with a URL.
 */
export function benchTargets(kind: string, size: number, log: (line: string) => void): (() => Promise<BenchTarget>)[] {
  const databaseUrl = process.env.BENCH_DATABASE_URL || process.env.TEST_DATABASE_URL || undefined;
  const only = (process.env.BENCH_DATABASES ?? 'pglite,postgres').toLowerCase();
  const targets: (() => Promise<BenchTarget>)[] = [];
  if (only.includes('pglite')) targets.push(async () => pgliteAt(`${kind}-pglite-${size}`));
  if (only.includes('postgres')) {
    if (databaseUrl) targets.push(() => postgresBeside(databaseUrl, `${kind}_${size}`));
    else log('  PostgreSQL: skipped (set BENCH_DATABASE_URL or TEST_DATABASE_URL to measure it)');
  }
  return targets;
}

/** `VACUUM ANALYZE` of `tables` (outside a transaction, which the server's database layer always opens): statistics, and the visibility map index-only scans rely on. */
export async function vacuum(target: BenchTarget, tables: readonly string[]): Promise<void> {
  if (target.databaseUrl) {
    const client = new pg.Client({ connectionString: target.databaseUrl });
    await client.connect();
    try {
      for (const table of tables) await client.query(`vacuum analyze ${table}`);
    } finally {
      await client.end();
    }
    return;
  }
  const db = await PGlite.create({ dataDir: join(target.dataDir!, 'pglite'), extensions: { pg_trgm } });
  try {
    for (const table of tables) await db.exec(`vacuum analyze ${table}`);
  } finally {
    await db.close();
  }
}

/** The server of a target, in process, migrated as `npm start` would (so the indexes of the code being measured exist). */
export const openBenchServer = async (target: BenchTarget): Promise<OpenServer> =>
  openServer({ dataDir: target.dataDir, databaseUrl: target.databaseUrl, distDir: null, plugins: await loadServerPlugins(), log: silentLogger, tokenSecret: TOKEN_SECRET });

export interface LoadOnce<T> {
  /** The table whose comment says what the database holds. */
  table: string;
  /** What it must hold (a recipe and a size): when the comment differs, `load` fills it and the comment is set. */
  mark: string;
  /** Tables to vacuum afterwards (default: `table`). */
  vacuum?: readonly string[];
  /** Always run, with `stale` true when the data must be made (again); what it returns is handed back. */
  load: (server: OpenServer, stale: boolean) => Promise<T>;
}

/** Brings the target to what `mark` names, once: a second run finds it and starts at once. */
export async function loadOnce<T>(target: BenchTarget, options: LoadOnce<T>): Promise<{ seeded: boolean; seconds: number; value: T }> {
  const started = Date.now();
  const server = await openBenchServer(target);
  let seeded = false;
  let value: T;
  try {
    const note = await server.ctx.db.system((tx) => tx.one<{ note: string | null }>(`select obj_description('${options.table}'::regclass, 'pg_class') as note`));
    seeded = note?.note !== options.mark;
    value = await options.load(server, seeded);
    if (seeded) await server.ctx.db.system((tx) => tx.exec(`comment on table ${options.table} is '${options.mark}'`));
  } finally {
    await server.close();
  }
  await vacuum(target, options.vacuum ?? [options.table]);
  return { seeded, seconds: (Date.now() - started) / 1000, value };
}

const CHUNK = 100_000;

/**
 * Replaces the bench rows of `table` (ids from ID_BASE) with `count` rows, inserted by `insert(tx, first,
 * last)` for rows first..last (1-based) in chunks of 100,000, one transaction each: an embedded database
 * keeps a transaction's changes in memory.
 */
export async function fillInChunks(server: OpenServer, table: string, count: number, insert: (tx: Tx, first: number, last: number) => Promise<unknown>): Promise<void> {
  await server.ctx.db.system((tx) => tx.query(`delete from ${table} where id >= $1::bigint`, [ID_BASE]));
  for (let from = 0; from < count; from += CHUNK) await server.ctx.db.system((tx) => insert(tx, from + 1, Math.min(count, from + CHUNK)));
}

/** The line that opens a target's figures: how its data came to be, and how busy the machine is. */
export function readyLine(target: BenchTarget, prepared: { seeded: boolean; seconds: number }): string {
  const load = loadavg().map((n) => n.toFixed(1)).join(' ');
  return `\n  ${target.database} (${prepared.seeded ? 'loaded' : 'kept from an earlier run'}, ready in ${prepared.seconds.toFixed(1)} s; load average ${load} on ${cpus().length} cores)`;
}

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;

/** Milliseconds with one decimal, right-aligned in `width`. */
export const ms = (value: number, width = 7) => value.toFixed(1).padStart(width);

export interface Timing {
  p50: number;
  p95: number;
  p99: number;
  /** Answers not ok or not `success`. */
  errors: number;
  /** The first answer's `data.total` (-1 when it has none). */
  total: number;
}

/** `calls` requests one after the other (after a tenth of them unmeasured, `i` negative): their latencies. */
export async function time(calls: number, send: (i: number) => Promise<Response>): Promise<Timing> {
  const latencies: number[] = [];
  let errors = 0;
  let total: number | undefined;
  const warmup = Math.ceil(calls / 10);
  for (let i = -warmup; i < calls; i++) {
    const started = performance.now();
    const res = await send(i);
    const body = (await res.json()) as { success?: boolean; data?: { total?: number } };
    total ??= Number(body.data?.total ?? -1);
    if (i < 0) continue;
    latencies.push(performance.now() - started);
    if (!res.ok || !body.success) errors++;
  }
  latencies.sort((a, b) => a - b);
  return { p50: percentile(latencies, 50), p95: percentile(latencies, 95), p99: percentile(latencies, 99), errors, total: total ?? -1 };
}
