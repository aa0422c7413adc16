import { definePlugin, defineResource } from '../../core/sdk/shared';
import { regionEntity } from './entities';

/**
 * 行政区划 under the shell's 基础配置 group: a lazily loaded tree with the chosen region's form beside it.
 * Everyone granted the menu may read the regions; the tree is shared by every tenant, so adding, editing
 * and deleting belong to the super administrator alone. The server serves it by hand (it is keyed by
 * code), so the resource brings the menu, the route and the definition, and no engine endpoint.
 */
export default definePlugin({
  id: 'region',
  name: { zh: '行政区划', en: 'Regions' },
  resources: [
    defineResource({
      entity: regionEntity,
      menu: { parent: 'base', icon: 'location', sort: 1 },
      // The demo `user` role may look at the regions.
      grants: { user: ['view'] },
      // The screen's own buttons instead of the four standard ones (no view button: the tree is the view).
      actions: [],
      buttons: [
        { code: 'region_add', name: { zh: '新增下级', en: 'Add child' }, alias: 'add', icon: 'plus', sort: 1, action: 1, administratorOnly: true },
        { code: 'region_edit', name: { zh: '修改', en: 'Edit' }, alias: 'edit', icon: 'edit', sort: 2, action: 2, administratorOnly: true },
        { code: 'region_delete', name: { zh: '删除', en: 'Delete' }, alias: 'delete', icon: 'delete', sort: 3, action: 2, administratorOnly: true },
      ],
      screen: () => import('./screens/RegionPage'),
      endpoints: false,
    }),
  ],
  messages: {
    zh: {
      region: {
        tree: '区划树',
        details: '区划信息',
        search: '输入名称或编号查找',
        searchLabel: '查找区划',
        find: '查找',
        results: '查找结果',
        noMatch: '未找到匹配的区划',
        choose: '请在左侧选择一个区划',
        addChild: '新增下级',
        edit: '修改',
        delete: '删除',
        save: '保存',
        cancel: '取消',
        retry: '重试',
        loadFailed: '区划加载失败',
        top: '顶级',
        codePreview: '区划编号：{{code}}',
        codeTooLong: '区划编号最多 {{max}} 位',
        deleteConfirm: '确定将 [{{name}}] 数据删除?',
        deepest: '村级区划不能再新增下级',
        addTitle: '新增「{{name}}」的下级',
        editTitle: '修改「{{name}}」',
      },
    },
    en: {
      region: {
        tree: 'Region tree',
        details: 'Region',
        search: 'Find by name or code',
        searchLabel: 'Find a region',
        find: 'Find',
        results: 'Matches',
        noMatch: 'No region matches',
        choose: 'Choose a region on the left',
        addChild: 'Add child',
        edit: 'Edit',
        delete: 'Delete',
        save: 'Save',
        cancel: 'Cancel',
        retry: 'Retry',
        loadFailed: 'The region could not be loaded',
        top: 'Top level',
        codePreview: 'Code: {{code}}',
        codeTooLong: 'A code has at most {{max}} digits',
        deleteConfirm: 'Delete [{{name}}]?',
        deepest: 'A village cannot have children',
        addTitle: 'New child of “{{name}}”',
        editTitle: 'Edit “{{name}}”',
      },
    },
  },
});
