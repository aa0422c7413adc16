import { localize, type LocalText, type ServerContext, type Tx } from '../../../core/sdk/server';
import { NOTICE_DICTIONARY } from './entity';

/**
 * Every notice category's name in both languages: the dictionary's entries as the administrators keep them
 * (the dict plugin, which this plugin requires, creates them from the declaration), the declared names for
 * a key it lacks.
 */
export async function categoryNames(tx: Tx, ctx: ServerContext): Promise<Map<number, LocalText>> {
  const names = new Map(NOTICE_DICTIONARY.items.map((item) => [Number(item.key), item.value]));
  const kept = ctx.extensions.dictionaryLabels ? await ctx.extensions.dictionaryLabels(tx, NOTICE_DICTIONARY.code) : new Map<string, LocalText>();
  for (const [key, label] of kept) if (/^\d+$/.test(key)) names.set(Number(key), label);
  return names;
}

/** A category's name in the caller's language ('' for none, the key itself for one the dictionary lacks). */
export function categoryName(names: ReadonlyMap<number, LocalText>, category: unknown): string {
  if (category === null || category === undefined || category === '') return '';
  const label = names.get(Number(category));
  return label ? localize(label) : String(category);
}
