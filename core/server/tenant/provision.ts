import type { Tx } from '../db/types';
import type { Extensions } from '../extensions';
import type { IdGenerator } from '../ids';
import { insertUserRole } from '../seed/kernel-seed';
import { insertUser } from '../user/users';
import { insertTenant, type NewTenant } from './tenants';

/**
 * A new tenant, ready to sign in to: the tenant row, its administrator role 管理员 (`admin`) holding every
 * menu and button that is not the super administrator's alone, a role 用户 (`user`) for the accounts its
 * people get (holding what 000000's `user` holds), the user `admin`, and what each plugin
 * adds to a new tenant (a first department, a post, its top menus…: `onTenantCreated`). Run as the
 * database owner (`ctx.db.system`): a plugin may copy what tenant 000000 has.
 */

export interface ProvisionedTenant {
  id: string;
  roleId: string;
  userId: string;
}

export async function provisionTenant(
  tx: Tx,
  ids: IdGenerator,
  extensions: Pick<Extensions, 'tenantCreated'>,
  input: NewTenant & { adminPasswordHash: string },
): Promise<ProvisionedTenant> {
  const t = input.tenantId;
  const id = await insertTenant(tx, ids, input);
  const roleId = ids.next();
  await tx.query(`insert into blade_role (id, tenant_id, parent_id, role_name, sort, role_alias) values ($1, $2, 0, '管理员', 1, 'admin')`, [roleId, t]);
  await insertUserRole(tx, ids, t);
  const userId = await insertUser(tx, ids, {
    tenantId: t,
    account: 'admin',
    passwordHash: input.adminPasswordHash,
    name: '管理员',
    realName: '管理员',
    roleIds: [roleId],
  });
  const menus = await tx.query<{ id: string }>('select id from blade_menu where is_deleted = 0 and administrator_only = 0 order by id');
  for (const menu of menus) {
    await tx.query('insert into blade_role_menu (id, tenant_id, menu_id, role_id) values ($1, $2, $3, $4)', [ids.next(), t, menu.id, roleId]);
  }
  for (const step of extensions.tenantCreated) await step(tx, { tenantId: t, tenantName: input.tenantName, adminUserId: userId, adminRoleId: roleId });
  return { id, roleId, userId };
}
