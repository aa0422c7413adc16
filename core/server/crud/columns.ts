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

const RESERVED_COLUMNS = new Set(['id', 'tenant_id', 'is_deleted', ...Object.values(AUDIT_COLUMN)]);

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

export function entityFields(entity: EntityDef): ResolvedField[] {
  return Object.entries(entity.fields).map(([name, field]) => ({ name, column: fieldColumn(name, field), field, kind: valueKind(field) }));
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
  for (const f of entityFields(entity)) {
    if (!IDENTIFIER.test(f.column)) throw new Error(`${where}: column "${f.column}" of field "${f.name}" is not a plain identifier.`);
    if (RESERVED_COLUMNS.has(f.column)) throw new Error(`${where}: field "${f.name}" uses the reserved column "${f.column}".`);
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

/**
 * `create table` for the entity, with the indexes its list needs: tenant + default sort column (live rows
 * only), and a partial unique index per `unique` rule (the race-proof half of the unique check).
 */
export function entityTableSql(entity: EntityDef): string {
  checkEntity(entity);
  const t = entity.table;
  const lines = ['id bigint primary key'];
  if (entity.tenant) lines.push('tenant_id varchar(12) not null');
  for (const f of entityFields(entity)) lines.push(`${f.column} ${columnType(f.field)}`);
  if (entity.audit) {
    lines.push(
      'create_user bigint',
      'create_dept bigint',
      'create_time timestamptz not null default now()',
      'update_user bigint',
      'update_time timestamptz not null default now()',
      'status int not null default 1',
    );
  }
  if (entity.logicalDelete) lines.push('is_deleted int not null default 0');
  const live = entity.logicalDelete ? ' where is_deleted = 0' : '';
  const sort = entity.sort ? orderTerm(sortColumn(entity, entity.sort.field)!, entity.sort.order) : 'id desc';
  const statements = [`create table ${t} (\n  ${lines.join(',\n  ')}\n);`];
  statements.push(`create index ${t}_list on ${t} (${entity.tenant ? 'tenant_id, ' : ''}${sort === 'id desc' ? sort : `${sort}, id desc`})${live};`);
  (entity.unique ?? []).forEach((unique, i) => {
    const cols = unique.fields.map((name) => fieldColumn(name, entity.fields[name]));
    statements.push(`create unique index ${t}_unique_${i + 1} on ${t} (${entity.tenant ? 'tenant_id, ' : ''}${cols.join(', ')})${live};`);
  });
  return statements.join('\n');
}

/** The entity's table as a migration (`<plugin>/<id>` once applied: never edit it, add the next one). */
export function entityMigration(entity: EntityDef, id = `001_${entity.table}`): { id: string; sql: string } {
  return { id, sql: entityTableSql(entity) };
}
