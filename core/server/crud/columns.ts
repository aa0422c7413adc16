import { defaultMaxLength, fieldColumn, patternRules, type EntityDef, type FieldDef, type FilterOp } from '../../schema/entity';
import { allowedOps, selectIsNumeric } from '../../schema/filters';

/**
 * How the engine stores an entity: one column per field, plus `id`, `tenant_id` (tenant entities), the
 * BladeX audit columns (audit entities) and `is_deleted` (logical delete). Names come from the definition
 * (trusted code), and are still checked to be plain identifiers before any SQL is built from them.
 */

export const IDENTIFIER = /^[a-z_][a-z0-9_]{0,62}$/;

export const AUDIT_FIELDS = ['createUser', 'createDept', 'createTime', 'updateUser', 'updateTime', 'status'] as const;
export type AuditField = (typeof AUDIT_FIELDS)[number];
export const AUDIT_COLUMN: Record<AuditField, string> = {
  createUser: 'create_user',
  createDept: 'create_dept',
  createTime: 'create_time',
  updateUser: 'update_user',
  updateTime: 'update_time',
  status: 'status',
};

/**
 * An audit entity's `status` column is BladeX's business state (1 by default): a whole-number field named
 * `status` says what it holds (enabled / disabled, with its choices and filter) and is stored there.
 */
export function fieldOwnsStatus(entity: EntityDef): boolean {
  const field = entity.fields.status;
  return entity.audit && field !== undefined && !field.virtual && fieldColumn('status', field) === AUDIT_COLUMN.status && valueKind(field) === 'int';
}

/** The columns the engine keeps itself for an entity of this kind (no field may claim them, but `status`: see fieldOwnsStatus). */
function reservedColumns(entity: EntityDef): Set<string> {
  const audit = entity.audit ? Object.values(AUDIT_COLUMN).filter((c) => c !== AUDIT_COLUMN.status || !fieldOwnsStatus(entity)) : [];
  return new Set(['id', ...(entity.tenant ? ['tenant_id'] : []), ...(entity.logicalDelete ? ['is_deleted'] : []), ...audit]);
}

/** What a value of the field is in SQL and in JSON. */
export type ValueKind = 'text' | 'int' | 'decimal' | 'id' | 'date' | 'datetime';

export function valueKind(field: FieldDef): ValueKind {
  switch (field.type) {
    case 'integer':
    case 'switch':
    case 'money':
      return 'int';
    case 'number':
      return 'decimal';
    case 'id':
      return 'id';
    case 'date':
      return 'date';
    case 'datetime':
      return 'datetime';
    case 'select':
      return selectIsNumeric(field) ? 'int' : 'text';
    default:
      return 'text';
  }
}

/** The column type of a field (PostgreSQL). */
export function columnType(field: FieldDef): string {
  switch (field.type) {
    case 'string':
      return `varchar(${defaultMaxLength(field)})`;
    case 'text': {
      const max = defaultMaxLength(field);
      return max <= 10_000 ? `varchar(${max})` : 'text';
    }
    case 'integer':
      return 'integer';
    case 'number':
      return 'numeric';
    case 'switch':
      return 'smallint';
    case 'select':
      return selectIsNumeric(field) ? 'integer' : `varchar(${field.maxLength ?? 255})`;
    case 'date':
    case 'datetime':
      // Wall-clock values, as the browser sends them: no time zone to shift them.
      return 'timestamp';
    case 'id':
    case 'money':
      return 'bigint';
    case 'image':
      return `varchar(${defaultMaxLength(field)})`;
    case 'images':
    case 'richtext':
      return 'text';
  }
}

export interface ResolvedField {
  name: string;
  column: string;
  field: FieldDef;
  kind: ValueKind;
}

/** The stored fields of an entity (virtual ones have no column). */
export function entityFields(entity: EntityDef): ResolvedField[] {
  return Object.entries(entity.fields).filter(([, field]) => !field.virtual).map(([name, field]) => ({ name, column: fieldColumn(name, field), field, kind: valueKind(field) }));
}

/** A field name or its column, or an audit field of an audit entity, or `id` → its column; else undefined. */
export function sortColumn(entity: EntityDef, key: string): string | undefined {
  const trimmed = key.trim();
  if (trimmed === 'id') return 'id';
  for (const f of entityFields(entity)) if (f.name === trimmed || f.column === trimmed) return f.column;
  if (entity.audit) {
    for (const name of ['createTime', 'updateTime'] as const) if (name === trimmed || AUDIT_COLUMN[name] === trimmed) return AUDIT_COLUMN[name];
  }
  return undefined;
}

/** Columns that are never null (their ORDER BY needs no NULLS clause). */
const NOT_NULL = new Set(['id', 'create_time', 'update_time']);

/** Whether a column may hold nulls (field columns may; the engine's id and audit times never do). */
export const isNullable = (column: string) => !NOT_NULL.has(column);

