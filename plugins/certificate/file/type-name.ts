import type { LocalText, Tx } from '../../../core/sdk/server';
import { CERTIFICATE_TYPE_DICTIONARY } from '../order/entity';

/**
 * A certificate type's name in both languages (the certificate prints the Chinese as its title and the
 * English under it): the dictionary entry as the administrators keep it, else the declared one, else the
 * key itself.
 */
export async function certificateTypeText(tx: Tx, key: number): Promise<LocalText> {
  const declared = CERTIFICATE_TYPE_DICTIONARY.items.find((item) => Number(item.key) === key)?.value;
  const row = await tx.one<{ dict_value: string; dict_value_en: string | null }>(
    `select dict_value, dict_value_en from blade_dict where code = $1 and dict_key = $2 and parent_id <> 0 and is_deleted = 0 limit 1`,
    [CERTIFICATE_TYPE_DICTIONARY.code, String(key)],
  );
  const zh = row?.dict_value || declared?.zh || String(key);
  return { zh, en: row?.dict_value_en || (row ? zh : declared?.en) || zh };
}
