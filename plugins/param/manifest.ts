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
      // The demo `user` role may look at parameters, not change them.
      roles: ['user'],
      buttons: crudButtons('param', { view: ['user'] }),
    },
  ],
};
