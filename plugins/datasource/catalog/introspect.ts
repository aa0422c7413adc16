import { bizError, type ColumnShape, type IndexShape, type TableShape, type TableSummary } from '../../../core/sdk/server';
import { DATASOURCE_MSG } from './messages';

/**
 * What PostgreSQL's catalogue says about the tables of the current schema, read the same way from the
 * embedded database (PGlite or PostgreSQL) and from a PostgreSQL datasource. Names reach SQL only as bound
 * parameters, except in `sampleRows`, which quotes names it found in the catalogue's own answer.
 */

/** A statement with bound parameters, on whichever connection. */
export type RunQuery = (sql: string, params: readonly unknown[]) => Promise<Record<string, unknown>[]>;

// Ordinary and partitioned tables; a partition is read through its parent.
const TABLES_SQL = `
  select c.relname::text as name, coalesce(obj_description(c.oid, 'pg_class'), '') as comment, greatest(c.reltuples, 0)::float8 as estimated_rows
    from pg_class c join pg_namespace n on n.oid = c.relnamespace
   where n.nspname = current_schema() and c.relkind in ('r', 'p') and not c.relispartition
   order by c.relname`;

const TABLE_SQL = `
  select c.oid::int8::text as oid, coalesce(obj_description(c.oid, 'pg_class'), '') as comment
    from pg_class c join pg_namespace n on n.oid = c.relnamespace
   where n.nspname = current_schema() and c.relkind in ('r', 'p') and c.relname = $1`;

const COLUMNS_SQL = `
  select a.attname::text as name, t.typname::text as type, a.atttypmod as typmod, not a.attnotnull as nullable, a.atthasdef as has_default,
         coalesce(col_description(a.attrelid, a.attnum), '') as comment,
         exists (select 1 from pg_index i where i.indrelid = a.attrelid and i.indisprimary and a.attnum = any (i.indkey::int2[])) as primary_key
    from pg_attribute a join pg_type t on t.oid = a.atttypid
   where a.attrelid = $1::text::oid and a.attnum > 0 and not a.attisdropped
   order by a.attnum`;

// Key columns only (not INCLUDE ones), in index order; an expression's position (0) names no column.
const INDEXES_SQL = `
  select ic.relname::text as name, i.indisunique as is_unique, i.indisprimary as is_primary,
         array(select a.attname::text
                 from unnest(i.indkey::int2[]) with ordinality as k(attnum, position)
                 join pg_attribute a on a.attrelid = i.indrelid and a.attnum = k.attnum
                where k.position <= i.indnkeyatts
                order by k.position) as columns
    from pg_index i join pg_class ic on ic.oid = i.indexrelid
   where i.indrelid = $1::text::oid
   order by i.indisprimary desc, ic.relname`;

const text = (v: unknown): string => (typeof v === 'string' ? v : '');
const flag = (v: unknown): boolean => v === true || v === 't';

export async function listTables(run: RunQuery, isPlatform: (name: string) => boolean): Promise<TableSummary[]> {
  const rows = await run(TABLES_SQL, []);
  return rows.map((r) => ({ name: text(r.name), comment: text(r.comment), estimatedRows: Math.round(Number(r.estimated_rows) || 0), platform: isPlatform(text(r.name)) }));
}

/** varchar(n) / char(n) keep n + 4 in the type modifier; numeric(p, s) keeps ((p << 16) | s) + 4. */
function typeSize(type: string, typmod: number): Pick<ColumnShape, 'maxLength' | 'precision' | 'scale'> {
  if (typmod < 4) return { maxLength: null, precision: null, scale: null };
  if (type === 'varchar' || type === 'bpchar') return { maxLength: typmod - 4, precision: null, scale: null };
  if (type === 'numeric') return { maxLength: null, precision: ((typmod - 4) >> 16) & 0xffff, scale: (typmod - 4) & 0xffff };
  return { maxLength: null, precision: null, scale: null };
}

export async function describeTable(run: RunQuery, table: string): Promise<TableShape | null> {
  const [found] = await run(TABLE_SQL, [table]);
  if (!found) return null;
  const oid = text(found.oid);
  const columns = (await run(COLUMNS_SQL, [oid])).map((r): ColumnShape => {
    const type = text(r.type);
    return {
      name: text(r.name),
      type,
      ...typeSize(type, Number(r.typmod)),
      nullable: flag(r.nullable),
      hasDefault: flag(r.has_default),
      comment: text(r.comment),
      primaryKey: flag(r.primary_key),
    };
  });
  const indexes = (await run(INDEXES_SQL, [oid])).map(
    (r): IndexShape => ({ name: text(r.name), columns: Array.isArray(r.columns) ? r.columns.map(text) : [], unique: flag(r.is_unique), primary: flag(r.is_primary) }),
  );
  return { name: table, comment: text(found.comment), columns, indexes };
}

/** An identifier as SQL text: only ever one the catalogue itself answered. */
const quoted = (name: string) => `"${name.replace(/"/g, '""')}"`;

/** The most rows a sample reads, whatever is asked. */
export const SAMPLE_LIMIT = 50;

/** Up to `limit` rows of the named columns (each checked against the table's), in primary-key order when it has one. */
export async function sampleRows(run: RunQuery, shape: TableShape, columns: readonly string[], limit: number): Promise<Record<string, unknown>[]> {
  const known = new Set(shape.columns.map((c) => c.name));
  if (columns.length === 0 || columns.some((c) => !known.has(c))) throw bizError(DATASOURCE_MSG.noColumn);
  const count = Math.max(0, Math.min(SAMPLE_LIMIT, Math.floor(Number.isFinite(limit) ? limit : 0)));
  if (count === 0) return [];
  const primary = shape.indexes.find((i) => i.primary)?.columns ?? [];
  const order = primary.length ? ` order by ${primary.map(quoted).join(', ')}` : '';
  return run(`select ${columns.map(quoted).join(', ')} from ${quoted(shape.name)}${order} limit $1`, [count]);
}
