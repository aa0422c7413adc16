import { defineEntity } from '../../core/schema/entity';

/** System parameters (SPEC §2 "parameter screen", §3, §5). One row per key, per tenant. */
export const paramEntity = defineEntity({
  name: 'param',
  table: 'blade_param',
  label: { zh: '参数', en: 'Parameter' },
  permission: 'param',
  tenant: true,
  audit: true,
  logicalDelete: true,
  api: { base: '/api/blade-system/param', list: 'list', save: 'submit', removeIds: 'query' },
  createTimeRange: true,
  sort: { field: 'createTime', order: 'desc' },
  unique: [{ fields: ['paramKey'], message: { zh: '参数键名已存在', en: 'This parameter key already exists' } }],
  fields: {
    paramName: {
      type: 'string',
      label: { zh: '参数名称', en: 'Name' },
      required: { zh: '请输入参数名称', en: 'Please enter the parameter name' },
      maxLength: 255,
      search: 'like',
      sortable: true,
    },
    paramKey: {
      type: 'string',
      label: { zh: '参数键名', en: 'Key' },
      required: { zh: '请输入参数键名', en: 'Please enter the parameter key' },
      maxLength: 255,
      search: 'like',
      sortable: true,
    },
    paramValue: {
      type: 'text',
      label: { zh: '参数键值', en: 'Value' },
      required: { zh: '请输入参数键值', en: 'Please enter the parameter value' },
      maxLength: 2000,
    },
    remark: { type: 'text', label: { zh: '备注', en: 'Remark' }, maxLength: 255, list: false },
  },
});
