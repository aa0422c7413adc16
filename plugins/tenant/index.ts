import { definePlugin } from '../../core/sdk/shared';
import { tenantEntity } from './entities';
import { tenantMessages } from './locales';
import { tenantManifest } from './manifest';

/** Tenants (SPEC §1): the list screen with settings and datasource binding, for the super administrator. */
export const tenantPlugin = definePlugin({
  ...tenantManifest,
  entities: [tenantEntity],
  messages: tenantMessages,
  routes: [{ path: '/system/tenant', load: () => import('./screens/TenantPage'), meta: { title: tenantManifest.name } }],
});

export default tenantPlugin;
