import { useSyncExternalStore } from 'react';
import { i18n, type I18n } from './instance';
import type { TFunction } from './translator';

const subscribe = (changed: () => void) => i18n.on('languageChanged', changed);
const language = () => i18n.language;

/**
 * `t` in the current language, and the catalogue. The component renders again when the language
 * changes; `t` is then a new function (the one of the new language), so hooks that list it rerun.
 */
export function useTranslation(): { t: TFunction; i18n: I18n } {
  const current = useSyncExternalStore(subscribe, language, language);
  return { t: i18n.getFixedT(current), i18n };
}
