import type { Language, Messages } from '../../core/sdk/browser';

/** The post plugin's own texts (field labels and rule messages live in entities.ts). */
export const postMessages: Record<Language, Messages> = {
  zh: { post: { title: '岗位管理' } },
  en: { post: { title: 'Posts' } },
};
