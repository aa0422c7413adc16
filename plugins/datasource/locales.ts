import type { Language, Messages } from '../../core/i18n';

/** The datasource plugin's own texts (field labels and rule messages live in entities.ts). */
export const datasourceMessages: Record<Language, Messages> = {
  zh: { datasource: { keepPassword: '留空则不修改密码', passwordHint: '密码只写不读：保存后不再显示' } },
  en: { datasource: { keepPassword: 'Leave empty to keep the password', passwordHint: 'The password is write-only: it is never shown again' } },
};
