import type { EntityDef } from '../../schema/entity';
import { parseFilters, type Filter } from '../../schema/filters';
import { bizError } from '../http/errors';
import { MSG } from '../http/messages';
import { pageParams } from '../http/page';
import { columnSqlType, isNullable, orderTerm, sortableColumns, sortColumn } from './columns';

/** Bound parameters of one statement: `p.add(value)` returns its placeholder (`$3`). Values never enter SQL text. */
export class SqlParams {
  readonly values: unknown[] = [];
  add(value: unknown): string {
    this.values.push(value);
    return `$${this.values.length}`;
  }
}

/** An extra condition a caller adds to the engine's queries (bind its values through `p`). */
export type Where = (p: SqlParams) => string;

const escapeLike = (value: string) => value.replace(/[\\%_]/g, (c) => `\\${c}`);

/**
 * A wall-clock `yyyy-MM-dd HH:mm:ss` of the server's zone as an instant, for the timestamptz audit
 * columns (the server formats them back in its zone, so a round trip is exact whatever the database's zone).
 */
export function localInstant(value: string): string {
  const [date, time = '00:00:00'] = value.split(' ');
  const [y, mo, d] = date.split('-').map(Number);
  const [h, mi, s] = time.split(':').map(Number);
  return new Date(y, mo - 1, d, h, mi, s).toISOString();
}

function nextDay(value: string): string {
  const [y, mo, d] = value.slice(0, 10).split('-').map(Number);
  const next = new Date(Date.UTC(y, mo - 1, d + 1));
  return `${next.toISOString().slice(0, 10)} 00:00:00`;
}

/** One filter as SQL with its values bound. */
export function filterSql(filter: Filter, p: SqlParams, alias = ''): string {
  const col = `${alias}${filter.column}`;
  // Case-insensitive as BladeX's MySQL collation; lower() … like is the same test as ILIKE and a third
  // cheaper on UTF-8 text (ILIKE folds case character by character).
  const textCol = filter.type === 'string' || filter.type === 'text' ? `lower(${col})` : `lower(${col}::text)`;
  const pattern = (value: string) => `lower(${p.add(value)})`;
  const date = (value: string) => (filter.audit ? `${p.add(localInstant(value))}::timestamptz` : `${p.add(value)}::timestamp`);
  switch (filter.op) {
    case 'like':
      return `${textCol} like ${pattern(`%${escapeLike(filter.value)}%`)}`;
    case 'notlike':
      return `(${col} is null or ${textCol} not like ${pattern(`%${escapeLike(filter.value)}%`)})`;
    case 'likeleft':
      return `${textCol} like ${pattern(`%${escapeLike(filter.value)}`)}`;
    case 'likeright':
      return `${textCol} like ${pattern(`${escapeLike(filter.value)}%`)}`;
    case 'null':
      return `${col} is null`;
    case 'notnull':
      return `${col} is not null`;
    case 'datege':
      return `${col} >= ${date(filter.value)}`;
    case 'dategt':
      return `${col} > ${date(filter.value)}`;
    case 'datele':
      return `${col} <= ${date(filter.value)}`;
    case 'datelt':
      return `${col} < ${date(filter.value)}`;
    case 'dateequal':
      return filter.dateOnly
        ? `(${col} >= ${date(filter.value)} and ${col} < ${date(nextDay(filter.value))})`
        : `${col} = ${date(filter.value)}`;
  }
  const isDate = filter.type === 'date' || filter.type === 'datetime';
  const value = isDate ? date(filter.value) : p.add(filter.value);
  const op = { equal: '=', notequal: '<>', ge: '>=', le: '<=', gt: '>', lt: '<' }[filter.op];
  return filter.op === 'notequal' ? `(${col} is null or ${col} <> ${value})` : `${col} ${op} ${value}`;
}

/** One term of a list's order: a column, its direction, whether it may hold nulls, and its SQL type. */
export interface OrderTerm {
  column: string;
  dir: 'asc' | 'desc';
  nullable: boolean;
  type: string;
}

/**
 * The list's order from `ascs` / `descs` (comma lists of field names or columns, limited to sortable
 * columns), else the entity's default sort; `id` last, so the order is total (a page boundary falls
 * between two rows, never inside a tie, and a row can be sought by its place).
 */
