import { currentLanguage, type Tx } from '../../../core/sdk/server';
import { CERTIFICATE_TYPE_DICTIONARY } from './entity';

/**
 * The certificate types' names in the caller's language, for what the server writes itself (the export):
 * the dictionary's entries as the administrators keep them (the dict plugin, which this plugin requires,
 * creates them from the declaration), the declared names for a key it lacks.
 */
export async function certificateTypeNames(tx: Tx): Promise<Map<number, string>> {
  const language = currentLanguage();
  const names = new Map(CERTIFICATE_TYPE_DICTIONARY.items.map((item) => [Number(item.key), item.value[language]]));
  const rows = await tx.query<{ dict_key: string; dict_value: string; dict_value_en: string | null }>(
    `select dict_key, dict_value, dict_value_en from blade_dict where code = $1 and parent_id <> 0 and is_deleted = 0`,
    [CERTIFICATE_TYPE_DICTIONARY.code],
  );
  for (const row of rows) {
    if (!/^\d+$/.test(row.dict_key)) continue;
    names.set(Number(row.dict_key), language === 'en' && row.dict_value_en ? row.dict_value_en : row.dict_value);
  }
  return names;
}
