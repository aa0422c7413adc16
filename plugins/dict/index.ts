import { definePlugin } from '../../core/plugin/types';
import { dictBizChildEntity, dictBizParentEntity, dictChildEntity, dictParentEntity } from './entities';
import { dictMessages } from './locales';
import { dictManifest } from './manifest';

/**
 * System and business dictionaries (SPEC §2, §3, §5): the two management screens, both layouts of the
 * system dictionaries, and `dictionary?code=` for every other screen (core/crud useDictionary).
 */
export const dictPlugin = definePlugin({
  ...dictManifest,
  entities: [dictParentEntity, dictChildEntity, dictBizParentEntity, dictBizChildEntity],
  messages: dictMessages,
  routes: [
    {
      path: '/system/dict',
      load: () => import('./screens/DictPage').then((m) => ({ default: m.SystemDictPage })),
      meta: { title: { zh: '字典管理', en: 'Dictionaries' } },
    },
    {
      path: '/system/dictbiz',
      load: () => import('./screens/DictPage').then((m) => ({ default: m.BizDictPage })),
      meta: { title: { zh: '业务字典', en: 'Business dictionaries' } },
    },
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
});

export default dictPlugin;
