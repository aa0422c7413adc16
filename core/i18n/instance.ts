import { Translator } from './translator';

export type Language = 'zh' | 'en';
export const languages: Language[] = ['zh', 'en'];
/** Each language named in itself, so it can be found whatever the current language is. */
export const languageNames: Record<Language, string> = { zh: '中文', en: 'English' };

/** The app's texts; Chinese is both the first language and the one a missing English text falls back to. */
export const i18n = new Translator<Language>('zh');
export type I18n = typeof i18n;
