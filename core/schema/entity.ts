import type { LocalText } from './manifest';

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
  | 'id' // a reference to another row (bigint, a string in JSON)
  | 'image' // one image link: a file this server keeps or an http(s) URL (≤ 500 characters)
  | 'images' // several image links, in order, stored comma-joined (at most `max`, default 9)
  | 'richtext' // HTML, sanitised by the server on every save (maxLength default 20000)
  | 'money'; // whole fen (an integer in JSON, a bigint column), typed and shown as yuan with two decimals

/**
 * Where dictionaries are read, as the plugin that keeps them provides it (`provides.dictionaries`): the API
 * bases of the system and the business dictionaries (`<base>/dictionary?code=`).
 */
export interface DictionaryBases {
  system: string;
  business: string;
}

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

export interface PatternRule {
  source: string;
  message: LocalText;
}

/** A field's pattern rules as a list, in the order they are judged. */
export function patternRules(field: FieldDef): readonly PatternRule[] {
  const pattern = field.pattern;
  if (!pattern) return [];
  return 'source' in pattern ? [pattern] : pattern;
}

export interface Option {
  value: string | number;
  label: LocalText;
  /** An Arco tag colour: the table and the view show the option as a tag of it (a state, say). */
  color?: string;
}

/** Where a field's choices come from: a GET endpoint of rows, and the row fields holding value and label. */
export interface FieldSource {
  url: string;
  /** The row field stored as the value (default `id`). */
  value?: string;
  /** The row field shown. */
  label: string;
}

