import type { Language, Messages } from '../../core/i18n';

/** The plugin's own texts, under its id (field labels and rule messages live in entities.ts). */
export const notesMessages: Record<Language, Messages> = {
  zh: { notes: { pinnedOnly: '只看置顶' } },
  en: { notes: { pinnedOnly: 'Pinned only' } },
};
