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
      sealConfirm: '确定封存「{{name}}」?字典由所有租户共用，封存对每个租户都生效',
      unsealConfirm: '确定解除「{{name}}」的封存?对每个租户都生效',
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
      sealConfirm: 'Seal “{{name}}”? Dictionaries are shared: this applies to every tenant.',
      unsealConfirm: 'Unseal “{{name}}”? This applies to every tenant.',
      horizontal: 'Dictionaries (side by side)',
      vertical: 'Dictionaries (stacked)',
      parents: 'Dictionaries',
    },
  },
};
