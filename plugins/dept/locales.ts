import type { Language, Messages } from '../../core/i18n';

/** The department plugin's own texts (field labels and rule messages live in entities.ts). */
export const deptMessages: Record<Language, Messages> = {
  zh: { dept: { title: '机构管理', addChild: '新增子项', parent: '上级机构', top: '顶级' } },
  en: { dept: { title: 'Departments', addChild: 'Add child', parent: 'Parent', top: 'Top level' } },
};
