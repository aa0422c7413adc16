import type { LocalText } from '../plugin/manifest';

/**
 * One definition per resource, used on both sides (no React, no Node imports here):
 * - the browser's CRUD kit renders the search form, table, paging and dialog form from it;
 * - the server derives the table, body validation, filters, sorting, audit columns, logical delete and
 *   tenancy from it.
 * About forty list screens of the product differ mostly in fields: each should cost a definition.
 */

export type FieldType =
  | 'string' // one-line text
  | 'text' // multi-line text (textarea)
  | 'integer'
  | 'number' // decimal, sent as a string when precision matters
  | 'switch' // 0 / 1
  | 'select' // one value from `options` or `dict`
  | 'date' // yyyy-MM-dd
  | 'datetime' // yyyy-MM-dd HH:mm:ss
  | 'id'; // a reference to another row (bigint, a string in JSON)

/** BladeX filter suffixes (`<field>_<op>=value`); no suffix on the wire means `like`. */
export type FilterOp =
  | 'equal'
  | 'notequal'
  | 'like'
  | 'notlike'
  | 'likeleft'
  | 'likeright'
  | 'ge'
  | 'le'
  | 'gt'
  | 'lt'
  | 'datege'
  | 'dategt'
  | 'dateequal'
  | 'datele'
  | 'datelt'
  | 'null'
  | 'notnull';

export interface Option {
  value: string | number;
  label: LocalText;
}

export interface FieldDef {
  type: FieldType;
  label: LocalText;
  /** Database column; default: the field name in snake_case. */
  column?: string;
  /** The message shown when the value is missing (the spec's zh text verbatim). Absent: optional. */
  required?: LocalText;
  /** Longest accepted string (default 255 for string, 2000 for text). */
  maxLength?: number;
  /** Bounds for numbers. */
  min?: number;
  max?: number;
  /** A regular expression (source) the value must match, with its message. */
  pattern?: { source: string; message: LocalText };
  /** Offered in the search form with this operator ('range' for a date range: `_datege` / `_datelt`). */
  search?: FilterOp | 'range';
  /** Filters the server accepts for this field besides the search form's (default: the search operator). */
  filters?: FilterOp[];
  /** Shown as a table column (default true). */
  list?: boolean;
  /** Shown in the dialog form (default true); per mode when an object. */
  form?: boolean | { add?: boolean; edit?: boolean; view?: boolean };
  /** false: shown but not editable when editing (the key of a row, say). */
  editable?: boolean;
  /**
   * Options from a dictionary (`/api/blade-system/dict[-biz]/dictionary?code=`); `numeric`: its keys are
   * whole numbers, stored in an integer column.
   */
  dict?: { code: string; biz?: boolean; numeric?: boolean };
  /** Fixed options. */
  options?: Option[];
  /** Value of a new row. */
  default?: string | number | null;
  /** Form grid span out of 24 (default 12; text 24). */
  span?: 12 | 24;
  /** The table can sort by this column. */
  sortable?: boolean;
  /** Table column width, px. */
  width?: number;
  /**
   * Not stored: the server computes it when it reads a row (a name looked up from an id, say). It has no
   * column, is never written, and cannot be filtered or sorted on.
   */
  virtual?: boolean;
}

export interface EntityApi {
  /** Base path, e.g. `/api/blade-system/param`. */
  base: string;
  /** The paged list endpoint: `list` or `page`. */
  list: 'list' | 'page';
  /** `submit` (one endpoint, id present means update) or `save` + `update`. */
  save: 'submit' | 'save-update';
  /** Where `remove` takes its comma-joined ids. */
  removeIds: 'query' | 'body';
  /** Long calls (uploads of big bodies): 300 s time-out for save/update. */
  longSave?: boolean;
}

export interface EntityDef {
  /** Resource name, unique in its plugin: `param`. */
  name: string;
  /** Database table: `blade_param`. */
  table: string;
  /**
   * false: the plugin's own migrations make and change the table (one the engine's model does not fit,
   * a key other than `id`, say). Default: the engine creates the table and keeps it in step with the
   * definition at every start.
   */
  syncTable?: boolean;
  label: LocalText;
  /** Permission code prefix: `<permission>_add`, `_edit`, `_delete`, `_view`. */
  permission: string;
  /** Rows belong to a tenant (tenant_id, filtered and under row-level security). */
  tenant: boolean;
  /** Audit columns: create_user, create_dept, create_time, update_user, update_time, status. */
  audit: boolean;
  /** Remove sets is_deleted = 1 instead of deleting. */
  logicalDelete: boolean;
  api: EntityApi;
  fields: Record<string, FieldDef>;
  /** Default order of the list. */
  sort?: { field: string; order: 'asc' | 'desc' };
  /** Offer the date-range filter on create time (`createTime_dategt` / `createTime_datelt`). */
  createTimeRange?: boolean;
  /** Field whose value must be unique (per tenant when tenant-scoped), with the message. */
  unique?: { fields: string[]; message: LocalText }[];
}

/** Identity helper that types an entity definition. */
export function defineEntity<E extends EntityDef>(entity: E): E {
  return entity;
}

/** `paramName` → `param_name`. */
export function snakeCase(name: string): string {
  return name.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`);
}

export function fieldColumn(name: string, field: FieldDef): string {
  return field.column ?? snakeCase(name);
}

export function defaultMaxLength(field: FieldDef): number {
  return field.maxLength ?? (field.type === 'text' ? 2000 : 255);
}
