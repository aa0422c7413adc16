import { hashPassword, md5 } from '../auth/password';
import type { Tx } from '../db/types';
import type { IdGenerator } from '../ids';
import { ADMIN_TENANT, insertTenant } from '../tenant/tenants';
import { insertUser } from '../user/users';

/**
 * First-start data, with BladeX's own ids so that data and logs line up with a BladeX installation: the
 * administrators' tenant, two roles, and two users to sign in with: admin/admin
 * (administrator) and demo/demo (user). The users name their department and post by the ids below; the
 * dept and post plugins seed the rows themselves, and the client plugin the `saber` client.
 */
export const SEED = {
  tenantRowId: '1123598820738675201',
  clientRowId: '1123598811738675202',
  administratorRoleId: '1123598816738675201',
  userRoleId: '1123598816738675202',
  deptId: '1123598813738675201',
  postId: '1123598817738675201',
  adminUserId: '1123598821738675201',
  demoUserId: '1123598821738675202',
} as const;

export async function insertRole(tx: Tx, ids: IdGenerator, r: { id?: string; tenantId: string; name: string; alias: string; sort: number }): Promise<string> {
  const id = r.id ?? ids.next();
  await tx.query('insert into blade_role (id, tenant_id, parent_id, role_name, sort, role_alias) values ($1, $2, 0, $3, $4, $5)', [
    id,
    r.tenantId,
    r.name,
    r.sort,
    r.alias,
  ]);
  return id;
}

export async function seedKernel(tx: Tx, ids: IdGenerator): Promise<void> {
  const t = ADMIN_TENANT;
  await insertTenant(tx, ids, {
    id: SEED.tenantRowId,
    tenantId: t,
    tenantName: '管理组',
    linkman: 'admin',
    contactNumber: '666666',
    address: '管理组',
  });
  await insertRole(tx, ids, { id: SEED.administratorRoleId, tenantId: t, name: '超级管理员', alias: 'administrator', sort: 1 });
  await insertRole(tx, ids, { id: SEED.userRoleId, tenantId: t, name: '用户', alias: 'user', sort: 2 });
  await insertUser(tx, ids, {
    id: SEED.adminUserId,
    tenantId: t,
    account: 'admin',
    passwordHash: await hashPassword(md5('admin')),
    name: '管理员',
    realName: '管理员',
    email: 'admin@bladex.vip',
    phone: '13800000000',
    roleIds: [SEED.administratorRoleId],
    deptIds: [SEED.deptId],
    postIds: [SEED.postId],
  });
  await insertUser(tx, ids, {
    id: SEED.demoUserId,
    tenantId: t,
    account: 'demo',
    passwordHash: await hashPassword(md5('demo')),
    name: 'demo',
    realName: '演示用户',
    email: 'demo@bladex.vip',
    phone: '13900000000',
    roleIds: [SEED.userRoleId],
    deptIds: [SEED.deptId],
    postIds: [SEED.postId],
  });
}

/** The demo tenant: its own administrator admin/admin (role alias `admin`) and an ordinary users' role. */
export const DEMO_TENANT = {
  tenantId: '100001',
  tenantRowId: '1123598820738675211',
  adminRoleId: '1123598816738675211',
  userRoleId: '1123598816738675212',
  deptId: '1123598813738675211',
  adminUserId: '1123598821738675211',
} as const;

/**
 * A second tenant, 演示租户, so that per-tenant switching and isolation can be shown: role 管理员 (`admin`,
 * the tenant's administrator: menu sync grants it every menu and button, and menus that already exist are
 * granted here), and the user admin/admin (its department is the dept plugin's seed). Its role 用户 comes
 * from a later migration (seedDemoUserRole).
 */
export async function seedDemoTenant(tx: Tx, ids: IdGenerator): Promise<void> {
  const t = DEMO_TENANT.tenantId;
  await insertTenant(tx, ids, { id: DEMO_TENANT.tenantRowId, tenantId: t, tenantName: '演示租户', linkman: 'admin', contactNumber: '13600000000', address: '演示' });
  await insertRole(tx, ids, { id: DEMO_TENANT.adminRoleId, tenantId: t, name: '管理员', alias: 'admin', sort: 1 });
  await insertUser(tx, ids, {
    id: DEMO_TENANT.adminUserId,
    tenantId: t,
    account: 'admin',
    passwordHash: await hashPassword(md5('admin')),
    name: '管理员',
    realName: '演示管理员',
    email: 'admin@demo.bladex.vip',
    phone: '13600000000',
    roleIds: [DEMO_TENANT.adminRoleId],
    deptIds: [DEMO_TENANT.deptId],
  });
  const menus = await tx.query<{ id: string }>('select id from blade_menu where is_deleted = 0 order by id');
  for (const menu of menus) {
    await tx.query('insert into blade_role_menu (id, tenant_id, menu_id, role_id) values ($1, $2, $3, $4) on conflict do nothing', [
      ids.next(),
      t,
      menu.id,
      DEMO_TENANT.adminRoleId,
    ]);
  }
}

/**
 * A tenant's ordinary users' role 用户 (`user`), holding the codes 000000's `user` role holds now: the
 * declared ones unless an administrator changed them, never the super administrator's own. Accounts the
 * product makes for a tenant's people (a staff member's sign-in, say) get it. Returns its id.
 */
export async function insertUserRole(tx: Tx, ids: IdGenerator, tenantId: string, id?: string): Promise<string> {
  const roleId = await insertRole(tx, ids, { id, tenantId, name: '用户', alias: 'user', sort: 2 });
  const menus = await tx.query<{ menu_id: string }>(
    `select distinct rm.menu_id from blade_role_menu rm
       join blade_role r on r.id = rm.role_id
       join blade_menu m on m.id = rm.menu_id
      where r.tenant_id = $1 and r.role_alias = 'user' and r.is_deleted = 0 and m.is_deleted = 0 and m.administrator_only = 0
      order by rm.menu_id`,
    [ADMIN_TENANT],
  );
  for (const menu of menus) {
    await tx.query('insert into blade_role_menu (id, tenant_id, menu_id, role_id) values ($1, $2, $3, $4) on conflict do nothing', [ids.next(), tenantId, menu.menu_id, roleId]);
  }
  return roleId;
}

/**
 * The demo tenant's 用户 role, as 000000 has one: without a role nobody signs in. Run as a migration,
 * before the menu sync. The sync grants a new menu or button to the roles its declaration lists in every
 * tenant, so on a first start (no menus yet) this role gets the same codes as 000000's `user` from it; on
 * a database seeded before this role existed the menus are there already and the sync grants nothing
 * more, so it takes 000000's `user` codes here. Does nothing when the tenant is gone or already has a
 * `user` role.
 */
export async function seedDemoUserRole(tx: Tx, ids: IdGenerator): Promise<void> {
  const t = DEMO_TENANT.tenantId;
  if (!(await tx.one('select 1 as found from blade_tenant where tenant_id = $1 and is_deleted = 0', [t]))) return;
  if (await tx.one(`select 1 as found from blade_role where tenant_id = $1 and role_alias = 'user' and is_deleted = 0`, [t])) return;
  await insertUserRole(tx, ids, t, DEMO_TENANT.userRoleId);
}
