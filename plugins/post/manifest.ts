import { crudButtons, type PluginManifest } from '../../core/sdk/shared';

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
