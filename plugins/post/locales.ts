import type { Language, Messages } from '../../core/i18n';

/** The post plugin's own texts (field labels and rule messages live in entities.ts). */
export const postMessages: Record<Language, Messages> = {
  zh: { post: { title: '岗位管理' } },
  en: { post: { title: 'Posts' } },
};
