import type { LocalText } from '../schema/manifest';
import { i18n, languages, type Language } from './instance';
import type { Messages } from './translator';

export { i18n, languageNames, languages, type I18n, type Language } from './instance';
export type { Messages, TFunction, TranslateValues } from './translator';
export { useTranslation } from './use-translation';

/** Merges one area's messages (both languages) into the shared catalogue. Keys should be prefixed by area. */
export function registerMessages(messages: Record<Language, Messages>): void {
  for (const lng of languages) i18n.addMessages(lng, messages[lng]);
}

export function currentLanguage(): Language {
  return i18n.language;
}

/** Picks the text of a declared name in the current language. */
export function localText(text: LocalText | string): string {
  return typeof text === 'string' ? text : text[currentLanguage()];
}
