import { defineServerPlugin, DEMO_TENANT, entityIdsByName, entityNames, SEED, type Tx, validIds } from '../../core/sdk/server';
import deptPlugin, { deptEntity } from './index';

/** A top-level department; `on conflict`: a database that already has it keeps it as it is. */
const addRoot = (tx: Tx, id: string, tenantId: string, name: string, fullName = name) =>
  tx.query(
    `insert into blade_dept (id, tenant_id, parent_id, ancestors, dept_category, dept_name, full_name, sort, is_deleted)
     values ($1, $2, 0, '0', 1, $3, $4, 1, 0) on conflict (id) do nothing`,
    [id, tenantId, name.slice(0, 45), fullName.slice(0, 45)],
  );

/**
 * Departments on the engine, with its tree trait. The trees are the choices of selectors (a user's
 * departments), open to any member of the tenant: names only. The kernel asks this plugin for
 * department names, for departments by name (the user import) and for the departments below a user's
 * (a data scope of a department and its children); a new tenant gets a department named after it, its
 * administrator's.
 */
export default defineServerPlugin(deptPlugin, {
  resources: { dept: { access: { options: 'member' } } },
  provides: {
    names: { dept: entityNames(deptEntity, 'deptName') },
    orgUnitsWithin: async (tx, tenantId, ids) => {
      const within = validIds([...ids]);
      if (within.length === 0) return [];
      const rows = await tx.query<{ id: string }>(
        `select id::text as id from blade_dept where tenant_id = $1 and is_deleted = 0 and (id = any($2::bigint[]) or string_to_array(ancestors, ',') && $2::text[])`,
        [tenantId, within],
      );
      return rows.map((r) => r.id);
    },
    idsByName: { dept: entityIdsByName(deptEntity, ['deptName']) },
  },
  async onTenantCreated(tx, tenant, ctx) {
    const id = ctx.ids.next();
    await addRoot(tx, id, tenant.tenantId, tenant.tenantName);
    // The administrator belongs to it (the user row only names departments by id).
    await tx.query(`update blade_user set dept_id = $1 where id = $2 and tenant_id = $3`, [id, tenant.adminUserId, tenant.tenantId]);
  },
  // The departments the seeded users name, in the administrators' tenant and the demo tenant.
  async seed(tx) {
    await addRoot(tx, SEED.deptId, '000000', '布雷德科技', '上海布雷德科技有限公司');
    if (await tx.one(`select 1 as found from blade_tenant where tenant_id = $1`, [DEMO_TENANT.tenantId])) {
      await addRoot(tx, DEMO_TENANT.deptId, DEMO_TENANT.tenantId, '演示租户');
    }
  },
});
