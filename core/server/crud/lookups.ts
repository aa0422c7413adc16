import { fieldColumn, type EntityDef } from '../../schema/entity';
import type { Tx } from '../db/types';
import type { IdsByName, NameLookup } from '../extensions';
import { validIds } from '../user/users';
import { SqlParams } from './sql';

/**
 * What a plugin tells the kernel about its rows (`provides.names`, `provides.idsByName`), derived from
 * the entity instead of written as SQL by each plugin: the live rows of the tenant, read through the
 * entity's table, tenancy and logical delete.
 */

function columnOf(entity: EntityDef, field: string): string {
  const def = entity.fields[field];
  if (!def || def.virtual) throw new Error(`Entity "${entity.name}": "${field}" is no stored field of it.`);
  return fieldColumn(field, def);
}

/** The conditions of a tenant's live rows. */
function liveRows(entity: EntityDef, tenantId: string, p: SqlParams): string[] {
  return [...(entity.tenant ? [`tenant_id = ${p.add(tenantId)}`] : []), ...(entity.logicalDelete ? ['is_deleted = 0'] : [])];
}

/** The names (`field`) of live rows by id, in the order of the ids asked; unknown ids are left out. */
export function entityNames(entity: EntityDef, field: string): NameLookup {
  const column = columnOf(entity, field);
  return async (tx: Tx, tenantId: string, ids: readonly string[]) => {
    const list = [...new Set(validIds([...ids]))];
    if (list.length === 0) return [];
    const p = new SqlParams();
    const where = [`id = any(${p.add(list)}::bigint[])`, ...liveRows(entity, tenantId, p)];
    const rows = await tx.query<{ id: string; name: string | null }>(`select id::text as id, ${column} as name from ${entity.table} where ${where.join(' and ')}`, p.values);
    const byId = new Map(rows.map((r) => [r.id, r.name ?? '']));
    return ids.flatMap((id) => (byId.has(id) ? [byId.get(id)!] : []));
  };
}

/**
 * The ids of the live rows each name designates: a row is designated by the value of any of `fields`
 * (its name, its code), spaces around it ignored. A name that designates nothing is left out; one that
 * designates several rows gets all of them (the caller decides what an ambiguous name means).
 */
export function entityIdsByName(entity: EntityDef, fields: readonly string[]): IdsByName {
  const columns = fields.map((field) => columnOf(entity, field));
  return async (tx: Tx, tenantId: string, names: readonly string[]) => {
    const wanted = [...new Set(names.map((n) => n.trim()).filter(Boolean))];
    const found = new Map<string, string[]>();
    if (wanted.length === 0) return found;
    const p = new SqlParams();
    const asked = p.add(wanted);
    const matches = columns.map((c) => `trim(${c}::text) = any(${asked}::text[])`);
    const where = [`(${matches.join(' or ')})`, ...liveRows(entity, tenantId, p)];
    const values = columns.map((c, i) => `trim(${c}::text) as v${i}`);
    const rows = await tx.query<Record<string, string | null>>(`select id::text as id, ${values.join(', ')} from ${entity.table} where ${where.join(' and ')} order by id`, p.values);
    for (const row of rows) {
      for (const name of new Set(columns.map((_, i) => row[`v${i}`] ?? ''))) {
        if (wanted.includes(name)) found.set(name, [...(found.get(name) ?? []), row.id!]);
      }
    }
    return found;
  };
}

/**
 * The name of each live id through a kernel name lookup (which answers names only, unknown ids left
 * out), as a map: one call when every id is live (the usual case), else one call per id so that each
 * name is matched to its own id. No lookup (the providing plugin is not installed): nothing is known.
 */
export async function namesById(lookup: NameLookup | undefined, tx: Tx, tenantId: string, ids: readonly string[]): Promise<Map<string, string>> {
  const list = [...new Set(ids)];
  if (!lookup || list.length === 0) return new Map();
  const names = await lookup(tx, tenantId, list);
  if (names.length === list.length) return new Map(list.map((id, i) => [id, names[i]!]));
  const found = new Map<string, string>();
  for (const id of list) {
    const [name] = await lookup(tx, tenantId, [id]);
    if (name !== undefined) found.set(id, name);
  }
  return found;
}
