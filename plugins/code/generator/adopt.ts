import type { ColumnShape } from '../../../core/sdk/shared';
import type { GenField, GenSpec } from '../spec';
import { GenRefusal } from './refusal';

/**
 * The statements that bring a table of the server's own database to the engine's shape, keeping its rows:
 * the key renamed to `id` and made a bigint, `tenant_id` (existing rows to 000000), the audit columns,
 * `is_deleted`, booleans to 1 / 0, dates to timestamps, floats to numeric, and NOT NULL dropped from the
 * columns the plugin leaves out (it never writes them). Every statement may run again without harm.
 */

/** A name as a quoted SQL identifier. */
const quoted = (name: string) => `"${name.replace(/"/g, `""`)}"`;
const INTEGERS = new Set(['int2', 'int4', 'int8']);
const STRINGS = new Set(['varchar', 'bpchar', 'text']);
const TIMES = new Set(['timestamp', 'timestamptz']);

/** What a field's engine column needs from the source column: nothing, a conversion, or refused. */
function conversion(field: GenField, column: ColumnShape, tree: boolean): string | null {
  const name = quoted(column.name);
  const t = column.type;
  const fits = (ok: boolean) => {
    if (!ok) {
      throw new GenRefusal({
        zh: `字段「${field.label.zh}」的类型 ${field.type} 无法保存在 ${t} 类型的列 ${column.name} 中`,
        en: `The field "${field.label.en}" of type ${field.type} cannot be kept in column ${column.name} of type ${t}`,
      });
    }
    return null;
  };
  // A boolean's default (true / false) cannot be cast: it goes, and a column that had one defaults to 0.
  const fromBoolean = (type: string) =>
    [`alter column ${name} drop default`, `alter column ${name} type ${type} using ${name}::integer`, ...(column.hasDefault ? [`alter column ${name} set default 0`] : [])].join(', ');
  switch (tree ? 'id' : field.type) {
    case 'string':
    case 'text':
    case 'richtext':
    case 'image':
      if (t === 'bpchar') return `alter column ${name} type varchar(${column.maxLength ?? 1})`;
      return fits(STRINGS.has(t));
    case 'select':
      if (field.columnType.startsWith('int')) return fits(INTEGERS.has(t));
      if (t === 'bpchar') return `alter column ${name} type varchar(${column.maxLength ?? 1})`;
      return fits(STRINGS.has(t));
    case 'integer':
    case 'money':
      if (t === 'bool') return fromBoolean('integer');
      return fits(INTEGERS.has(t));
    case 'switch':
      if (t === 'bool') return fromBoolean('smallint');
      return fits(INTEGERS.has(t));
    case 'number':
      if (t === 'float4' || t === 'float8') return `alter column ${name} type numeric using ${name}::numeric`;
      return fits(t === 'numeric' || INTEGERS.has(t));
    case 'id':
      return fits(INTEGERS.has(t));
    case 'date':
    case 'datetime':
      if (t === 'date') return `alter column ${name} type timestamp using ${name}::timestamp`;
      return fits(TIMES.has(t));
  }
  return null;
}

/** The engine's columns an existing column of the same name must be able to serve as. */
const ENGINE_COLUMN_TYPES: Record<string, { types: ReadonlySet<string>; add: string }> = {
  create_user: { types: new Set(['int8', 'int4']), add: 'bigint' },
  create_dept: { types: new Set(['int8', 'int4']), add: 'bigint' },
  update_user: { types: new Set(['int8', 'int4']), add: 'bigint' },
  create_time: { types: TIMES, add: 'timestamptz not null default now()' },
  update_time: { types: TIMES, add: 'timestamptz not null default now()' },
  status: { types: new Set(['int2', 'int4']), add: 'integer not null default 1' },
  is_deleted: { types: new Set(['int2', 'int4']), add: 'integer not null default 0' },
  tenant_id: { types: new Set(['varchar', 'bpchar', 'text']), add: "varchar(12) not null default '000000'" },
};

/** The adoption of `spec.adopt`'s table, as statements (each a whole `alter table`); refuses what it cannot do. */
export function adoptionStatements(spec: Pick<GenSpec, 'adopt' | 'fields' | 'table' | 'tenant' | 'audit' | 'tree'>): string[] {
  if (!spec.adopt) return [];
  const { columns, pkName } = spec.adopt;
  const table = quoted(spec.table);
  const keys = columns.filter((c) => c.primaryKey);
  if (keys.length > 1) {
    throw new GenRefusal({ zh: `数据表 ${spec.table} 的主键由多列组成，无法接管`, en: `Table ${spec.table} has a primary key of several columns: it cannot be adopted` });
  }
  if (keys.length === 0 || keys[0]!.name !== pkName) {
    throw new GenRefusal({ zh: `数据表 ${spec.table} 没有名为 ${pkName} 的主键，无法接管`, en: `Table ${spec.table} has no primary key named ${pkName}: it cannot be adopted` });
  }
  const key = keys[0]!;
  if (!INTEGERS.has(key.type)) {
    throw new GenRefusal({ zh: `数据表 ${spec.table} 的主键 ${pkName} 不是整数，无法接管`, en: `The primary key ${pkName} of table ${spec.table} is not a whole number: it cannot be adopted` });
  }
  if (pkName !== 'id' && columns.some((c) => c.name === 'id')) {
    throw new GenRefusal({ zh: `数据表 ${spec.table} 已有一列名为 id，主键 ${pkName} 无法改名`, en: `Table ${spec.table} already has a column named id: the key ${pkName} cannot be renamed to it` });
  }
  const statements: string[] = [];
  if (pkName !== 'id') statements.push(`alter table ${table} rename column ${quoted(pkName)} to id`);
  if (key.type !== 'int8') statements.push(`alter table ${table} alter column id type bigint`);

  const byName = new Map(columns.map((c) => [c.name, c]));
  const engine = [...(spec.tenant ? ['tenant_id'] : []), ...(spec.audit ? ['create_user', 'create_dept', 'create_time', 'update_user', 'update_time', 'status'] : []), 'is_deleted'];
  for (const name of engine) {
    const wanted = ENGINE_COLUMN_TYPES[name]!;
    const found = byName.get(name);
    if (!found) {
      statements.push(`alter table ${table} add column if not exists ${name} ${wanted.add}`);
      // Rows already there belong to the first tenant; a new row always names its own.
      if (name === 'tenant_id') statements.push(`alter table ${table} alter column tenant_id drop default`);
    } else if (!wanted.types.has(found.type)) {
      throw new GenRefusal({
        zh: `数据表 ${spec.table} 的列 ${name}（${found.type}）与引擎的同名列不兼容，无法接管`,
        en: `Column ${name} (${found.type}) of table ${spec.table} does not fit the engine's column of that name: the table cannot be adopted`,
      });
    }
  }
  const included = new Map(spec.fields.filter((f) => f.include).map((f) => [f.column, f]));
  for (const column of columns) {
    if (column.name === pkName || engine.includes(column.name)) continue;
    const field = included.get(column.name);
    if (!field) {
      if (!column.nullable) statements.push(`alter table ${table} alter column ${quoted(column.name)} drop not null`);
      continue;
    }
    const change = conversion(field, column, spec.tree?.parent === field.name);
    if (change) statements.push(`alter table ${table} ${change}`);
  }
  return statements;
}