export interface FieldDef {
  type: FieldType;
  label: LocalText;
  /** Database column; default: the field name in snake_case. */
  column?: string;
  /** The message shown when the value is missing (its Chinese text as the product words it). Absent: optional. */
  required?: LocalText;
  /** Longest accepted string (default 255 for string, 2000 for text). */
  maxLength?: number;
  /**
   * Who may write the value, a data rule the server enforces whatever the form shows: `always` (default),
   * on `create` only (a key), or `never` (the server computes it). The form follows it too (disabled when
   * it may not be written); `form` and `editable` are the form's options alone.
   */
  writable?: 'always' | 'create' | 'never';
  /** Bounds for numbers; for `images`, the most pictures a value may hold (default 9). */
  min?: number;
  max?: number;
  /** Regular expressions (sources) the value must match, each with its message, judged in order. */
  pattern?: PatternRule | readonly PatternRule[];
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
   * Options from a dictionary (`biz`: the tenant's business dictionaries), read where the plugin keeping
   * dictionaries says (`provides.dictionaries`); `numeric`: its keys are whole numbers, stored in an
   * integer column.
   */
  dict?: { code: string; biz?: boolean; numeric?: boolean };
  /** Fixed options. */
  options?: Option[];
  /**
   * Choices of an `id` or `select` field read from a GET endpoint answering an array of rows (or a page,
   * whose `records` are the rows): `value` (default `id`) and `label` name the row's fields. The search
   * form and the form offer them, the table and the view show the label of a value.
   */
  source?: FieldSource;
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

/**
 * A tree of rows of one table: each row names its parent (0 or empty: a root). The engine then serves
 * `tree` (nested choices), `lazy-list` (one level, each row saying `hasChildren`) and `lazy-tree`, gives
 * every row its `parentName`, refuses a parent that is the row itself or one of its descendants, and
 * refuses to delete a row that still has children; the kit draws the table level by level.
 */
export interface TreeTrait {
  /** The field holding the parent's id (default `parentId`). */
  parent?: string;
  /** The field shown as a node's title (`deptName`). */
  title: string;
  /** A field the server keeps as the comma-joined chain of ancestor ids (`ancestors`), when there is one. */
  ancestors?: string;
}

export interface EntityDef<F extends Record<string, FieldDef> = Record<string, FieldDef>> {
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
  fields: F;
  /**
   * Default order of the list. Rows of equal value come newest first, or with `ties: 'oldest'` in the order
   * they were made (a menu's buttons, each sorted 1 to 4 under its menu).
   */
  sort?: { field: string; order: 'asc' | 'desc'; ties?: 'newest' | 'oldest' };
  /** Offer the date-range filter on create time (`createTime_dategt` / `createTime_datelt`). */
  createTimeRange?: boolean;
  /** Field whose value must be unique (per tenant when tenant-scoped), with the message. */
  unique?: { fields: string[]; message: LocalText }[];
  /** The rows form a tree. */
  tree?: TreeTrait;
}

/** A field as written in a definition: `required: true` takes the usual message (请输入 / 请选择 + label). */
export type FieldInput = Omit<FieldDef, 'required'> & { required?: LocalText | true };

/**
 * An entity as written: the common choices are defaults. `permission` is the name, `table` is
 * `blade_<name>`, rows belong to a tenant with audit columns and a logical delete, and the API is BladeX's
 * usual `list` / `submit` / `remove?ids=`.
 */
export type EntityInput<F extends Record<string, FieldInput>> = Omit<EntityDef, 'table' | 'permission' | 'tenant' | 'audit' | 'logicalDelete' | 'api' | 'fields'> & {
  table?: string;
  permission?: string;
  tenant?: boolean;
  audit?: boolean;
  logicalDelete?: boolean;
  api: Pick<EntityApi, 'base'> & Partial<EntityApi>;
  fields: F;
};

/** Fields chosen from a list rather than typed: their message says 请选择 (choose). */
const CHOSEN: readonly FieldType[] = ['select', 'switch', 'date', 'datetime', 'id'];
/** Fields given as files: their message says 请上传 (upload). */
const UPLOADED: readonly FieldType[] = ['image', 'images'];

/** The usual message of a required field: 请输入标题 / Please enter the title (请选择 for a choice, 请上传 for a picture). */
export function requiredMessage(field: Pick<FieldDef, 'type' | 'label'>): LocalText {
  const [zh, en] = CHOSEN.includes(field.type) ? ['请选择', 'choose'] : UPLOADED.includes(field.type) ? ['请上传', 'upload'] : ['请输入', 'enter'];
  return {
    zh: `${zh}${field.label.zh}`,
    en: `Please ${en} the ${field.label.en.charAt(0).toLowerCase()}${field.label.en.slice(1)}`,
  };
}

/** The definition of a field, its `required: true` turned into the usual message. */
type NormalField<F extends FieldInput> = Omit<F, 'required'> & FieldDef;

/** Types an entity definition and fills its defaults. Field names and types stay literal (for typed rows). */
export function defineEntity<const F extends Record<string, FieldInput>>(input: EntityInput<F>): EntityDef<{ [K in keyof F]: NormalField<F[K]> }> {
  const fields = Object.fromEntries(
    Object.entries(input.fields).map(([name, field]) => [name, field.required === true ? { ...field, required: requiredMessage(field) } : field]),
  ) as { [K in keyof F]: NormalField<F[K]> };
  return {
    ...input,
    table: input.table ?? `blade_${snakeCase(input.name)}`,
    permission: input.permission ?? input.name,
    tenant: input.tenant ?? true,
    audit: input.audit ?? true,
    logicalDelete: input.logicalDelete ?? true,
    api: { list: 'list', save: 'submit', removeIds: 'query', ...input.api },
    fields,
  };
}

/** `paramName` → `param_name`. */
export function snakeCase(name: string): string {
  return name.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`);
}

export function fieldColumn(name: string, field: FieldDef): string {
  return field.column ?? snakeCase(name);
}

/** Longest accepted string of a text-like field (an `images` value is limited by its count, not this). */
export function defaultMaxLength(field: FieldDef): number {
  if (field.maxLength !== undefined) return field.maxLength;
  switch (field.type) {
    case 'text':
      return 2000;
    case 'image':
      return IMAGE_LINK_MAX;
    case 'richtext':
      return 20000;
    default:
      return 255;
  }
}

/** Longest image link (the column of an `image` field). */
export const IMAGE_LINK_MAX = 500;

/** The most pictures an `images` field holds unless its `max` says otherwise. */
export const DEFAULT_IMAGES_MAX = 9;

/** The count limit of an `images` field. */
export const imagesMax = (field: Pick<FieldDef, 'max'>): number => field.max ?? DEFAULT_IMAGES_MAX;
