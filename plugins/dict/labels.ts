import type { DictionaryLabels } from '../../core/sdk/server';

/**
 * What other plugins read of the system dictionaries (`provides.dictionaryLabels`): a dictionary's live
 * entries by key, in the order administrators gave them, in both languages (an entry without an English
 * value shows its Chinese one in English too, as the dictionary screens do).
 */
export const dictionaryLabels: DictionaryLabels = async (tx, code) => {
  const rows = await tx.query<{ dict_key: string; dict_value: string; dict_value_en: string | null }>(
    `select dict_key, dict_value, dict_value_en from blade_dict where code = $1 and parent_id <> 0 and is_deleted = 0 order by sort, id`,
    [code],
  );
  return new Map(rows.map((row) => [row.dict_key, { zh: row.dict_value, en: row.dict_value_en || row.dict_value }]));
};