/**
 * One ORDER BY term, with nulls where MySQL (BladeX) puts them: first ascending, last descending. The
 * list index is built with the same term, so it serves the default order.
 */
export function orderTerm(column: string, dir: 'asc' | 'desc', alias = ''): string {
  if (!isNullable(column)) return `${alias}${column} ${dir}`;
  return `${alias}${column} ${dir} ${dir === 'asc' ? 'nulls first' : 'nulls last'}`;
}

/** Columns the list may be sorted by: sortable fields and the default sort's column. */
export function sortableColumns(entity: EntityDef): Set<string> {
  const columns = new Set(entityFields(entity).filter((f) => f.field.sortable).map((f) => f.column));
  const byDefault = entity.sort ? sortColumn(entity, entity.sort.field) : undefined;
  if (byDefault) columns.add(byDefault);
  return columns;
}

/**
 * Whether a field of its type can be filtered with the operator: a picture only by being there or not
 * (`null` / `notnull`), several pictures and rich text not at all (a link or markup is nothing to search).
 */
function filterableBy(field: FieldDef, op: FilterOp): boolean {
  if (field.type === 'image') return op === 'null' || op === 'notnull';
  return field.type !== 'images' && field.type !== 'richtext';
}

const checked = new WeakSet<EntityDef>();

/** Throws (at start-up) when a definition would make bad SQL: odd names, clashing columns, unknown references. */
export function checkEntity(entity: EntityDef): void {
  if (checked.has(entity)) return;
  const where = `Entity "${entity.name}"`;
  if (!IDENTIFIER.test(entity.table)) throw new Error(`${where}: table name "${entity.table}" is not a plain identifier.`);
  const columns = new Set<string>();
  const reserved = reservedColumns(entity);
  for (const f of entityFields(entity)) {
    if (!IDENTIFIER.test(f.column)) throw new Error(`${where}: column "${f.column}" of field "${f.name}" is not a plain identifier.`);
    if (reserved.has(f.column)) throw new Error(`${where}: field "${f.name}" uses the reserved column "${f.column}".`);
    if (columns.has(f.column)) throw new Error(`${where}: column "${f.column}" is used by two fields.`);
    columns.add(f.column);
    for (const rule of patternRules(f.field)) new RegExp(rule.source); // throws on a bad pattern
    const refused = allowedOps(f.field).filter((op) => !filterableBy(f.field, op));
    if (refused.length) throw new Error(`${where}: field "${f.name}" of type ${f.field.type} cannot be filtered with ${refused.join(', ')}.`);
    if (f.field.source && f.field.type !== 'id' && f.field.type !== 'select') throw new Error(`${where}: field "${f.name}": only an id or select field takes its choices from a source.`);
  }
  if (entity.sort && !sortColumn(entity, entity.sort.field)) throw new Error(`${where}: sort field "${entity.sort.field}" is not a field.`);
  for (const unique of entity.unique ?? []) {
    for (const name of unique.fields) if (!Object.hasOwn(entity.fields, name)) throw new Error(`${where}: unique field "${name}" is not a field.`);
  }
  checked.add(entity);
}

export interface TableColumn {
  name: string;
  type: string;
  notNull?: boolean;
  /** SQL default expression. */
  default?: string;
}

export interface TableIndex {
  /**
   * `list`: the default order; `unique`: a unique rule; `search`: trigrams of a substring-searched field;
   * `filter`: an equality or range filter, then the default order; `sort`: another sortable column.
   */
  kind: 'list' | 'unique' | 'search' | 'filter' | 'sort';
  unique: boolean;
  /** What follows `on <table>`: `(tenant_id, create_time desc, id desc) where is_deleted = 0`. */
  definition: string;
  /** An extension the index needs (`pg_trgm` for trigram indexes); skipped where it cannot be had. */
  requires?: 'pg_trgm';
}

/** Filter operators a btree answers (`notequal` and the LIKE family it does not). */
const BTREE_OPS: ReadonlySet<string> = new Set(['equal', 'ge', 'le', 'gt', 'lt', 'datege', 'dategt', 'dateequal', 'datele', 'datelt', 'null', 'notnull']);
/** LIKE operators a trigram index answers (`notlike` it does not). */
const TRIGRAM_OPS: ReadonlySet<string> = new Set(['like', 'likeleft', 'likeright']);

/** The SQL type of a column of the entity's table (a field's, or one the engine keeps). */
export function columnSqlType(entity: EntityDef, column: string): string {
  if (column === 'id' || column === 'create_user' || column === 'create_dept' || column === 'update_user') return 'bigint';
  if (column === 'create_time' || column === 'update_time') return 'timestamptz';
  if (column === 'tenant_id') return 'varchar(12)';
  if (column === 'status' || column === 'is_deleted') return 'integer';
  const f = entityFields(entity).find((x) => x.column === column);
  if (!f) throw new Error(`Entity "${entity.name}": no column "${column}".`);
  return columnType(f.field);
}

