/**
 * Paged lists at 10k, 100k and 1M rows, on PGlite and on PostgreSQL: p50 / p99 of
 * `GET /api/blade-system/post/list` through the real HTTP stack (a server process, so the load generator
 * does not share its CPU) at concurrency 1 and 10, for no filter, an equality filter, a rare substring, a
 * reader limited by a data scope and a deep page (a common substring besides, outside the targets); then,
 * per case, the statements a request sends and EXPLAIN ANALYZE of its reads. Printed, never asserted.
 *
 * - BENCH_ROWS: sizes, comma-separated (`10k,100k,1M` by default; `k` and `M` understood).
 * - BENCH_SECONDS: seconds measured per case and concurrency (default 3, after half a second of warm-up).
 * - BENCH_DATABASE_URL (else TEST_DATABASE_URL): the PostgreSQL to measure besides PGlite; one database
 *   per size is made beside it and kept (see list-data.ts), as is a PGlite folder per size.
 * - BENCH_DATABASES: `pglite`, `postgres` or both (default both, PostgreSQL when a URL is set).
 *
 * Alone: `npx tsx tests/bench/server.ts`. From the bench runner: `await benchServer()`.
 */
import { cpus, loadavg } from 'node:os';
import { pathToFileURL } from 'node:url';
import { startServerProcess } from '../e2e/server-process';
import { BENCH_ACCOUNT, pgliteTarget, postgresTarget, prepareTarget, type BenchTarget } from './list-data';
import { explainCases, type ExplainResult } from './list-explain';
import { LIST_CASES, loadList, signIn, type LoadResult } from './list-load';

export interface ServerBenchOptions {
  /** Row counts (default BENCH_ROWS or 10k, 100k, 1M). */
  sizes?: readonly number[];
  /** Measured milliseconds per case and concurrency. */
  durationMs?: number;
  warmupMs?: number;
  concurrencies?: readonly number[];
  /** PostgreSQL to measure besides PGlite (default: BENCH_DATABASE_URL, else TEST_DATABASE_URL). */
  databaseUrl?: string;
  log?: (line: string) => void;
}

export interface ServerBenchResult extends LoadResult {
  database: BenchTarget['database'];
  rows: number;
  label: string;
  concurrency: number;
}

/** `10k` → 10000, `1M` → 1000000. */
export function parseSizes(text: string): number[] {
  return text
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean)
    .map((s) => {
      const m = /^(\d+(?:\.\d+)?)\s*([kKmM]?)$/.exec(s);
      if (!m) throw new Error(`BENCH_ROWS: "${s}" is not a size (10k, 100k, 1M, 5000…)`);
      return Math.round(Number(m[1]) * (m[2] === '' ? 1 : /k/i.test(m[2]!) ? 1_000 : 1_000_000));
    });
}

const sizeLabel = (rows: number) => (rows >= 1_000_000 && rows % 1_000_000 === 0 ? `${rows / 1_000_000}M` : rows >= 1_000 && rows % 1_000 === 0 ? `${rows / 1_000}k` : String(rows));
const ms = (value: number) => (Number.isFinite(value) ? value.toFixed(1) : '–').padStart(7);

function printExplain(log: (line: string) => void, label: string, explained: ExplainResult | undefined) {
  if (!explained) return;
  const reads = explained.reads.map((r) => `${r.role} ${r.executionMs.toFixed(2)} ms (+${r.planningMs.toFixed(2)} planning): ${r.shape}`);
  log(`      ${label.padEnd(17)} ${explained.statements} statements in ${explained.transactions} transactions`);
  for (const read of reads) log(`        ${read}`);
}

export async function benchServer(options: ServerBenchOptions = {}): Promise<ServerBenchResult[]> {
  const sizes = options.sizes ?? parseSizes(process.env.BENCH_ROWS ?? '10k,100k,1M');
  const durationMs = options.durationMs ?? Number(process.env.BENCH_SECONDS ?? 3) * 1000;
  const warmupMs = options.warmupMs ?? 500;
  const concurrencies = options.concurrencies ?? [1, 10];
  const log = options.log ?? ((line: string) => console.log(line));
  const databaseUrl = options.databaseUrl ?? (process.env.BENCH_DATABASE_URL || process.env.TEST_DATABASE_URL || undefined);
  const only = (process.env.BENCH_DATABASES ?? 'pglite,postgres').toLowerCase();
  const results: ServerBenchResult[] = [];

  log(
    `\nserver: GET /api/blade-system/post/list?size=10&… on ${sizes.map(sizeLabel).join(', ')} rows of one tenant, ` +
      `${durationMs / 1000} s per case at concurrency ${concurrencies.join(' and ')}; p50 / p99 in ms, then the statements of one request and EXPLAIN ANALYZE of its reads`,
  );
  const databases: ((rows: number) => Promise<BenchTarget>)[] = [];
  if (only.includes('pglite')) databases.push(async (rows) => pgliteTarget(rows));
  if (only.includes('postgres')) {
    if (databaseUrl) databases.push((rows) => postgresTarget(databaseUrl, rows));
    else log('  PostgreSQL: skipped (set BENCH_DATABASE_URL or TEST_DATABASE_URL to measure it)');
  }

  for (const makeTarget of databases) {
    for (const rows of sizes) {
      const target = await makeTarget(rows);
      const prepared = await prepareTarget(target, rows);
      // The machine's load beside the figures: other work on the same cores shows in the tail latencies.
      const load = loadavg().map((n) => n.toFixed(1)).join(' ');
      log(`\n  ${target.database}, ${sizeLabel(rows)} rows (${prepared.seeded ? 'seeded' : 'kept from an earlier run'}, ready in ${prepared.seconds.toFixed(1)} s; load average ${load} on ${cpus().length} cores)`);
      log(`      ${'case'.padEnd(17)} ${concurrencies.map((c) => `c=${c}: p50     p99   req/s`.padStart(30)).join('')}   total`);
      const server = await startServerProcess(target.env, { browserApp: false });
      try {
        const tokens = new Map<string, string>();
        for (const account of ['admin', BENCH_ACCOUNT]) tokens.set(account, await signIn(server.url, account));
        // A server that has run a while has its indexes in memory: every case a few times before any is measured.
        for (const list of LIST_CASES) await loadList(server.url, tokens.get(list.account)!, rows, list, { concurrency: 1, durationMs: 0, warmupMs: 300 });
        for (const list of LIST_CASES) {
          const line: string[] = [];
          let total = 0;
          for (const concurrency of concurrencies) {
            const r = await loadList(server.url, tokens.get(list.account)!, rows, list, { concurrency, durationMs, warmupMs });
            results.push({ database: target.database, rows, label: list.label, concurrency, ...r });
            total = r.total;
            line.push(`${ms(r.p50)} ${ms(r.p99)} ${r.requestsPerSecond.toFixed(0).padStart(7)}${r.errors ? ` (${r.errors} errors)` : ''}`.padStart(30));
          }
          log(`      ${`${list.label}${list.extra ? '*' : ''}`.padEnd(17)} ${line.join('')}   ${total}`);
        }
      } finally {
        await server.stop();
      }
      const explained = await explainCases(target, rows, LIST_CASES);
      for (const list of LIST_CASES) printExplain(log, list.label, explained.get(list.label));
    }
  }
  log('\n  * outside the targets (p99 ≤ 20 ms at concurrency 1 on PostgreSQL, PGlite within 3×), for comparison');
  return results;
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  benchServer().catch((error) => {
    console.error(error);
    process.exit(1);
  });
}
