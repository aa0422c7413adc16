import { crudButtons, type PluginManifest } from '../../core/sdk/shared';

/**
 * Tenants (租户管理, SPEC §1; bladex-contract §6.1): add (a ready-to-use tenant with its admin), edit, remove,
 * their settings (account quota, expiry, plugins) and their datasource. The super administrator's alone.
 */
export const tenantManifest: PluginManifest = {
  id: 'tenant',
  name: { zh: '租户管理', en: 'Tenants' },
  // A tenant can be bound to a datasource (the datasource plugin's table and select endpoint).
  requires: ['datasource'],
  menus: [
    {
      code: 'tenant',
      parent: 'system',
      name: { zh: '租户管理', en: 'Tenants' },
      path: '/system/tenant',
      icon: 'team',
      sort: 11,
      administratorOnly: true,
      buttons: [
        ...crudButtons('tenant'),
        { code: 'tenant_setting', name: { zh: '授权配置', en: 'Settings' }, alias: 'setting', icon: 'setting', sort: 5, action: 1 },
        { code: 'tenant_datasource', name: { zh: '数据源', en: 'Datasource' }, alias: 'datasource', icon: 'storage', sort: 6, action: 2 },
      ],
    },
  ],
};