export function listOrder(entity: EntityDef, query: Readonly<Record<string, string | undefined>>): OrderTerm[] {
  const allowed = sortableColumns(entity);
  const term = (column: string, dir: 'asc' | 'desc'): OrderTerm => ({ column, dir, nullable: isNullable(column), type: columnSqlType(entity, column) });
  const terms: OrderTerm[] = [];
  for (const [key, dir] of [['ascs', 'asc'], ['descs', 'desc']] as const) {
    for (const name of (query[key] ?? '').split(',')) {
      if (!name.trim()) continue;
      const column = sortColumn(entity, name);
      if (!column || !allowed.has(column)) throw bizError(MSG.unsupportedSort(name.trim()));
      terms.push(term(column, dir));
    }
  }
  if (terms.length === 0 && entity.sort) terms.push(term(sortColumn(entity, entity.sort.field)!, entity.sort.order));
  const byId = terms.findIndex((t) => t.column === 'id');
  // Terms after `id` change nothing: it is unique.
  return byId >= 0 ? terms.slice(0, byId + 1) : [...terms, term('id', entity.sort?.ties === 'oldest' ? 'asc' : 'desc')];
}

/** ORDER BY of the terms. */
export function orderByTerms(terms: readonly OrderTerm[], alias = ''): string {
  return terms.map((t) => orderTerm(t.column, t.dir, alias)).join(', ');
}

/** `ascs` / `descs` (comma lists of field names or columns) → ORDER BY, limited to sortable columns. */
export function orderSql(entity: EntityDef, query: Readonly<Record<string, string | undefined>>, alias = ''): string {
  return orderByTerms(listOrder(entity, query), alias);
}

/**
 * The rows after a row in the list's order: `anchor` holds that row's value of each term, as SQL (a bound
 * value) or null where the row has none. When every term runs the same way over values that are never
 * null it is one row comparison, `(create_time, id) < (…)`, which an index of that order answers with a
 * range scan; otherwise the lexicographic expansion, nulls where ORDER BY puts them (first ascending, last
 * descending), led by a bound on the first column wherever one holds, so the index scan starts at the
 * anchor instead of at the tenant's first row.
 */
export function seekSql(terms: readonly OrderTerm[], anchor: readonly (string | null)[], alias = ''): string {
  const col = (t: OrderTerm) => `${alias}${t.column}`;
  const first = terms[0]!;
  if (terms.every((t, i) => !t.nullable && t.dir === first.dir && anchor[i] !== null)) {
    return `(${terms.map(col).join(', ')}) ${first.dir === 'asc' ? '>' : '<'} (${anchor.join(', ')})`;
  }
  const same = (t: OrderTerm, k: string | null) => (k === null ? `${col(t)} is null` : `${col(t)} = ${k}`);
  /** The values of one term that come after `k` (null: none). */
  const after = (t: OrderTerm, k: string | null): string | null => {
    if (t.dir === 'asc') return k === null ? `${col(t)} is not null` : `${col(t)} > ${k}`;
    if (k === null) return null;
    return t.nullable ? `(${col(t)} < ${k} or ${col(t)} is null)` : `${col(t)} < ${k}`;
  };
  const branches = terms.flatMap((t, i) => {
    const beyond = after(t, anchor[i]!);
    return beyond === null ? [] : [[...terms.slice(0, i).map((u, j) => same(u, anchor[j]!)), beyond].join(' and ')];
  });
  const expanded = branches.length ? `(${branches.map((b) => `(${b})`).join(' or ')})` : 'false';
  const k = anchor[0]!;
  const bound = first.dir === 'asc' ? (k === null ? null : `${col(first)} >= ${k}`) : k === null ? `${col(first)} is null` : first.nullable ? null : `${col(first)} <= ${k}`;
  return bound ? `${bound} and ${expanded}` : expanded;
}

export interface ListQuery {
  filters: Filter[];
  current: number;
  size: number;
  offset: number;
  order: string;
  terms: OrderTerm[];
}

/** The query string of a list call: filters (400 `不支持的查询条件: <key>`), paging (max 500), sorting. */
export function parseListQuery(entity: EntityDef, query: Readonly<Record<string, string | undefined>>, alias = ''): ListQuery {
  const parsed = parseFilters(entity, query);
  if (!parsed.ok) throw bizError(parsed.message);
  const terms = listOrder(entity, query);
  return { filters: parsed.filters, ...pageParams(query as Record<string, string | undefined>), order: orderByTerms(terms, alias), terms };
}
