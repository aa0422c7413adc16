/**
 * Server throughput and latency of a paged, filtered list on 100,000 rows (issue 3, "Measured, not
 * asserted"): `GET /api/blade-system/param/list?current=N&size=10&paramName=…` through the real HTTP stack
 * (`tsx app/server.ts` in a child process, so the load generator does not share its CPU), 10 concurrent
 * keep-alive clients for about 10 s after a 2 s warm-up. On PGlite always; on PostgreSQL too when
 * BENCH_DATABASE_URL is set (its blade_param rows of the bench are replaced each run).
 *
 * Alone: `npx tsx tests/bench/server.ts`. From the bench runner: `await benchServer()`.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { loadServerPlugins } from '../../app/server-plugins';
import { hashPassword, md5 } from '../../core/server/auth/password';
import { silentLogger } from '../../core/server/context';
import { SEED } from '../../core/server/seed/kernel-seed';
import { openServer } from '../../core/server/start';
import { insertUser } from '../../core/server/user/users';
import { startServerProcess } from '../e2e/server-process';

export interface ServerBenchOptions {
  rows?: number;
  durationMs?: number;
  warmupMs?: number;
  concurrency?: number;
  /** PostgreSQL to measure besides PGlite (default: BENCH_DATABASE_URL). */
  databaseUrl?: string;
  log?: (line: string) => void;
}

export interface ServerBenchResult {
  database: 'PGlite' | 'PostgreSQL';
  /** filtered, no filter (both as the administrator), data scope (a reader limited to own department and children). */
  label: string;
  /** The paramName filter ('' for the unfiltered list, measured for comparison). */
  filter: string;
  rows: number;
  requests: number;
  errors: number;
  seconds: number;
  requestsPerSecond: number;
  p50: number;
  p99: number;
  /** Records matching the filter (the list's `total`). */
  matching: number;
}

const BASIC = `Basic ${Buffer.from('saber:saber_secret').toString('base64')}`;
/** Ids far above the snowflake ids the server makes (≈2.1e18), so bench rows never collide with real ones. */
const ID_BASE = '8000000000000000000';
const FILTER = '参数 1'; // matches 参数 1, 参数 10…19, 参数 100…199, …: about 11 % of the rows
const OTHER_DEPT = '8000000000000000001';

/** What each measurement lists, and as whom. */
const CASES = [
  { label: 'filtered', filter: FILTER, account: 'admin', share: 1 },
  { label: 'no filter', filter: '', account: 'admin', share: 0.5 },
  { label: 'data scope', filter: '', account: 'bench', share: 0.5 },
] as const;

/** Migrates and seeds the database (as `npm start` would) and puts the bench rows in tenant 000000. */
async function prepare(target: { dataDir?: string; databaseUrl?: string }, rows: number): Promise<void> {
  const server = await openServer({ ...target, distDir: null, plugins: await loadServerPlugins(), log: silentLogger, tokenSecret: 'bench-secret-bench-secret-bench-secret' });
  try {
    await server.ctx.db.system(async (tx) => {
      await tx.query(`delete from blade_param where param_key like 'bench.%'`);
      await tx.query(
        `insert into blade_param (id, tenant_id, param_name, param_key, param_value, remark, create_user, create_dept, create_time, update_user, update_time, status, is_deleted)
         select $1::bigint + g, '000000', '参数 ' || g, 'bench.key.' || g, 'value ' || g, null,
                1123598821738675201, 1123598813738675201, now() - g * interval '1 second', 1123598821738675201, now() - g * interval '1 second', 1, 0
           from generate_series(1, $2::int) g`,
        [ID_BASE, rows],
      );
      // A reader limited by a data scope (type 4: own department and its children) for the third case:
      // half of the rows were made in another department.
      await tx.query(`delete from blade_scope_data where scope_name = 'bench scope'`);
      if (!(await tx.one(`select 1 from blade_user where tenant_id = '000000' and account = 'bench' and is_deleted = 0`))) {
        const ids = server.ctx.ids;
        const roleId = ids.next();
        await tx.query(`insert into blade_role (id, tenant_id, parent_id, role_name, sort, role_alias) values ($1, '000000', 0, 'bench', 90, 'bench_reader')`, [roleId]);
        await tx.query(
          `insert into blade_role_menu (id, tenant_id, menu_id, role_id) select $1::bigint + row_number() over (), '000000', id, $2 from blade_menu where code in ('param', 'param_view')`,
          [ID_BASE, roleId],
        );
        await insertUser(tx, ids, { tenantId: '000000', account: 'bench', passwordHash: await hashPassword(md5('bench')), name: 'bench', realName: 'bench', roleIds: [roleId], deptIds: [SEED.deptId] });
        await tx.query(`insert into blade_dept (id, tenant_id, parent_id, ancestors, dept_name, full_name, sort) values ($1, '000000', 0, '0', 'bench other', 'bench other', 99)`, [OTHER_DEPT]);
      }
      const scopeId = server.ctx.ids.next();
      await tx.query(
        `insert into blade_scope_data (id, menu_id, resource_code, scope_name, scope_column, scope_type) select $1, id, 'param', 'bench scope', 'create_dept', 4 from blade_menu where code = 'param'`,
        [scopeId],
      );
      await tx.query(
        `insert into blade_role_scope (id, tenant_id, scope_category, scope_id, role_id) select $1, '000000', 1, $2, id from blade_role where tenant_id = '000000' and role_alias = 'bench_reader'`,
        [server.ctx.ids.next(), scopeId],
      );
      await tx.query(`update blade_param set create_dept = $1 where param_key like 'bench.%' and id % 2 = 1`, [OTHER_DEPT]);
      await tx.exec('analyze blade_param');
    });
  } finally {
    await server.close();
  }
}

