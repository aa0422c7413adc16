import { defineServerPlugin } from '../../core/sdk/server';
import rolePlugin from './index';
import { grantRoutes } from './server-grants';
import { roleRules, roleTreeRoutes } from './server-roles';

/**
 * Roles on the engine, with its tree trait: list, detail, submit and remove of the kernel's `blade_role`,
 * where the super administrator may address another tenant's roles (`tenantId`). By hand: the role picker's
 * `tree` and `tree-by-id`, and the grants (`role/grant`, `menu/grant-tree`, `menu/role-tree-keys`) on the
 * kernel's `blade_role_menu` and `blade_role_scope`.
 */
export default defineServerPlugin(rolePlugin, {
  resources: { role: { otherTenants: true, skip: ['tree', 'lazy-tree', 'lazy-list'], hooks: roleRules } },
  routes(api, ctx) {
    roleTreeRoutes(api, ctx);
    grantRoutes(api, ctx);
  },
});
