import { defineEntity } from '../../core/sdk/shared';

const readOnly = { add: false, edit: false } as const;

/**
 * A tenant (bladex-contract §3.2 `blade_tenant`): the kernel's table, one row per tenant, not itself
 * tenant data (every row is another tenant's, so the server reads it as the owner, for administrators of
 * 000000 only). `tenantId` is generated on add and never changes; `datasourceName` and `plugins` are read
 * only here (the datasource binding and the settings dialog change them).
 */
export const tenantEntity = defineEntity({
  name: 'tenant',
  table: 'blade_tenant',
  label: { zh: '租户', en: 'Tenant' },
  permission: 'tenant',
  tenant: false,
  audit: true,
  logicalDelete: true,
  api: { base: '/api/blade-system/tenant', list: 'list', save: 'submit', removeIds: 'query' },
  fields: {
    tenantId: {
      type: 'string',
      label: { zh: '租户ID', en: 'Tenant id' },
      maxLength: 12,
      search: 'like',
      form: { add: false },
      editable: false,
      width: 110,
    },
    tenantName: {
      type: 'string',
      label: { zh: '租户名称', en: 'Name' },
      required: { zh: '请输入租户名称', en: 'Please enter the tenant name' },
      maxLength: 50,
      search: 'like',
    },
    linkman: {
      type: 'string',
      label: { zh: '联系人', en: 'Contact' },
      required: { zh: '请输入联系人', en: 'Please enter the contact' },
      maxLength: 20,
      search: 'like',
    },
    contactNumber: { type: 'string', label: { zh: '联系电话', en: 'Phone' }, maxLength: 20 },
    domainUrl: {
      type: 'string',
      label: { zh: '域名地址', en: 'Domain' },
      maxLength: 255,
      pattern: { source: '^https?://[^\\s/?#]+[^\\s]*$', message: { zh: '域名地址须为 http(s) 地址', en: 'Enter an http(s) URL' } },
    },
    backgroundUrl: {
      type: 'string',
      label: { zh: '背景图地址', en: 'Background image' },
      maxLength: 1000,
      pattern: { source: '^(?:https?://|/)\\S*$', message: { zh: '背景图地址须为 http(s) 地址或 / 开头的路径', en: 'Enter an http(s) URL or a path starting with /' } },
      list: false,
    },
    accountNumber: {
      type: 'integer',
      label: { zh: '账号额度', en: 'Account quota' },
      min: -1,
      max: 1_000_000,
      default: -1,
    },
    expireTime: { type: 'datetime', label: { zh: '过期时间', en: 'Expires' } },
    datasourceName: { type: 'string', label: { zh: '数据源', en: 'Datasource' }, form: readOnly, virtual: true },
    plugins: { type: 'string', label: { zh: '插件', en: 'Plugins' }, form: false },
    address: { type: 'text', label: { zh: '联系地址', en: 'Address' }, maxLength: 255, list: false },
  },
});
