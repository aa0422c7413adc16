import { fieldColumn, type EntityDef, type FieldDef } from '../schema/entity';

/** A row as the server sends it (ids are strings). */
export type Row = Record<string, unknown> & { id?: string };

/** What the search form holds: a value per field, `createTimeRange` for the create-time range. */
export type SearchValues = Record<string, unknown>;

/** The query values a list call sends besides paging: BladeX filter keys (`<field>_<op>`). */
export type Filters = Record<string, string>;

export interface SortState {
  field: string;
  order: 'asc' | 'desc';
}

/** The search form's key of the create-time range (SPEC §2: createTime_dategt / createTime_datelt). */
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
