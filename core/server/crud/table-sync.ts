import { createHash } from 'node:crypto';
import type { EntityDef } from '../../schema/entity';
import type { Tx } from '../db/types';
import { entityTableParts, type TableColumn, type TableIndex } from './columns';
import { StartRefusal } from '../start-refusal';

/**
 * Keeps an entity's table in step with its definition, at every start, inside the migration lock:
 * - no table: it is created with every column and index;
 * - a field added to the definition: its column is added (nullable, so rows already there are fine);
 * - a string grown longer, an integer that must hold more: the column is widened (no value can be lost);
 * - an index or unique rule added or changed: the engine's index is (re)built under a name carrying a hash
 *   of its definition; engine indexes no longer declared are dropped (an index holds no data).
 * Nothing that could lose data is ever done by itself: a column whose type changed in a way that is not a
 * widening stops the start with a message asking for a migration, and a column whose field left the
 * definition is kept (its data stays; drop it with a migration when that is really meant).
 * Migrations written by hand run before the sync, so a rename or a conversion can prepare the table.
 */

export interface SyncChange {
  table: string;
  /** `create table`, `add column x`, `widen column x to varchar(64)`, `create index …`, `drop index …`. */
  change: string;
}

interface ExistingColumn {
  column_name: string;
  data_type: string;
  character_maximum_length: number | null;
}

/** A column type as PostgreSQL reports it, in the spelling of our DDL. */
function existingType(c: ExistingColumn): string {
  switch (c.data_type) {
    case 'character varying':
      return c.character_maximum_length ? `varchar(${c.character_maximum_length})` : 'text';
    case 'character':
      return `char(${c.character_maximum_length ?? 1})`;
    case 'timestamp without time zone':
      return 'timestamp';
    case 'timestamp with time zone':
      return 'timestamptz';
    default:
      return c.data_type;
  }
}

const INTEGER_WIDTH: Record<string, number> = { smallint: 1, integer: 2, bigint: 3, numeric: 4 };
const varcharLength = (type: string) => {
  const m = /^varchar\((\d+)\)$/.exec(type);
  return m ? Number(m[1]) : null;
};

/**
 * What to do with an existing column for a wanted type: nothing (it already holds every wanted value),
 * widen it to the wanted type, or refuse (a conversion that could lose or misread data).
 */
export function columnPlan(existing: string, wanted: string): 'keep' | 'widen' | 'refuse' {
  if (existing === wanted) return 'keep';
  const wantedLength = varcharLength(wanted);
  const existingLength = varcharLength(existing);
  if (wantedLength !== null || wanted === 'text') {
    if (existing === 'text') return 'keep';
    if (existingLength !== null) return wanted === 'text' || existingLength < wantedLength! ? 'widen' : 'keep';
    return 'refuse';
  }
  if (wanted in INTEGER_WIDTH && existing in INTEGER_WIDTH) return INTEGER_WIDTH[existing]! >= INTEGER_WIDTH[wanted]! ? 'keep' : 'widen';
  // Wall-clock or instant: both hold a date and time; the engine reads either.
  if ((wanted === 'timestamp' || wanted === 'timestamptz') && (existing === 'timestamp' || existing === 'timestamptz')) return 'keep';
  return 'refuse';
}

/** Names the engine gives its indexes: `<table>_<kind>_<hash>`, and the names of earlier versions. */
const ENGINE_INDEX = (table: string) => new RegExp(`^(?:${table.slice(0, 40)}_(?:list|unique|search|filter|sort)_[0-9a-f]{8}|${table}_(?:list|unique_\\d+))$`);

/** The index's name for its definition: a changed definition gets a new name, so it is rebuilt. */
export function indexName(table: string, index: TableIndex): string {
  const hash = createHash('sha256').update(index.definition).digest('hex').slice(0, 8);
  return `${table.slice(0, 40)}_${index.kind}_${hash}`;
}

function columnSql(column: TableColumn): string {
  return `${column.name} ${column.type}${column.notNull ? ' not null' : ''}${column.default !== undefined ? ` default ${column.default}` : ''}`;
}