const percentile = (sorted: number[], p: number) => (sorted.length ? sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] : NaN);

async function load(url: string, rows: number, options: Required<Pick<ServerBenchOptions, 'durationMs' | 'warmupMs' | 'concurrency'>>, filter: string, account: string) {
  const query = new URLSearchParams({ tenantId: '000000', username: account, password: md5(account), grant_type: 'password', scope: 'all' });
  const signIn = await fetch(`${url}/api/blade-auth/oauth/token?${query}`, { method: 'POST', headers: { Authorization: BASIC, 'Tenant-Id': '000000' } });
  const token = ((await signIn.json()) as { access_token?: string }).access_token;
  if (!token) throw new Error('bench: sign-in failed');
  const headers = { 'Blade-Auth': `bearer ${token}` };
  const search = filter ? `&paramName=${encodeURIComponent(filter)}` : '';
  const first = await fetch(`${url}/api/blade-system/param/list?current=1&size=10${search}`, { headers });
  const matching = ((await first.json()) as { data: { total: number } }).data.total;
  const pages = Math.max(1, Math.ceil(matching / 10));

  const latencies: number[] = [];
  let errors = 0;
  const warmEnd = Date.now() + options.warmupMs;
  const end = warmEnd + options.durationMs;
  const worker = async () => {
    while (Date.now() < end) {
      const current = 1 + Math.floor(Math.random() * Math.min(pages, 100));
      const counted = Date.now() >= warmEnd;
      const started = performance.now();
      try {
        const res = await fetch(`${url}/api/blade-system/param/list?current=${current}&size=10${search}`, { headers });
        const body = (await res.json()) as { success?: boolean; data?: { records?: unknown[] } };
        if (counted && (!res.ok || !body.success || body.data?.records?.length !== 10)) errors++;
      } catch {
        if (counted) errors++;
      }
      if (counted) latencies.push(performance.now() - started);
    }
  };
  const began = Date.now();
  await Promise.all(Array.from({ length: options.concurrency }, worker));
  const seconds = (Date.now() - Math.max(began, warmEnd)) / 1000;
  latencies.sort((a, b) => a - b);
  return { requests: latencies.length, errors, seconds, requestsPerSecond: latencies.length / seconds, p50: percentile(latencies, 50), p99: percentile(latencies, 99), matching, rows };
}

export async function benchServer(options: ServerBenchOptions = {}): Promise<ServerBenchResult[]> {
  const rows = options.rows ?? 100_000;
  const settings = { durationMs: options.durationMs ?? 10_000, warmupMs: options.warmupMs ?? 2_000, concurrency: options.concurrency ?? 10 };
  const log = options.log ?? ((line: string) => console.log(line));
  const databaseUrl = options.databaseUrl ?? process.env.BENCH_DATABASE_URL;
  const results: ServerBenchResult[] = [];

  const run = async (database: ServerBenchResult['database'], target: { dataDir?: string; databaseUrl?: string }, env: Record<string, string>) => {
    const t0 = Date.now();
    await prepare(target, rows);
    log(`  ${database}: ${rows.toLocaleString('en')} rows inserted and analysed in ${((Date.now() - t0) / 1000).toFixed(1)} s`);
    const server = await startServerProcess(env);
    try {
      for (const { label, filter, account, share } of CASES) {
        const r = await load(server.url, rows, { ...settings, durationMs: Math.max(1000, settings.durationMs * share) }, filter, account);
        results.push({ database, label, filter, ...r });
        log(
          `  ${database.padEnd(10)} ${label.padEnd(10)} ${r.requestsPerSecond.toFixed(0).padStart(6)} req/s   p50 ${r.p50.toFixed(1).padStart(6)} ms   p99 ${r.p99.toFixed(1).padStart(6)} ms` +
            `   (${r.requests} requests in ${r.seconds.toFixed(1)} s, ${r.errors} errors, ${r.matching} matching rows)`,
        );
      }
    } finally {
      await server.stop();
    }
  };

  log(
    `\nserver: GET /api/blade-system/param/list?current=N&size=10&paramName=${FILTER} on ${rows.toLocaleString('en')} rows, concurrency ${settings.concurrency}, ` +
      `${settings.durationMs / 1000} s; the unfiltered list for comparison, and the same as a reader whose data scope (own department and children) admits half of the rows, ${Math.max(1, settings.durationMs / 2000)} s each`,
  );
  const dataDir = mkdtempSync(join(tmpdir(), 'card-admin-bench-'));
  try {
    await run('PGlite', { dataDir }, { DATA_DIR: dataDir });
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
  if (databaseUrl) await run('PostgreSQL', { databaseUrl }, { DATABASE_URL: databaseUrl });
  else log('  PostgreSQL: skipped (set BENCH_DATABASE_URL to measure it)');
  return results;
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  benchServer().catch((error) => {
    console.error(error);
    process.exit(1);
  });
}
