import type { IdGenerator, Tx } from '../../core/sdk/server';
import type { DictionaryDecl, PluginManifest } from '../../core/sdk/shared';

/**
 * The system dictionaries the installed plugins declare (`dictionaries` in a manifest), created at every
 * start where missing: a dictionary by its code, an entry by its key. A row that exists is never touched,
 * in whatever state an administrator left it (renamed, sealed, re-sorted, removed): a removed entry or
 * dictionary stays removed rather than coming back at the next restart. The value is the Chinese text,
 * the English value the English one.
 */
export async function syncDeclaredDictionaries(tx: Tx, ids: IdGenerator, manifests: readonly PluginManifest[]): Promise<void> {
  const declared = declaredDictionaries(manifests);
  if (declared.length === 0) return;
  // Two servers starting together must not both add the same entry.
  await tx.query(`select pg_advisory_xact_lock(hashtext('sync_declared_dictionaries'))`);
  await moveEnglishOutOfRemarks(tx, declared);
  const codes = declared.map((d) => d.code);
  const existing = await tx.query<{ id: string; parent_id: string; code: string; dict_key: string; sort: number; is_deleted: number }>(
    'select id, parent_id, code, dict_key, sort, is_deleted from blade_dict where code = any($1::varchar[]) order by id',
    [codes],
  );
  let topSort = (await tx.one<{ sort: number | null }>('select max(sort)::int as sort from blade_dict where parent_id = 0 and is_deleted = 0'))?.sort ?? 0;
  for (const dictionary of declared) {
    const rows = existing.filter((r) => r.code === dictionary.code);
    const top = rows.find((r) => String(r.parent_id) === '0');
    let parentId: string;
    if (!top) {
      parentId = ids.next();
      topSort += 1;
      await tx.query(
        `insert into blade_dict (id, parent_id, code, dict_key, dict_value, dict_value_en, sort, remark, is_sealed) values ($1, 0, $2, '-1', $3, $4, $5, '', 0)`,
        [parentId, dictionary.code, dictionary.name.zh, dictionary.name.en, topSort],
      );
    } else if (Number(top.is_deleted) !== 0) {
      continue; // removed by an administrator: left removed
    } else {
      parentId = String(top.id);
    }
    const keys = new Set(rows.filter((r) => r !== top).map((r) => r.dict_key));
    let sort = Math.max(0, ...rows.filter((r) => r !== top).map((r) => Number(r.sort)));
    for (const item of dictionary.items) {
      if (keys.has(item.key)) continue;
      sort += 1;
      await tx.query(
        `insert into blade_dict (id, parent_id, code, dict_key, dict_value, dict_value_en, sort, remark, is_sealed) values ($1, $2, $3, $4, $5, $6, $7, $8, 0)`,
        [ids.next(), parentId, dictionary.code, item.key, item.value.zh, item.value.en, sort, item.remark ?? ''],
      );
    }
  }
}

/**
 * Rows this sync made before rows had an English value kept their English text in the remark: it moves to
 * the English value and the remark is cleared. A row is recognised as one of those by a remark that is
 * exactly the declared English text of its code and key, with no English value yet; any other remark is
 * an administrator's and stays. Nothing matches once moved, so every start may run it.
 */
async function moveEnglishOutOfRemarks(tx: Tx, declared: readonly DictionaryDecl[]): Promise<void> {
  const codes: string[] = [];
  const keys: string[] = [];
  const english: string[] = [];
  for (const dictionary of declared) {
    for (const [key, text] of [['-1', dictionary.name.en] as const, ...dictionary.items.map((item) => [item.key, item.value.en] as const)]) {
      codes.push(dictionary.code);
      keys.push(key);
      english.push(text);
    }
  }
  await tx.query(
    `update blade_dict d set dict_value_en = d.remark, remark = ''
     from unnest($1::varchar[], $2::varchar[], $3::varchar[]) as v(code, dict_key, en)
     where d.code = v.code and d.dict_key = v.dict_key and d.remark = v.en and v.en <> '' and coalesce(d.dict_value_en, '') = ''`,
    [codes, keys, english],
  );
}

/** Every declared dictionary, checked: a code declared by two plugins, or a key twice, stops the start. */
export function declaredDictionaries(manifests: readonly PluginManifest[]): DictionaryDecl[] {
  const owners = new Map<string, string>();
  const all: DictionaryDecl[] = [];
  for (const manifest of manifests) {
    for (const dictionary of manifest.dictionaries ?? []) {
      const other = owners.get(dictionary.code);
      if (other) throw new Error(`Dictionary "${dictionary.code}" is declared by both "${other}" and "${manifest.id}".`);
      owners.set(dictionary.code, manifest.id);
      const keys = dictionary.items.map((item) => item.key);
      const twice = keys.find((key, i) => keys.indexOf(key) !== i);
      // -1 is the key of a dictionary's own row.
      if (keys.includes('-1')) throw new Error(`Dictionary "${dictionary.code}" of "${manifest.id}" declares the key "-1", which marks a dictionary's own row.`);
      if (twice !== undefined) throw new Error(`Dictionary "${dictionary.code}" of "${manifest.id}" declares the key "${twice}" twice.`);
      if (!/^[A-Za-z][\w-]{0,254}$/.test(dictionary.code)) throw new Error(`Dictionary code "${dictionary.code}" of "${manifest.id}" is no code (letters, digits, _ and -).`);
      all.push(dictionary);
    }
  }
  return all;
}
