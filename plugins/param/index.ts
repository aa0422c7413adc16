import { defineEntity, definePlugin, defineResource } from '../../core/sdk/shared';

/** System parameters: one row per key, per tenant; `account.failCount` and its kind are read by the server. */
export const paramEntity = defineEntity({
  name: 'param',
  label: { zh: '参数', en: 'Parameter' },
  api: { base: '/api/blade-system/param' },
  createTimeRange: true,
  sort: { field: 'createTime', order: 'desc' },
  unique: [{ fields: ['paramKey'], message: { zh: '参数键名已存在', en: 'This parameter key already exists' } }],
  fields: {
    paramName: { type: 'string', label: { zh: '参数名称', en: 'Name' }, required: true, search: 'like', sortable: true },
    paramKey: { type: 'string', label: { zh: '参数键名', en: 'Key' }, required: true, search: 'like', sortable: true },
    paramValue: { type: 'text', label: { zh: '参数键值', en: 'Value' }, required: true, maxLength: 2000 },
    remark: { type: 'text', label: { zh: '备注', en: 'Remark' }, maxLength: 255, list: false },
  },
});

export default definePlugin({
  id: 'param',
  name: { zh: '参数管理', en: 'Parameters' },
  // The demo `user` role may look at parameters, not change them.
  resources: [defineResource({ entity: paramEntity, menu: { parent: 'system', icon: 'code-square', sort: 6 }, grants: { user: ['view'] } })],
});
