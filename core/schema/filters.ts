import type { LocalText } from './manifest';
import { fieldColumn, type EntityDef, type FieldDef, type FieldType, type FilterOp } from './entity';

/**
 * The BladeX query-string filters (as BladeX's `Condition.getQueryWrapper` reads them), parsed against an
 * entity definition. Shared and pure: the server turns the result into bound SQL parameters, the browser
 * may use it to check what it sends. Every key except the paging ones is `<field>` (LIKE) or
 * `<field>_<op>`; a key that names no field, or an operator the field does not accept, is refused, so
 * nothing the caller writes ever reaches SQL as text.
 */

/** Query keys that are not filters (`searchCount=false`: no count; `afterId`: the page after that row). */
export const RESERVED_QUERY_KEYS: readonly string[] = ['current', 'size', 'ascs', 'descs', 'blade-auth', 'searchCount', 'afterId'];

export const FILTER_OPS: readonly FilterOp[] = [
  'equal',
  'notequal',
  'like',
  'notlike',
  'likeleft',
  'likeright',
  'ge',
  'le',
  'gt',
  'lt',
  'datege',
  'dategt',
  'dateequal',
  'datele',
  'datelt',
  'null',
  'notnull',
];

export const DATE_OPS: readonly FilterOp[] = ['datege', 'dategt', 'dateequal', 'datele', 'datelt'];
export const LIKE_OPS: readonly FilterOp[] = ['like', 'notlike', 'likeleft', 'likeright'];
export const COMPARE_OPS: readonly FilterOp[] = ['equal', 'notequal', 'ge', 'le', 'gt', 'lt'];

/** The pseudo field of the create-time range filter (`createTime_dategt`, `createTime_datelt`). */
export const CREATE_TIME = 'createTime';

/** Longest filter value accepted (a search box, not a document). */
export const MAX_FILTER_VALUE = 1000;

export interface Filter {
  /** The query key as sent: `paramName_like`. */
  key: string;
  /** Field name (`createTime` for the create-time range). */
  field: string;
  /** Database column. */
  column: string;
  /** Field type; `createTime` is a `datetime` on the audit column `create_time` (timestamptz). */
  type: FieldType;
  /** `create_time` (timestamptz) rather than a field column (timestamp). */
  audit: boolean;
  op: FilterOp;
  /**
   * The value: as sent for text operators; a number as a string for numeric comparisons;
   * `yyyy-MM-dd HH:mm:ss` for date operators; '' for `null` / `notnull`.
   */
  value: string;
  /** A date operator given a day (`yyyy-MM-dd`): `dateequal` then means the whole day. */
  dateOnly?: boolean;
}

export type FilterResult = { ok: true; filters: Filter[] } | { ok: false; key: string; message: LocalText };

export const unsupportedFilter = (key: string): LocalText => ({ zh: `不支持的查询条件: ${key}`, en: `Unsupported query condition: ${key}` });
export const malformedFilter = (key: string): LocalText => ({ zh: `查询条件格式错误: ${key}`, en: `Malformed query condition: ${key}` });

/** The operators a field accepts: its search operator (a range is the date operators) and `filters`. */
export function allowedOps(field: FieldDef): FilterOp[] {
  const ops = new Set<FilterOp>(field.filters ?? []);
  if (field.search === 'range') for (const op of DATE_OPS) ops.add(op);
  else if (field.search) ops.add(field.search);
  return [...ops];
}

const pad = (n: number) => String(n).padStart(2, '0');

/**
 * `yyyy-MM-dd HH:mm:ss` or `yyyy-MM-dd` (BladeX `DateUtil.PATTERN_DATETIME`), a real calendar date, or
 * null. Returns the full form.
 */
export function parseDateTime(value: string): { value: string; dateOnly: boolean } | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})(?: (\d{2}):(\d{2}):(\d{2}))?$/.exec(value.trim());
  if (!match) return null;
  const [, y, mo, d, h = '00', mi = '00', s = '00'] = match;
  const date = new Date(Date.UTC(Number(y), Number(mo) - 1, Number(d), Number(h), Number(mi), Number(s)));
  if (
    date.getUTCFullYear() !== Number(y) ||
    date.getUTCMonth() !== Number(mo) - 1 ||
    date.getUTCDate() !== Number(d) ||
    date.getUTCHours() !== Number(h) ||
    date.getUTCMinutes() !== Number(mi) ||
    date.getUTCSeconds() !== Number(s)
  ) {
    return null;
  }
  return { value: `${y}-${mo}-${d} ${pad(Number(h))}:${mi}:${s}`, dateOnly: match[4] === undefined };
}

const INTEGER = /^-?\d{1,18}$/;
const DECIMAL = /^-?\d{1,30}(\.\d{1,30})?$/;
const ID = /^\d{1,19}$/;