/**
 * The indexes an entity's lists need, each on live rows only and led by `tenant_id` (tenant entities):
 * - the default order (tenant, sort column, id): a page of the unfiltered list is the first rows of it;
 * - per unique rule, a unique index (the race-proof half of the unique check);
 * - per field searched by substring (`like`, `likeleft`, `likeright`), a trigram index of `lower(column)`,
 *   the expression the filter compares, so `%x%` finds its rows without reading the tenant's;
 * - per field with an equality or range filter, (tenant, column, default order): an equality filter's page
 *   is then the first rows of a range of the index, already in order;
 * - per other sortable column, (tenant, column, id), read forwards or backwards.
 */
function listIndexes(entity: EntityDef): TableIndex[] {
  const live = entity.logicalDelete ? ' where is_deleted = 0' : '';
  const tenant = entity.tenant ? 'tenant_id, ' : '';
  const sortColumnName = entity.sort ? sortColumn(entity, entity.sort.field)! : 'id';
  const sort = entity.sort ? orderTerm(sortColumnName, entity.sort.order) : 'id desc';
  const ties = entity.sort?.ties === 'oldest' ? 'id asc' : 'id desc';
  const order = sort === 'id desc' ? sort : `${sort}, ${ties}`;
  const indexes: TableIndex[] = [{ kind: 'list', unique: false, definition: `(${tenant}${order})${live}` }];
  const uniqueAlone = new Set<string>();
  for (const unique of entity.unique ?? []) {
    const cols = unique.fields.map((name) => fieldColumn(name, entity.fields[name]!));
    if (cols.length === 1) uniqueAlone.add(cols[0]!);
    indexes.push({ kind: 'unique', unique: true, definition: `(${tenant}${cols.join(', ')})${live}` });
  }
  const filtered: { column: string; ops: readonly string[]; sortable: boolean; text: boolean }[] = entityFields(entity).map((f) => ({
    column: f.column,
    ops: allowedOps(f.field),
    sortable: !!f.field.sortable,
    text: f.kind === 'text',
  }));
  if (entity.createTimeRange && entity.audit) filtered.push({ column: AUDIT_COLUMN.createTime, ops: ['datege', 'datelt'], sortable: false, text: false });
  for (const f of filtered) {
    if (f.text && f.ops.some((op) => TRIGRAM_OPS.has(op))) {
      // On every row, removed ones too: the planner takes the statistics of `lower(column)` from an index
      // of that expression only when the index is not partial, and without them it guesses a substring's
      // share of rows from the pattern's length (a common one then looks rare, and a page sorts all its
      // matches instead of walking the list's index to the first ten). fastupdate off: new rows go into
      // the index at once, not into a pending list every search reads through until a vacuum merges it
      // (the embedded database has no autovacuum).
      indexes.push({ kind: 'search', unique: false, definition: `using gin (lower(${f.column}) gin_trgm_ops) with (fastupdate = off)`, requires: 'pg_trgm' });
    }
    if (f.column === sortColumnName) continue; // the list index leads with it
    // A unique field: its index finds the one row.
    if (f.ops.some((op) => BTREE_OPS.has(op)) && !uniqueAlone.has(f.column)) indexes.push({ kind: 'filter', unique: false, definition: `(${tenant}${f.column}, ${order})${live}` });
    if (f.sortable) indexes.push({ kind: 'sort', unique: false, definition: `(${tenant}${orderTerm(f.column, 'asc')}, ${ties})${live}` });
  }
  return indexes;
}

/**
 * The table an entity is stored in: one column per stored field besides `id`, plus `tenant_id`, the audit
 * columns and `is_deleted` as the definition asks, and the indexes its lists need (see `listIndexes`).
 */
export function entityTableParts(entity: EntityDef): { table: string; columns: TableColumn[]; indexes: TableIndex[] } {
  checkEntity(entity);
  const columns: TableColumn[] = [];
  if (entity.tenant) columns.push({ name: 'tenant_id', type: 'varchar(12)', notNull: true });
  // A `status` field is kept in the audit column of that name (below).
  for (const f of entityFields(entity)) if (!(entity.audit && f.column === AUDIT_COLUMN.status)) columns.push({ name: f.column, type: columnType(f.field) });
  if (entity.audit) {
    columns.push(
      { name: 'create_user', type: 'bigint' },
      { name: 'create_dept', type: 'bigint' },
      { name: 'create_time', type: 'timestamptz', notNull: true, default: 'now()' },
      { name: 'update_user', type: 'bigint' },
      { name: 'update_time', type: 'timestamptz', notNull: true, default: 'now()' },
      { name: 'status', type: 'integer', notNull: true, default: '1' },
    );
  }
  if (entity.logicalDelete) columns.push({ name: 'is_deleted', type: 'integer', notNull: true, default: '0' });
  return { table: entity.table, columns, indexes: listIndexes(entity) };
}