/** Brings the entity's table in step with its definition; returns what it changed. */
export async function syncEntityTable(tx: Tx, entity: EntityDef): Promise<SyncChange[]> {
  const { table, columns, indexes } = entityTableParts(entity);
  const changes: SyncChange[] = [];
  const note = (change: string) => changes.push({ table, change });
  const existing = await tx.query<ExistingColumn>(
    `select column_name, data_type, character_maximum_length from information_schema.columns
      where table_schema = current_schema() and table_name = $1`,
    [table],
  );

  if (existing.length === 0) {
    await tx.exec(`create table ${table} (\n  ${['id bigint primary key', ...columns.map(columnSql)].join(',\n  ')}\n)`);
    note('create table');
  } else {
    const byName = new Map(existing.map((c) => [c.column_name, c]));
    for (const column of columns) {
      const found = byName.get(column.name);
      if (!found) {
        if (column.notNull && column.default === undefined) {
          throw new StartRefusal(
            `Entity "${entity.name}": table ${table} has rows of an earlier definition and no column "${column.name}", which must not be null. ` +
              'Add it with a migration that fills it (tenancy cannot be switched on by a definition alone).',
          );
        }
        await tx.exec(`alter table ${table} add column ${columnSql(column)}`);
        note(`add column ${column.name}`);
        continue;
      }
      const type = existingType(found);
      const plan = columnPlan(type, column.type);
      if (plan === 'widen') {
        await tx.exec(`alter table ${table} alter column ${column.name} type ${column.type}`);
        note(`widen column ${column.name} to ${column.type}`);
      } else if (plan === 'refuse') {
        throw new StartRefusal(
          `Entity "${entity.name}": column ${table}.${column.name} is ${type} in the database, but the definition now makes it ${column.type}. ` +
            'The engine only adds columns and widens them; write a migration in the plugin that converts the column.',
        );
      }
    }
  }

  const present = new Set((await tx.query<{ indexname: string }>(`select indexname from pg_indexes where schemaname = current_schema() and tablename = $1`, [table])).map((r) => r.indexname));
  const wanted = new Set<string>();
  const trigrams = indexes.some((i) => i.requires === 'pg_trgm') && (await ensureTrigrams(tx));
  let built = false;
  for (const index of indexes) {
    if (index.requires === 'pg_trgm' && !trigrams) continue;
    const name = indexName(table, index);
    wanted.add(name);
    if (present.has(name)) continue;
    try {
      await tx.exec(`create ${index.unique ? 'unique ' : ''}index ${name} on ${table} ${index.definition}`);
    } catch (error) {
      const reason = error instanceof Error ? error.message : String(error);
      throw new StartRefusal(`Entity "${entity.name}": index ${name} on ${table} ${index.definition} could not be built (${reason}). Mend the rows that break the rule, then start again.`);
    }
    note(`create index ${name}`);
    built = true;
  }
  // An expression index (lower(column)) has no statistics until the table is analysed: until then the
  // planner would guess how many rows a substring matches. Rows already there are sampled now.
  if (built && existing.length > 0) await tx.exec(`analyze ${table}`);
  const engine = ENGINE_INDEX(table);
  for (const name of present) {
    if (engine.test(name) && !wanted.has(name)) {
      await tx.exec(`drop index ${name}`);
      note(`drop index ${name}`);
    }
  }
  return changes;
}

/**
 * Whether pg_trgm (trigram indexes) is there, creating it when the database offers it and the role may
 * (it is a trusted extension: a database owner may). Where it is missing the substring filters still work,
 * by reading the tenant's rows; the attempt runs in a savepoint so a refusal leaves the migration going.
 */
export async function ensureTrigrams(tx: Tx): Promise<boolean> {
  if (await tx.one(`select 1 as found from pg_extension where extname = 'pg_trgm'`)) return true;
  if (!(await tx.one(`select 1 as found from pg_available_extensions where name = 'pg_trgm'`))) return false;
  await tx.exec('savepoint ensure_trigrams');
  try {
    await tx.exec('create extension if not exists pg_trgm');
    await tx.exec('release savepoint ensure_trigrams');
    return true;
  } catch {
    await tx.exec('rollback to savepoint ensure_trigrams');
    return false;
  }
}
