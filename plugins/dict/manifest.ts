import { crudButtons } from '../../core/plugin/crud-buttons';
import type { PluginManifest } from '../../core/plugin/manifest';

export const dictManifest: PluginManifest = {
  id: 'dict',
  name: { zh: '字典管理', en: 'Dictionaries' },
  menus: [
    {
      code: 'dict',
      parent: 'system',
      name: { zh: '字典管理', en: 'Dictionaries' },
      path: '/system/dict',
      icon: 'book',
      sort: 3,
      // The system dictionary is shared by every tenant: only the super administrator writes it.
      buttons: crudButtons('dict').map((button) => (button.alias === 'view' ? button : { ...button, administratorOnly: true })),
    },
    {
      code: 'dictbiz',
      parent: 'system',
      name: { zh: '业务字典', en: 'Business dictionaries' },
      path: '/system/dictbiz',
      icon: 'bookmark',
      sort: 4,
      buttons: crudButtons('dictbiz'),
    },
  ],
};