/** Is a select field's value a number (all its fixed options are numbers)? */
export function selectIsNumeric(field: FieldDef): boolean {
  if (field.type !== 'select') return false;
  if (field.dict) return field.dict.numeric === true;
  return !!field.options?.length && field.options.every((o) => typeof o.value === 'number');
}

/**
 * The range of the column a whole-number field is stored in (integer, smallint for a switch, bigint for an
 * id): a value outside it matches no row, and PostgreSQL refuses it rather than compare.
 */
function integerRange(field: FieldDef): readonly [bigint, bigint] | null {
  if (field.type === 'switch') return [-32768n, 32767n];
  if (field.type === 'id') return [0n, 9223372036854775807n];
  if (field.type === 'integer' || (field.type === 'select' && selectIsNumeric(field))) return [-2147483648n, 2147483647n];
  return null;
}

/** Does a value that matched its pattern fit the field's column? */
function fitsColumn(field: FieldDef, value: string): boolean {
  const range = integerRange(field);
  if (!range) return true;
  const n = BigInt(value);
  return n >= range[0] && n <= range[1];
}

/** How a comparison value of this field must look (null: any text). */
function valuePattern(field: FieldDef): RegExp | 'date' | null {
  switch (field.type) {
    case 'integer':
    case 'switch':
      return INTEGER;
    case 'number':
      return DECIMAL;
    case 'id':
      return ID;
    case 'date':
    case 'datetime':
      return 'date';
    case 'select':
      return selectIsNumeric(field) ? INTEGER : null;
    default:
      return null;
  }
}

function splitKey(key: string): { name: string; op: FilterOp | 'ignore' } {
  const at = key.lastIndexOf('_');
  if (at > 0) {
    const suffix = key.slice(at + 1);
    if (suffix === 'ignore' || (FILTER_OPS as readonly string[]).includes(suffix)) return { name: key.slice(0, at), op: suffix as FilterOp | 'ignore' };
  }
  return { name: key, op: 'like' };
}

/**
 * Parses a query map into filters against the entity. Paging keys are skipped, empty values ignored,
 * `<field>_ignore` skipped (BladeX). The first offending key makes the result an error with the message
 * the API answers (HTTP 400).
 */
export function parseFilters(entity: EntityDef, query: Readonly<Record<string, string | undefined>>): FilterResult {
  const filters: Filter[] = [];
  for (const [key, raw] of Object.entries(query)) {
    if (RESERVED_QUERY_KEYS.includes(key)) continue;
    if (raw === undefined || raw === null) continue;
    const value = String(raw);
    if (value.trim() === '') continue;
    const { name, op } = splitKey(key);
    // A `createTime` field declared to show the row's create time (virtual on an audited entity, or read
    // from `create_time` by an entity over a table the kernel writes) is still that column's range.
    const declared = entity.fields[CREATE_TIME];
    const isCreateTime = name === CREATE_TIME && !!entity.createTimeRange && (!Object.hasOwn(entity.fields, CREATE_TIME) || fieldColumn(CREATE_TIME, declared!) === 'create_time');
    const field: FieldDef | undefined = isCreateTime
      ? { type: 'datetime', label: { zh: '创建时间', en: 'Created' }, column: 'create_time', filters: [...DATE_OPS] }
      : Object.hasOwn(entity.fields, name) && !entity.fields[name]!.virtual
        ? entity.fields[name]
        : undefined;
    if (!field) return { ok: false, key, message: unsupportedFilter(key) };
    if (op === 'ignore') continue;
    if (!allowedOps(field).includes(op)) return { ok: false, key, message: unsupportedFilter(key) };
    if (value.length > MAX_FILTER_VALUE) return { ok: false, key, message: malformedFilter(key) };
    const base = { key, field: name, column: fieldColumn(name, field), type: field.type, audit: isCreateTime, op };
    if (op === 'null' || op === 'notnull') {
      filters.push({ ...base, value: '' });
      continue;
    }
    const pattern = valuePattern(field);
    if ((DATE_OPS as readonly string[]).includes(op) || (pattern === 'date' && (COMPARE_OPS as readonly string[]).includes(op))) {
      const parsed = parseDateTime(value);
      if (!parsed) return { ok: false, key, message: malformedFilter(key) };
      filters.push({ ...base, value: parsed.value, dateOnly: parsed.dateOnly });
      continue;
    }
    if ((COMPARE_OPS as readonly string[]).includes(op) && pattern instanceof RegExp && !(pattern.test(value.trim()) && fitsColumn(field, value.trim()))) {
      return { ok: false, key, message: malformedFilter(key) };
    }
    filters.push({ ...base, value: (COMPARE_OPS as readonly string[]).includes(op) && pattern instanceof RegExp ? value.trim() : value });
  }
  return { ok: true, filters };
}
