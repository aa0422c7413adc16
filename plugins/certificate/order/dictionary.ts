import type { LocalText, ServerContext, Tx } from '../../../core/sdk/server';
import { CERTIFICATE_TYPE_DICTIONARY } from './entity';

/**
 * Every certificate type's name in both languages, for what the server writes itself (the export, the
 * certificate, its verification page, the shipping record): the dictionary's entries as the
 * administrators keep them (the dict plugin, which this plugin requires, creates them from the
 * declaration), the declared names for a key it lacks.
 */
export async function certificateTypeNames(tx: Tx, ctx: ServerContext): Promise<Map<number, LocalText>> {
  const names = new Map(CERTIFICATE_TYPE_DICTIONARY.items.map((item) => [Number(item.key), item.value]));
  const kept = ctx.extensions.dictionaryLabels ? await ctx.extensions.dictionaryLabels(tx, CERTIFICATE_TYPE_DICTIONARY.code) : new Map<string, LocalText>();
  for (const [key, label] of kept) if (/^\d+$/.test(key)) names.set(Number(key), label);
  return names;
}

/** One certificate type's name (the certificate prints the Chinese as its title, the English under it); an unknown key is its own name. */
export async function certificateTypeName(tx: Tx, ctx: ServerContext, key: number): Promise<LocalText> {
  return (await certificateTypeNames(tx, ctx)).get(key) ?? { zh: String(key), en: String(key) };
}
