import { defineServerPlugin } from '../../core/server/plugin';
import { roleEntity } from './entities';
import { roleManifest } from './manifest';
import { grantRoutes } from './server-grants';
import { roleRoutes } from './server-roles';

/**
 * Roles on the server: the kernel's `blade_role`, `blade_role_menu` and (migration 006) `blade_role_scope`
 * tables, with `/api/blade-system/role/{list,tree,tree-by-id,detail,submit,remove,grant}` and
 * `/api/blade-system/menu/{grant-tree,role-tree-keys}`.
 */
export const roleServer = defineServerPlugin({
  manifest: roleManifest,
  entities: [roleEntity],
  // Every table is the kernel's (core/server/schema/kernel.ts, core/server/seed/kernel-migrations.ts).
  migrations: [],
  routes(api, ctx) {
    roleRoutes(api, ctx);
    grantRoutes(api, ctx);
  },
});

export default roleServer;
