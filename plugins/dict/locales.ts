import type { Language, Messages } from '../../core/i18n';

/** The dictionary plugin's own texts (field labels and rule messages live in entities.ts). */
export const dictMessages: Record<Language, Messages> = {
  zh: {
    dict: {
      configure: '字典配置',
      addChild: '新增子项',
      children: '{{name}}：字典项',
      childrenOf: '字典项',
      choose: '请选择一个字典，查看它的字典项',
      sealed: '已封存',
      open: '未封存',
      horizontal: '字典管理（左右）',
      vertical: '字典管理（上下）',
      parents: '字典',
    },
  },
  en: {
    dict: {
      configure: 'Entries',
      addChild: 'Add entry',
      children: '{{name}}: entries',
      childrenOf: 'Entries',
      choose: 'Choose a dictionary to see its entries',
      sealed: 'Sealed',
      open: 'Open',
      horizontal: 'Dictionaries (side by side)',
      vertical: 'Dictionaries (stacked)',
      parents: 'Dictionaries',
    },
  },
};
