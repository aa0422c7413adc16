import type { Tx } from '../db/types';
import { orderByTerms, seekSql, SqlParams, type OrderTerm } from './sql';

/**
 * One page of a list and its total:
 * - the count is bounded and starts where the page ends: it counts the rows after the page's last one, up
 *   to COUNT_WINDOW of them, sought by that row's place in the order like a page after it, so its cost is
 *   the same on the first page and the ten-thousandth and no longer grows with the tenant's rows. Below
 *   the window the total is exact (BladeX's meaning); beyond it the answer says `total` is a lower bound,
 *   which grows as the pages go on. A page that is not full needs no count (it is the last one), and a
 *   client that already has the total (the same query, another page) may skip it (`searchCount=false`);
 * - a page after a known row (its id sent back) is sought by that row's place in the order, so a deep page
 *   costs what the first one does;
 * - a deep page by number first finds its ids by walking the list's index (no row read until the page),
 *   then reads those rows.
 */

/** Rows counted past the page's last row, at most, before the count stops. */
export const COUNT_WINDOW = 10_000;
/** From this offset on, the page's ids are found first and only its rows are read. */
const DEFERRED_OFFSET = 100;
/** Columns the page's rows bring back beside their own: their value of each order term, as text. */
const sortKey = (i: number) => `sort_key_${i}__`;

export interface PageRequest {
  table: string;
  /** The WHERE clause's conditions (tenant, live rows, filters, extra conditions), values bound through `p`. */
  conditions: (p: SqlParams) => readonly string[];
  terms: readonly OrderTerm[];
  size: number;
  offset: number;
  /** The page is the rows after this one: its value of each term as text (null where it has none). */
  anchor?: readonly (string | null)[];
  /** false: no count at all (BladeX's `searchCount=false`). */
  count: boolean;
  /**
   * Only the tenant's live rows are asked for (no filter, no extra condition): the count then walks the
   * list's index in order, reading no row (an index-only scan), where PostgreSQL would otherwise read the
   * table. With filters it is left to choose (an index walk reading each row to test it is the slowest way).
   */
  unfiltered?: boolean;
}

export interface PageRows<R> {
  rows: R[];
  total: number;
  /** Whether `total` is the number of matching rows (else a lower bound). */
  exact: boolean;
}

export async function readPage<R extends Record<string, unknown>>(tx: Tx, req: PageRequest): Promise<PageRows<R>> {
  const { table, size, offset, terms } = req;
  const order = orderByTerms(terms);
  /** The conditions, bound afresh in `p`, and after `anchor` (a row's term values) when given. */
  const conditionsOf = (p: SqlParams, anchor?: readonly (string | null)[]) => {
    const all = [...req.conditions(p)];
    if (anchor) all.push(seekSql(terms, anchor.map((value, i) => (value === null ? null : `${p.add(value)}::${terms[i]!.type}`))));
    return all;
  };
  const whereOf = (conditions: readonly string[]) => (conditions.length ? `where ${conditions.join(' and ')}` : '');
  const p = new SqlParams();
  const conditions = conditionsOf(p, req.anchor);
  const where = whereOf(conditions);
  const keys = terms.map((t, i) => `${t.column}::text as ${sortKey(i)}`).join(', ');
  let sql: string;
  if (req.anchor || offset < DEFERRED_OFFSET) {
    sql = `select *, ${keys} from ${table} ${where} order by ${order} limit ${p.add(size)}${req.anchor || offset === 0 ? '' : ` offset ${p.add(offset)}`}`;
  } else {
    const ids = `array(select id from ${table} ${where} order by ${order} limit ${p.add(size)} offset ${p.add(offset)})`;
    sql = `select *, ${keys} from ${table} ${whereOf([...conditions, `id = any(${ids})`])} order by ${order}`;
  }
  const found = await tx.query<Record<string, unknown>>(sql, p.values);
  const last = found.at(-1);
  const lastKeys = last ? terms.map((_, i) => (last[sortKey(i)] ?? null) as string | null) : undefined;
  for (const row of found) for (let i = 0; i < terms.length; i++) delete row[sortKey(i)];
  const rows = found as R[];
  if (!req.count) return { rows, total: 0, exact: false };
  // Not a full page: the last one, and the total is known.
  if (rows.length > 0 && rows.length < size) return { rows, total: offset + rows.length, exact: true };
  const q = new SqlParams();
  // Past the last page (or nothing matches), counted from the first row for the pager; else after this page.
  const rest = `select count(*)::int as total from (select 1 from ${table} ${whereOf(conditionsOf(q, rows.length ? lastKeys : undefined))}${req.unfiltered ? ` order by ${order}` : ''} limit ${q.add(COUNT_WINDOW + 1)}) counted`;
  const n = (await tx.one<{ total: number }>(rest, q.values))?.total ?? 0;
  const before = rows.length ? offset + rows.length : 0;
  return { rows, total: before + Math.min(n, COUNT_WINDOW), exact: n <= COUNT_WINDOW };
}
