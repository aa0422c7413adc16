import { crudButtons } from '../../core/plugin/crud-buttons';
import type { PluginManifest } from '../../core/plugin/manifest';

export const paramManifest: PluginManifest = {
  id: 'param',
  name: { zh: '参数管理', en: 'Parameters' },
  menus: [
    {
      code: 'param',
      parent: 'system',
      name: { zh: '参数管理', en: 'Parameters' },
      path: '/system/param',
      icon: 'code-square',
      sort: 6,
      buttons: crudButtons('param'),
    },
  ],
};
