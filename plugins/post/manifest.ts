import { crudButtons } from '../../core/plugin/crud-buttons';
import type { PluginManifest } from '../../core/plugin/manifest';

export const postManifest: PluginManifest = {
  id: 'post',
  name: { zh: '岗位管理', en: 'Posts' },
  // The post category comes from the system dictionary `post_category`.
  requires: ['dict'],
  menus: [
    {
      code: 'post',
      parent: 'system',
      name: { zh: '岗位管理', en: 'Posts' },
      path: '/system/post',
      icon: 'idcard',
      sort: 8,
      buttons: crudButtons('post'),
    },
  ],
};
