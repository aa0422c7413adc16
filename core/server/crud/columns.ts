import { defaultMaxLength, fieldColumn, type EntityDef, type FieldDef } from '../../schema/entity';
import { selectIsNumeric } from '../../schema/filters';

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

/** The columns the engine keeps itself for an entity of this kind (no field may claim them). */
function reservedColumns(entity: EntityDef): Set<string> {
  return new Set(['id', ...(entity.tenant ? ['tenant_id'] : []), ...(entity.logicalDelete ? ['is_deleted'] : []), ...(entity.audit ? Object.values(AUDIT_COLUMN) : [])]);
}

/** What a value of the field is in SQL and in JSON. */
export type ValueKind = 'text' | 'int' | 'decimal' | 'id' | 'date' | 'datetime';

export function valueKind(field: FieldDef): ValueKind {
  switch (field.type) {
    case 'integer':
    case 'switch':
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
      return 'bigint';
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

/**
 * One ORDER BY term, with nulls where MySQL (BladeX) puts them: first ascending, last descending. The
 * list index is built with the same term, so it serves the default order.
 */
export function orderTerm(column: string, dir: 'asc' | 'desc', alias = ''): string {
  if (NOT_NULL.has(column)) return `${alias}${column} ${dir}`;
  return `${alias}${column} ${dir} ${dir === 'asc' ? 'nulls first' : 'nulls last'}`;
}

/** Columns the list may be sorted by: sortable fields and the default sort's column. */
export function sortableColumns(entity: EntityDef): Set<string> {
  const columns = new Set(entityFields(entity).filter((f) => f.field.sortable).map((f) => f.column));
  const byDefault = entity.sort ? sortColumn(entity, entity.sort.field) : undefined;
  if (byDefault) columns.add(byDefault);
  return columns;
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
    if (f.field.pattern) new RegExp(f.field.pattern.source); // throws on a bad pattern
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
  kind: 'list' | 'unique' | 'search';
  unique: boolean;
  /** What follows `on <table>`: `(tenant_id, create_time desc, id desc) where is_deleted = 0`. */
  definition: string;
}

/**
 * The table an entity is stored in: one column per stored field besides `id`, plus `tenant_id`, the audit
 * columns and `is_deleted` as the definition asks, and the indexes its list needs: tenant + default sort
 * column (live rows only), and a partial unique index per `unique` rule (the race-proof half of the
 * unique check).
 */
export function entityTableParts(entity: EntityDef): { table: string; columns: TableColumn[]; indexes: TableIndex[] } {
  checkEntity(entity);
  const columns: TableColumn[] = [];
  if (entity.tenant) columns.push({ name: 'tenant_id', type: 'varchar(12)', notNull: true });
  for (const f of entityFields(entity)) columns.push({ name: f.column, type: columnType(f.field) });
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
  const live = entity.logicalDelete ? ' where is_deleted = 0' : '';
  const tenant = entity.tenant ? 'tenant_id, ' : '';
  const sort = entity.sort ? orderTerm(sortColumn(entity, entity.sort.field)!, entity.sort.order) : 'id desc';
  const ties = entity.sort?.ties === 'oldest' ? 'id asc' : 'id desc';
  const indexes: TableIndex[] = [{ kind: 'list', unique: false, definition: `(${tenant}${sort === 'id desc' ? sort : `${sort}, ${ties}`})${live}` }];
  for (const unique of entity.unique ?? []) {
    const cols = unique.fields.map((name) => fieldColumn(name, entity.fields[name]!));
    indexes.push({ kind: 'unique', unique: true, definition: `(${tenant}${cols.join(', ')})${live}` });
  }
  return { table: entity.table, columns, indexes };
}
