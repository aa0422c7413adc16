import type { Tx } from '../db/types';
import type { Extensions } from '../extensions';
import type { IdGenerator } from '../ids';
import { insertUser } from '../user/users';
import { ADMIN_TENANT, insertTenant, type NewTenant } from './tenants';

/**
 * A new tenant, ready to sign in to: the tenant row, its administrator role 管理员 (`admin`) holding every
 * menu and button that is not the super administrator's alone, the user `admin`, the top menus the
 * plugins declare (with the menus they show), and what each plugin adds to a new tenant (a first
 * department, a post…: `onTenantCreated`). Run as the database owner (`ctx.db.system`): it reads the
 * declared top menus of tenant 000000.
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
  const tops = await tx.query<{ id: string; code: string; name: string; name_en: string; source: string; path: string; sort: number; plugin: string; decl_hash: string }>(
    `select id, code, name, name_en, source, path, sort, plugin, decl_hash from blade_top_menu
      where tenant_id = $1 and plugin is not null and is_deleted = 0`,
    [ADMIN_TENANT],
  );
  for (const top of tops) {
    const topId = ids.next();
    await tx.query(
      `insert into blade_top_menu (id, tenant_id, code, name, name_en, source, path, sort, plugin, decl_hash) values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10)`,
      [topId, t, top.code, top.name, top.name_en, top.source, top.path, top.sort, top.plugin, top.decl_hash],
    );
    const shown = await tx.query<{ menu_id: string }>('select menu_id from blade_top_menu_setting where top_menu_id = $1', [top.id]);
    for (const { menu_id } of shown) {
      await tx.query('insert into blade_top_menu_setting (id, tenant_id, top_menu_id, menu_id) values ($1, $2, $3, $4)', [ids.next(), t, topId, menu_id]);
    }
  }
  for (const step of extensions.tenantCreated) await step(tx, { tenantId: t, tenantName: input.tenantName, adminUserId: userId, adminRoleId: roleId });
  return { id, roleId, userId };
}
