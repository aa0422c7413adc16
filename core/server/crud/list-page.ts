import type { Tx } from '../db/types';
import { orderByTerms, seekSql, SqlParams, type OrderTerm } from './sql';

/**
 * One page of a list and its total, in one statement where it can be:
 * - the count is bounded: it counts the rows from the page's first one on, up to COUNT_WINDOW past it,
 *   so its cost no longer grows with the tenant's rows. Below that the total is exact (BladeX's meaning);
 *   beyond it the answer says `total` is a lower bound (offset + COUNT_WINDOW), which grows as the pages
 *   go on. A client that already has the total (the same query, another page) may skip the count;
 * - a page after a known row (its id sent back) is sought by that row's place in the order, so a deep page
 *   costs what the first one does;
 * - a deep page by number first finds its ids by walking the list's index (no row read until the page),
 *   then reads those rows.
 */

/** Rows counted past the page's first row, at most, before the count stops. */
export const COUNT_WINDOW = 10_000;
/** From this offset on, the page's ids are found first and only its rows are read. */
const DEFERRED_OFFSET = 100;
/** The column the count comes back in, beside the page's own. */
const TOTAL = 'bounded_total__';

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
}

export interface PageRows<R> {
  rows: R[];
  total: number;
  /** Whether `total` is the number of matching rows (else a lower bound). */
  exact: boolean;
}

export async function readPage<R extends Record<string, unknown>>(tx: Tx, req: PageRequest): Promise<PageRows<R>> {
  const { table, size, offset } = req;
  const p = new SqlParams();
  const conditions = req.conditions(p);
  const where = (more: readonly string[] = []) => {
    const all = [...conditions, ...more];
    return all.length ? `where ${all.join(' and ')}` : '';
  };
  const order = orderByTerms(req.terms);
  const anchor = req.anchor?.map((value, i) => (value === null ? null : `${p.add(value)}::${req.terms[i]!.type}`));
  const seek = anchor ? [seekSql(req.terms, anchor)] : [];
  // Counting from the page's first row needs no order: any `offset` rows skipped leave the same number.
  const counted = req.count
    ? `, (select count(*) from (select 1 from ${table} ${where(seek)}${seek.length || offset === 0 ? '' : ` offset ${p.add(offset)}`} limit ${p.add(COUNT_WINDOW + 1)}) counted)::int as ${TOTAL}`
    : '';
  let sql: string;
  if (seek.length) {
    sql = `select *${counted} from ${table} ${where(seek)} order by ${order} limit ${p.add(size)}`;
  } else if (offset < DEFERRED_OFFSET) {
    sql = `select *${counted} from ${table} ${where()} order by ${order} limit ${p.add(size)} offset ${p.add(offset)}`;
  } else {
    const ids = `array(select id from ${table} ${where()} order by ${order} limit ${p.add(size)} offset ${p.add(offset)})`;
    sql = `select *${counted} from ${table} ${where([`id = any(${ids})`])} order by ${order}`;
  }
  const rows = await tx.query<R & { [TOTAL]?: number }>(sql, p.values);
  if (!req.count) return { rows, total: 0, exact: false };
  if (rows.length === 0) {
    // Past the last page (or nothing matches): the total from the first row, for the pager.
    const q = new SqlParams();
    const all = req.conditions(q);
    const found = await tx.one<{ total: number }>(`select count(*)::int as total from (select 1 from ${table} ${all.length ? `where ${all.join(' and ')}` : ''} limit ${q.add(COUNT_WINDOW + 1)}) counted`, q.values);
    const n = found?.total ?? 0;
    return { rows, total: Math.min(n, COUNT_WINDOW), exact: n <= COUNT_WINDOW };
  }
  const n = Number(rows[0]![TOTAL] ?? 0);
  for (const row of rows) delete row[TOTAL];
  return { rows, total: offset + Math.min(n, COUNT_WINDOW), exact: n <= COUNT_WINDOW };
}
