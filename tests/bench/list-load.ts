/**
 * What the list bench asks, and the load that asks it: `GET /api/blade-system/post/list` as the kit's list
 * screen sends it (page size 10), through the real HTTP stack of a server process, at a given concurrency
 * of keep-alive clients, latencies kept after a warm-up.
 */
import { md5 } from '../../core/server/auth/password';
import { BENCH_ACCOUNT } from './list-data';

export const LIST_PATH = '/api/blade-system/post/list';
const BASIC = `Basic ${Buffer.from('saber:saber_secret').toString('base64')}`;
const PAGE_SIZE = 10;

export interface ListCase {
  label: string;
  /** Who lists: the administrator (no data scope) or the bench reader (a data scope admitting half the rows). */
  account: 'admin' | typeof BENCH_ACCOUNT;
  /** The query of one request (`pick` draws a number in [0, 1)). */
  query(rows: number, pick: () => number): Record<string, string>;
  /** Outside the targets, shown for comparison. */
  extra?: boolean;
  /** The page whose last row anchors this one: asked once, its last id sent as `afterId` (the kit's next page). */
  after?(rows: number): Record<string, string>;
}

/** One of the first 100 pages (or of all, when there are fewer). */
const early = (matching: number, pick: () => number) => String(1 + Math.floor(pick() * Math.max(1, Math.min(100, Math.ceil(matching / PAGE_SIZE)))));
/** The offset of the deep page: 50,000 rows in, or half-way on a smaller table. */
export const deepOffset = (rows: number) => Math.min(50_000, Math.floor(rows / 2 / PAGE_SIZE) * PAGE_SIZE);

export const LIST_CASES: readonly ListCase[] = [
  { label: 'no filter', account: 'admin', query: (rows, pick) => ({ current: early(rows, pick) }) },
  // A quarter of the rows: category 1 + g % 4.
  { label: 'equality', account: 'admin', query: (rows, pick) => ({ category_equal: '2', current: early(rows / 4, pick) }) },
  // 岗位 4242, 岗位 42420…42429, 岗位 424200…424299: 1, 11 and 111 rows at 10k, 100k and 1M.
  { label: 'rare substring', account: 'admin', query: () => ({ postName: '岗位 4242', current: '1' }) },
  { label: 'data scope', account: BENCH_ACCOUNT, query: (rows, pick) => ({ current: early(rows / 2, pick) }) },
  { label: 'deep page', account: 'admin', query: (rows) => ({ current: String(deepOffset(rows) / PAGE_SIZE + 1) }) },
  // The same page as the one after the page before it (keyset): what a client that keeps the last row sends.
  {
    label: 'deep page, next',
    account: 'admin',
    query: (rows) => ({ current: String(deepOffset(rows) / PAGE_SIZE + 1) }),
    after: (rows) => ({ current: String(deepOffset(rows) / PAGE_SIZE) }),
    extra: true,
  },
  // 岗位 1, 岗位 10…19, 岗位 100…199…: about 11 % of the rows.
  { label: 'common substring', account: 'admin', query: (rows, pick) => ({ postName: '岗位 1', current: early(rows / 9, pick) }), extra: true },
];

export function listUrl(base: string, query: Record<string, string>): string {
  return `${base}${LIST_PATH}?${new URLSearchParams({ size: String(PAGE_SIZE), ...query })}`;
}

/** `{ afterId }` of a case that pages after a row: the last id of the page before (asked through `get`). */
export async function anchorOf(list: ListCase, rows: number, get: (url: string) => Promise<{ data?: { records?: { id?: string }[] } }>): Promise<Record<string, string>> {
  if (!list.after) return {};
  const before = await get(listUrl('', list.after(rows)));
  const id = before.data?.records?.at(-1)?.id;
  if (!id) throw new Error(`bench: ${list.label}: the page before has no rows`);
  return { afterId: id };
}

/** A token of `account` (password = account) in tenant 000000. */
export async function signIn(base: string, account: string): Promise<string> {
  const query = new URLSearchParams({ tenantId: '000000', username: account, password: md5(account), grant_type: 'password', scope: 'all' });
  const res = await fetch(`${base}/api/blade-auth/oauth/token?${query}`, { method: 'POST', headers: { Authorization: BASIC, 'Tenant-Id': '000000' } });
  const token = ((await res.json()) as { access_token?: string }).access_token;
  if (!token) throw new Error(`bench: sign-in of ${account} failed (${res.status})`);
  return token;
}

export interface LoadResult {
  requests: number;
  errors: number;
  seconds: number;
  requestsPerSecond: number;
  p50: number;
  p99: number;
  /** The `total` of the first answer. */
  total: number;
}

const percentile = (sorted: number[], p: number) => (sorted.length ? sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]! : NaN);

/** A generator of numbers in [0, 1) that runs the same way every time (the same pages in every run). */
function seeded(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state * 1664525 + 1013904223) >>> 0;
    return state / 2 ** 32;
  };
}

/** `concurrency` clients asking `list` one after the other for `durationMs` after `warmupMs`. */
export async function loadList(base: string, token: string, rows: number, list: ListCase, settings: { concurrency: number; durationMs: number; warmupMs: number }): Promise<LoadResult> {
  const headers = { 'Blade-Auth': `bearer ${token}` };
  const anchor = await anchorOf(list, rows, async (url) => (await fetch(`${base}${url}`, { headers })).json());
  const query = (pick: () => number) => ({ ...list.query(rows, pick), ...anchor });
  const first = await fetch(listUrl(base, query(() => 0)), { headers });
  const firstBody = (await first.json()) as { success?: boolean; data?: { total?: number } };
  if (!firstBody.success) throw new Error(`bench: ${list.label} answered ${first.status} ${JSON.stringify(firstBody).slice(0, 300)}`);
  const latencies: number[] = [];
  let errors = 0;
  const warmEnd = Date.now() + settings.warmupMs;
  const end = warmEnd + settings.durationMs;
  const worker = async (n: number) => {
    const pick = seeded(n + 1);
    while (Date.now() < end) {
      const counted = Date.now() >= warmEnd;
      const started = performance.now();
      try {
        const res = await fetch(listUrl(base, query(pick)), { headers });
        const body = (await res.json()) as { success?: boolean };
        if (counted && (!res.ok || !body.success)) errors++;
      } catch {
        if (counted) errors++;
      }
      if (counted) latencies.push(performance.now() - started);
    }
  };
  const began = Date.now();
  await Promise.all(Array.from({ length: settings.concurrency }, (_, n) => worker(n)));
  const seconds = (Date.now() - Math.max(began, warmEnd)) / 1000;
  latencies.sort((a, b) => a - b);
  return { requests: latencies.length, errors, seconds, requestsPerSecond: latencies.length / seconds, p50: percentile(latencies, 50), p99: percentile(latencies, 99), total: firstBody.data?.total ?? 0 };
}
