import { defineEntity, definePlugin, defineResource } from '../../core/sdk/shared';

/** Posts (岗位): one row per post, per tenant; users hold them by id. */
export const postEntity = defineEntity({
  name: 'post',
  label: { zh: '岗位', en: 'Post' },
  api: { base: '/api/blade-system/post' },
  sort: { field: 'sort', order: 'asc' },
  unique: [{ fields: ['postCode'], message: { zh: '岗位编号已存在', en: 'This post code already exists' } }],
  fields: {
    category: {
      type: 'select',
      label: { zh: '岗位类型', en: 'Category' },
      dict: { code: 'post_category', numeric: true },
      required: { zh: '请选择岗位类型', en: 'Please choose the post category' },
      search: 'equal',
    },
    postCode: { type: 'string', label: { zh: '岗位编号', en: 'Code' }, required: { zh: '请输入岗位编号', en: 'Please enter the post code' }, maxLength: 12, search: 'like' },
    postName: { type: 'string', label: { zh: '岗位名称', en: 'Name' }, required: { zh: '请输入岗位名称', en: 'Please enter the post name' }, maxLength: 64, search: 'like' },
    sort: { type: 'integer', label: { zh: '岗位排序', en: 'Order' }, required: { zh: '请输入岗位排序', en: 'Please enter the order' }, min: 0, max: 99999 },
    remark: { type: 'text', label: { zh: '岗位描述', en: 'Description' }, maxLength: 255, list: false },
  },
});

export default definePlugin({
  id: 'post',
  name: { zh: '岗位管理', en: 'Posts' },
  // The post category comes from the system dictionary `post_category`.
  requires: ['dict'],
  // The kit's list screen: category (by its dictionary label), code, name and order.
  resources: [defineResource({ entity: postEntity, menu: { parent: 'system', icon: 'idcard', sort: 8 } })],
});
