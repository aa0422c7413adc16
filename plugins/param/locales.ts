import type { Language, Messages } from '../../core/i18n';

/** The parameter plugin's own texts (field labels and rule messages live in entities.ts). */
export const paramMessages: Record<Language, Messages> = {
  zh: { param: { title: '参数管理' } },
  en: { param: { title: 'Parameters' } },
};
