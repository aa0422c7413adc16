import { defineEntity } from '../../core/sdk/shared';

/** Posts (岗位, SPEC §7; bladex-contract §3.2 `blade_post`): one row per post, per tenant. */
export const postEntity = defineEntity({
  name: 'post',
  table: 'blade_post',
  label: { zh: '岗位', en: 'Post' },
  permission: 'post',
  tenant: true,
  audit: true,
  logicalDelete: true,
  api: { base: '/api/blade-system/post', list: 'list', save: 'submit', removeIds: 'query' },
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
    postCode: {
      type: 'string',
      label: { zh: '岗位编号', en: 'Code' },
      required: { zh: '请输入岗位编号', en: 'Please enter the post code' },
      maxLength: 12,
      search: 'like',
    },
    postName: {
      type: 'string',
      label: { zh: '岗位名称', en: 'Name' },
      required: { zh: '请输入岗位名称', en: 'Please enter the post name' },
      maxLength: 64,
      search: 'like',
    },
    sort: {
      type: 'integer',
      label: { zh: '岗位排序', en: 'Order' },
      required: { zh: '请输入岗位排序', en: 'Please enter the order' },
      min: 0,
      max: 99999,
    },
    remark: { type: 'text', label: { zh: '岗位描述', en: 'Description' }, maxLength: 255, list: false },
  },
});
