import { crudButtons, definePlugin, defineResource } from '../../core/sdk/shared';
import { dictBizChildEntity, dictBizParentEntity, dictChildEntity, dictParentEntity } from './entities';

/**
 * System and business dictionaries: the two management screens, both layouts of the system dictionaries,
 * and `dictionary?code=` for every other screen: it provides where the kit reads a field's dictionary.
 */
export default definePlugin({
  id: 'dict',
  name: { zh: '字典管理', en: 'Dictionaries' },
  resources: [
    defineResource({
      entity: dictChildEntity,
      menu: { parent: 'system', name: { zh: '字典管理', en: 'Dictionaries' }, icon: 'book', sort: 3 },
      // The system dictionary is shared by every tenant: only the super administrator writes it.
      actions: ['view'],
      buttons: crudButtons('dict')
        .filter((button) => button.alias !== 'view')
        .map((button) => ({ ...button, administratorOnly: true })),
      screen: () => import('./screens/DictPage').then((m) => ({ default: m.SystemDictPage })),
    }),
    defineResource({
      entity: dictBizChildEntity,
      menu: { parent: 'system', name: { zh: '业务字典', en: 'Business dictionaries' }, icon: 'bookmark', sort: 4 },
      screen: () => import('./screens/DictPage').then((m) => ({ default: m.BizDictPage })),
    }),
  ],
  // The dictionary forms' view of the same rows.
  entities: [dictParentEntity, dictBizParentEntity],
  provides: { dictionaries: { system: dictChildEntity.api.base, business: dictBizChildEntity.api.base } },
  routes: [
    {
      path: '/dict-horizontal/index',
      load: () => import('./screens/DictLayouts').then((m) => ({ default: m.DictHorizontalPage })),
      meta: { title: { zh: '字典管理（左右）', en: 'Dictionaries (side by side)' } },
    },
    {
      path: '/dict-vertical/index',
      load: () => import('./screens/DictLayouts').then((m) => ({ default: m.DictVerticalPage })),
      meta: { title: { zh: '字典管理（上下）', en: 'Dictionaries (stacked)' } },
    },
  ],
  messages: {
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
  },
});
