import type { EntityDef } from '../../schema/entity';
import { parseFilters, type Filter } from '../../schema/filters';
import { bizError } from '../http/errors';
import { MSG } from '../http/messages';
import { pageParams } from '../http/page';
import { orderTerm, sortableColumns, sortColumn } from './columns';

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

/** `ascs` / `descs` (comma lists of field names or columns) → ORDER BY, limited to sortable columns. */
export function orderSql(entity: EntityDef, query: Readonly<Record<string, string | undefined>>, alias = ''): string {
  const allowed = sortableColumns(entity);
  const parts: string[] = [];
  for (const [key, dir] of [['ascs', 'asc'], ['descs', 'desc']] as const) {
    for (const name of (query[key] ?? '').split(',')) {
      if (!name.trim()) continue;
      const column = sortColumn(entity, name);
      if (!column || !allowed.has(column)) throw bizError(MSG.unsupportedSort(name.trim()));
      parts.push(orderTerm(column, dir, alias));
    }
  }
  if (parts.length === 0 && entity.sort) parts.push(orderTerm(sortColumn(entity, entity.sort.field)!, entity.sort.order, alias));
  parts.push(`${alias}id ${entity.sort?.ties === 'oldest' ? 'asc' : 'desc'}`);
  return parts.join(', ');
}

export interface ListQuery {
  filters: Filter[];
  current: number;
  size: number;
  offset: number;
  order: string;
}

/** The query string of a list call: filters (400 `不支持的查询条件: <key>`), paging (max 500), sorting. */
export function parseListQuery(entity: EntityDef, query: Readonly<Record<string, string | undefined>>, alias = ''): ListQuery {
  const parsed = parseFilters(entity, query);
  if (!parsed.ok) throw bizError(parsed.message);
  return { filters: parsed.filters, ...pageParams(query as Record<string, string | undefined>), order: orderSql(entity, query, alias) };
}
