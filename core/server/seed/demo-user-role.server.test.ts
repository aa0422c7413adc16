import { describe, expect, test } from '@rstest/core';
import { silentLogger } from '../context';
import type { Tx } from '../db/types';
import { openServer, type OpenOptions } from '../start';
import { ADMIN_TENANT } from '../tenant/tenants';
import { DEMO_TENANT } from './kernel-seed';

/**
 * The demo tenant's `user` role: on a first start it holds what the manifests grant `user`, as 000000's
 * does; a database seeded before the role existed gets it at its next start, with the codes 000000's
 * `user` role holds then (the super administrator's own left out), and keeps it as it is afterwards.
 */
const options: OpenOptions = { memory: true, distDir: null, log: silentLogger, tokenSecret: 'demo-user-role-secret-demo-user-role' };

const userRoleCodes = (tx: Tx, tenantId: string) =>
  tx
    .query<{ code: string }>(
      `select m.code from blade_role_menu rm join blade_role r on r.id = rm.role_id join blade_menu m on m.id = rm.menu_id
        where r.tenant_id = $1 and r.role_alias = 'user' and r.is_deleted = 0 and m.is_deleted = 0 order by m.code`,
      [tenantId],
    )
    .then((rows) => rows.map((r) => r.code));

describe('the demo tenant’s user role', () => {
  test('a first start grants it the same codes as 000000’s; a database from before it gets it at the next start', async () => {
    const first = await openServer(options);
    let dump: Blob;
    try {
      const fresh = await first.ctx.db.system(async (tx) => ({ admin: await userRoleCodes(tx, ADMIN_TENANT), demo: await userRoleCodes(tx, DEMO_TENANT.tenantId) }));
      expect(fresh.admin.length).toBeGreaterThan(0);
      expect(fresh.demo).toEqual(fresh.admin);

      // A database of the version before the role: 100001 without it, and 000000's `user` role changed by
      // its administrator since (one code taken away, a super administrator's menu given).
      await first.ctx.db.system(async (tx) => {
        await tx.query('delete from blade_role_menu where role_id = $1', [DEMO_TENANT.userRoleId]);
        await tx.query('delete from blade_role where id = $1', [DEMO_TENANT.userRoleId]);
        await tx.query(`delete from schema_migrations where id = 'kernel/012_demo_user_role'`);
        const removed = fresh.admin[0]!;
        await tx.query(
          `delete from blade_role_menu where role_id = (select id from blade_role where tenant_id = $1 and role_alias = 'user') and menu_id = (select id from blade_menu where code = $2)`,
          [ADMIN_TENANT, removed],
        );
        await tx.query(
          `insert into blade_role_menu (id, tenant_id, menu_id, role_id)
           select $1, r.tenant_id, m.id, r.id from blade_menu m, blade_role r
            where m.id = (select min(id) from blade_menu where administrator_only = 1 and is_deleted = 0) and r.tenant_id = $2 and r.role_alias = 'user'`,
          ['1999000000000000001', ADMIN_TENANT],
        );
      });
      dump = await first.dump!();
    } finally {
      await first.close();
    }

    const next = await openServer({ ...options, loadDataDir: dump });
    try {
      const upgraded = await next.ctx.db.system(async (tx) => ({
        admin: await userRoleCodes(tx, ADMIN_TENANT),
        demo: await userRoleCodes(tx, DEMO_TENANT.tenantId),
        role: await tx.one<{ id: string; role_name: string }>(`select id::text as id, role_name from blade_role where tenant_id = $1 and role_alias = 'user' and is_deleted = 0`, [
          DEMO_TENANT.tenantId,
        ]),
        adminOnly: (await tx.query<{ code: string }>('select code from blade_menu where administrator_only = 1 and is_deleted = 0')).map((r) => r.code),
      }));
      expect(upgraded.role).toEqual({ id: DEMO_TENANT.userRoleId, role_name: '用户' });
      expect(upgraded.demo.length).toBeGreaterThan(0);
      expect(upgraded.demo).toEqual(upgraded.admin.filter((code) => !upgraded.adminOnly.includes(code)));
      expect(upgraded.admin.some((code) => upgraded.adminOnly.includes(code))).toBe(true);
    } finally {
      await next.close();
    }
  }, 120_000);
});
