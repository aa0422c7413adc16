import { defineEntity, definePlugin, defineResource, HTTP_URL_RULE } from '../../core/sdk/shared';

const readOnly = { add: false, edit: false } as const;

/**
 * A tenant: the kernel's `blade_tenant`, one row per tenant, not itself tenant data (every row is another
 * tenant's, so the server reads it as the owner, for administrators of 000000 only). `tenantId` is
 * generated on add and never changes; `datasourceName` and `plugins` are read only here (the datasource
 * binding and the settings dialog change them).
 */
export const tenantEntity = defineEntity({
  name: 'tenant',
  label: { zh: '租户', en: 'Tenant' },
  tenant: false,
  api: { base: '/api/blade-system/tenant' },
  fields: {
    tenantId: { type: 'string', label: { zh: '租户ID', en: 'Tenant id' }, maxLength: 12, search: 'like', writable: 'never', form: { add: false }, editable: false, width: 110 },
    tenantName: { type: 'string', label: { zh: '租户名称', en: 'Name' }, required: { zh: '请输入租户名称', en: 'Please enter the tenant name' }, maxLength: 50, search: 'like' },
    linkman: { type: 'string', label: { zh: '联系人', en: 'Contact' }, required: { zh: '请输入联系人', en: 'Please enter the contact' }, maxLength: 20, search: 'like' },
    contactNumber: { type: 'string', label: { zh: '联系电话', en: 'Phone' }, maxLength: 20 },
    domainUrl: {
      type: 'string',
      label: { zh: '域名地址', en: 'Domain' },
      maxLength: 255,
      pattern: { ...HTTP_URL_RULE, message: { zh: '域名地址须为 http(s) 地址', en: 'Enter an http(s) URL' } },
    },
    backgroundUrl: {
      type: 'string',
      label: { zh: '背景图地址', en: 'Background image' },
      maxLength: 1000,
      pattern: { source: '^(?:https?://|/)\\S*$', message: { zh: '背景图地址须为 http(s) 地址或 / 开头的路径', en: 'Enter an http(s) URL or a path starting with /' } },
      list: false,
    },
    // Left empty, a new tenant gets the default quota (parameter tenant.default.accountNumber).
    accountNumber: { type: 'integer', label: { zh: '账号额度', en: 'Account quota' }, min: -1, max: 1_000_000 },
    expireTime: { type: 'datetime', label: { zh: '过期时间', en: 'Expires' } },
    datasourceName: { type: 'string', label: { zh: '数据源', en: 'Datasource' }, form: readOnly, virtual: true },
    plugins: { type: 'string', label: { zh: '插件', en: 'Plugins' }, writable: 'never', form: false },
    address: { type: 'text', label: { zh: '联系地址', en: 'Address' }, maxLength: 255, list: false },
  },
});

/**
 * Tenants (租户管理): add (a ready-to-use tenant with its admin), edit, remove, their settings (account
 * quota, expiry, plugins) and their datasource. The super administrator's alone.
 */
export default definePlugin({
  id: 'tenant',
  name: { zh: '租户管理', en: 'Tenants' },
  // A tenant can be bound to a datasource (the datasource plugin's names and select endpoint).
  requires: ['datasource'],
  resources: [
    defineResource({
      entity: tenantEntity,
      menu: { parent: 'system', icon: 'team', sort: 11, administratorOnly: true },
      buttons: [
        { code: 'tenant_setting', name: { zh: '授权配置', en: 'Settings' }, alias: 'setting', icon: 'setting', sort: 5, action: 1 },
        { code: 'tenant_datasource', name: { zh: '数据源', en: 'Datasource' }, alias: 'datasource', icon: 'storage', sort: 6, action: 2 },
      ],
      screen: () => import('./screens/TenantPage'),
    }),
  ],
  messages: {
    zh: {
      tenant: {
        settings: '授权配置',
        settingsOf: '授权配置：{{name}}',
        settingsMany: '授权配置：{{count}} 个租户',
        manyHint: '设置将应用于所选的 {{count}} 个租户；没有修改的项保持各租户原来的值。',
        accountNumber: '账号额度',
        accountNumberHint: '-1 表示不限',
        expireTime: '过期时间',
        expireTimeHint: '留空表示永不过期；过期后该租户的用户无法登录',
        plugins: '插件',
        allPlugins: '全部插件（包括以后安装的）',
        allPluginsShort: '全部',
        noPlugins: '无',
        requires: '（需要：{{names}}）',
        requiresNote: '开通一个插件时，它需要的插件会一并开通；取消一个插件时，需要它的插件也会一并取消。',
        requiredAdded: '已一并选中所需的插件：{{names}}',
        dependentsDropped: '已一并取消需要它的插件：{{names}}',
        pluginsFailed: '插件列表加载失败',
        mixed: '各租户不同',
        nothingChanged: '没有修改任何配置',
        settingSaved: '配置成功',
        unlimited: '不限',
        never: '永久',
        expired: '已过期',
        datasource: '数据源',
        datasourceOf: '数据源：{{name}}',
        datasourceHint: '清空即解除绑定',
        chooseDatasource: '请选择数据源',
        datasourceSaved: '数据源已保存',
        listSeparator: '、',
      },
    },
    en: {
      tenant: {
        settings: 'Settings',
        settingsOf: 'Settings: {{name}}',
        settingsMany: 'Settings: {{count}} tenants',
        manyHint: 'Applies to the {{count}} selected tenants; options you leave alone keep each tenant’s own value.',
        accountNumber: 'Account quota',
        accountNumberHint: '-1 means unlimited',
        expireTime: 'Expires',
        expireTimeHint: 'Empty: never. Once expired, the tenant’s users cannot sign in',
        plugins: 'Plugins',
        allPlugins: 'All plugins (including ones installed later)',
        allPluginsShort: 'All',
        noPlugins: 'None',
        requires: '(needs {{names}})',
        requiresNote: 'A plugin comes with the plugins it needs; unchecking a plugin unchecks the plugins that need it.',
        requiredAdded: 'Also selected, as they are needed: {{names}}',
        dependentsDropped: 'Also unchecked, as they need it: {{names}}',
        pluginsFailed: 'The plugins could not be loaded',
        mixed: 'Differs per tenant',
        nothingChanged: 'Nothing was changed',
        settingSaved: 'Settings saved',
        unlimited: 'Unlimited',
        never: 'Never',
        expired: 'Expired',
        datasource: 'Datasource',
        datasourceOf: 'Datasource: {{name}}',
        datasourceHint: 'Clear it to unbind',
        chooseDatasource: 'Choose a datasource',
        datasourceSaved: 'Datasource saved',
        listSeparator: ', ',
      },
    },
  },
});
