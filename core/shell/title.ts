import { useEffect } from 'react';
import { siteConfig } from '../config';
import { preferences } from './preferences';
import { documentTitle } from './routing';

/** Sets `<label>-<product title>` as the document title after navigation. */
export function usePageTitle(label: string): void {
  const language = preferences.language;
  useEffect(() => {
    document.title = documentTitle(label, siteConfig().title[language]);
  }, [label, language]);
}
