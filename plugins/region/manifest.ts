import type { PluginManifest } from '../../core/plugin/manifest';

/**
 * 行政区划 under the shell's 基础配置 group. Everyone granted the menu may read the regions; the tree is
 * shared by every tenant, so adding, editing and deleting belong to the super administrator alone.
 */
export const regionManifest: PluginManifest = {
  id: 'region',
  name: { zh: '行政区划', en: 'Regions' },
  menus: [
    {
      code: 'region',
      parent: 'base',
      name: { zh: '行政区划', en: 'Regions' },
      path: '/base/region',
      icon: 'location',
      sort: 1,
      roles: ['user'],
      buttons: [
        { code: 'region_add', name: { zh: '新增下级', en: 'Add child' }, alias: 'add', icon: 'plus', sort: 1, action: 1, administratorOnly: true },
        { code: 'region_edit', name: { zh: '修改', en: 'Edit' }, alias: 'edit', icon: 'edit', sort: 2, action: 2, administratorOnly: true },
        { code: 'region_delete', name: { zh: '删除', en: 'Delete' }, alias: 'delete', icon: 'delete', sort: 3, action: 2, administratorOnly: true },
      ],
    },
  ],
};
