import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import type { LocalText } from '../schema/manifest';

export type Language = 'zh' | 'en';
export const languages: Language[] = ['zh', 'en'];
/** Each language named in itself, so it can be found whatever the current language is. */
export const languageNames: Record<Language, string> = { zh: '中文', en: 'English' };
export interface Messages {
  [key: string]: string | Messages;
}

export const i18n = i18next.createInstance();
i18n.use(initReactI18next).init({
  lng: 'zh',
  fallbackLng: 'zh',
  resources: { zh: { translation: {} }, en: { translation: {} } },
  interpolation: { escapeValue: false },
  initAsync: false,
});

/** Merges one area's messages (both languages) into the shared catalogue. Keys should be prefixed by area. */
export function registerMessages(messages: Record<Language, Messages>): void {
  for (const lng of languages) i18n.addResourceBundle(lng, 'translation', messages[lng], true, true);
}

export function currentLanguage(): Language {
  return i18n.language === 'en' ? 'en' : 'zh';
}

/** Picks the text of a declared name in the current language. */
export function localText(text: LocalText | string): string {
  return typeof text === 'string' ? text : text[currentLanguage()];
}
