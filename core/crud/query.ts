import { fieldColumn, type EntityDef, type FieldDef } from '../schema/entity';

export type { Row } from './rows';

/** What the search form holds: a value per field, `createTimeRange` for the create-time range. */
export type SearchValues = Record<string, unknown>;

/** The query values a list call sends besides paging: BladeX filter keys (`<field>_<op>`). */
export type Filters = Record<string, string>;

export interface SortState {
  field: string;
  order: 'asc' | 'desc';
}

/** The search form's key of the create-time range (sent as createTime_dategt / createTime_datelt). */
export const CREATE_TIME_RANGE = 'createTimeRange';

/** BladeX date values: `yyyy-MM-dd HH:mm:ss`. */
export const DATETIME_FORMAT = 'YYYY-MM-DD HH:mm:ss';
export const DATE_FORMAT = 'YYYY-MM-DD';

function isEmpty(value: unknown): boolean {
  if (value === undefined || value === null) return true;
  if (typeof value === 'string') return value.trim() === '';
  if (Array.isArray(value)) return value.length === 0 || value.every(isEmpty);
  return false;
}

function text(value: unknown): string {
  return typeof value === 'string' ? value.trim() : String(value);
}

/** The fields offered in the search form, in definition order. */
export function searchFields(entity: EntityDef): [string, FieldDef][] {
  return Object.entries(entity.fields).filter(([, field]) => field.search !== undefined);
}

/**
 * The search form's values as BladeX filter keys: `<field>` for `like` (no suffix means LIKE),
 * `<field>_<op>` otherwise, `<field>_datege` / `<field>_datelt` for a field's date range, and
 * `createTime_dategt` / `createTime_datelt` for the entity's create-time range. Empty values are left out.
 */
export function filterParams(entity: EntityDef, values: SearchValues): Filters {
  const filters: Filters = {};
  for (const [name, field] of searchFields(entity)) {
    const value = values[name];
    if (isEmpty(value)) continue;
    if (field.search === 'range') {
      const [from, to] = Array.isArray(value) ? value : [];
      if (!isEmpty(from)) filters[`${name}_datege`] = text(from);
      if (!isEmpty(to)) filters[`${name}_datelt`] = text(to);
    } else if (field.search === 'like') {
      filters[name] = text(value);
    } else {
      filters[`${name}_${field.search}`] = text(value);
    }
  }
  if (entity.createTimeRange) {
    const range = values[CREATE_TIME_RANGE];
    const [from, to] = Array.isArray(range) ? range : [];
    if (!isEmpty(from)) filters.createTime_dategt = text(from);
    if (!isEmpty(to)) filters.createTime_datelt = text(to);
  }
  return filters;
}

/** `ascs` / `descs` (BladeX `Query`): the sorted field's database column. */
export function sortParams(entity: EntityDef, sort: SortState | null): Filters {
  if (!sort) return {};
  const field = entity.fields[sort.field];
  const column = field ? fieldColumn(sort.field, field) : sort.field;
  return sort.order === 'asc' ? { ascs: column } : { descs: column };
}

/** The query of a list call: paging, then the fixed params, the filters and the sort. */
export function listQuery(
  entity: EntityDef,
  state: { current: number; size: number; filters: Filters; sort: SortState | null; params?: Record<string, unknown> },
  paged = true,
): Record<string, unknown> {
  return {
    ...(paged ? { current: state.current, size: state.size } : {}),
    ...state.params,
    ...state.filters,
    ...sortParams(entity, state.sort),
  };
}

/** The filter keys the search form of an entity can produce: the only ones a list accepts from an address. */
export function filterKeys(entity: EntityDef): Set<string> {
  const keys = new Set<string>();
  for (const [name, field] of searchFields(entity)) {
    if (field.search === 'range') keys.add(`${name}_datege`).add(`${name}_datelt`);
    else if (field.search === 'like') keys.add(name);
    else keys.add(`${name}_${field.search}`);
  }
  if (entity.createTimeRange) keys.add('createTime_dategt').add('createTime_datelt');
  return keys;
}

/** A filter value as the search form's control holds it: a number for numeric fields and options. */
function controlValue(field: FieldDef, value: string): string | number {
  const numeric = field.type === 'integer' || field.type === 'money' || field.type === 'switch' || (field.type === 'select' && field.options?.some((o) => typeof o.value === 'number'));
  return numeric && value.trim() !== '' && !Number.isNaN(Number(value)) ? Number(value) : value;
}

/** The search form's values that give `filters` (filterParams undone): the form shows the filters in force. */
export function searchValuesOf(entity: EntityDef, filters: Filters): SearchValues {
  const values: SearchValues = {};
  for (const [name, field] of searchFields(entity)) {
    if (field.search === 'range') {
      const from = filters[`${name}_datege`];
      const to = filters[`${name}_datelt`];
      values[name] = from || to ? [from ?? '', to ?? ''] : undefined;
    } else {
      const value = filters[field.search === 'like' ? name : `${name}_${field.search}`];
      values[name] = value === undefined ? undefined : controlValue(field, value);
    }
  }
  if (entity.createTimeRange) {
    const from = filters.createTime_dategt;
    const to = filters.createTime_datelt;
    values[CREATE_TIME_RANGE] = from || to ? [from ?? '', to ?? ''] : undefined;
  }
  return values;
}
