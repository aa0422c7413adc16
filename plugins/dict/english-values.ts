import type { Migration, Tx } from '../../core/sdk/server';
import { DEMO_BUSINESS_DICTIONARIES, SYSTEM_DICTIONARIES } from './seeded';

/**
 * Each dictionary row's English value (`dict_value_en`, null: the Chinese one serves every language), and
 * the English values of the seeded dictionaries for a database seeded before rows had one.
 */

/** code, key, Chinese value, English value: one array per column, for an `unnest`. */
type Values = [codes: string[], keys: string[], zh: string[], en: string[]];

function valuesOf(dictionaries: readonly { code: string; name: { zh: string; en: string }; entries: readonly (readonly [string, { zh: string; en: string }, ...unknown[]])[] }[]): Values {
  const values: Values = [[], [], [], []];
  const add = (code: string, key: string, text: { zh: string; en: string }) => {
    values[0].push(code);
    values[1].push(key);
    values[2].push(text.zh);
    values[3].push(text.en);
  };
  for (const dictionary of dictionaries) {
    add(dictionary.code, '-1', dictionary.name);
    for (const [key, value] of dictionary.entries) add(dictionary.code, key, value);
  }
  return values;
}

/**
 * Gives the seeded rows their English value where they have none. Only a row still holding the seeded
 * Chinese value: one an administrator renamed keeps showing the name they gave it.
 */
async function fillSeededEnglish(tx: Tx): Promise<void> {
  const fill = (table: string, values: Values) =>
    tx.query(
      `update ${table} d set dict_value_en = v.en
       from unnest($1::varchar[], $2::varchar[], $3::varchar[], $4::varchar[]) as v(code, dict_key, zh, en)
       where d.code = v.code and d.dict_key = v.dict_key and d.dict_value = v.zh and coalesce(d.dict_value_en, '') = ''`,
      values,
    );
  await fill('blade_dict', valuesOf(SYSTEM_DICTIONARIES));
  await fill('blade_dict_biz', valuesOf(DEMO_BUSINESS_DICTIONARIES));
}

/** The column on both tables, ahead of the engine's sync of the rows' definition, so the fill can write it. */
export const englishValuesMigration: Migration = {
  id: '003_english_values',
  sql: 'alter table blade_dict add column if not exists dict_value_en varchar(255); alter table blade_dict_biz add column if not exists dict_value_en varchar(255);',
  run: fillSeededEnglish,
};
