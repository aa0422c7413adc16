import type { AuthUser } from '../auth/user';
import type { Tx } from '../db/types';
import { validIds } from '../user/users';
import type { MenuRow } from './vo';

/** Menus of installed plugins (or made by an administrator), not deleted. */
const LIVE = `m.is_deleted = 0 and (m.plugin is null or m.plugin = any($1::varchar[]))`;

/**
 * The rows of one category a user may see: an administrator all of them (BladeX), anyone else what their
 * roles were granted in their tenant, plus (for menus) every ancestor so the tree holds together. A guest
 * has no role and sees nothing.
 */
export async function visibleMenus(tx: Tx, user: AuthUser, pluginIds: readonly string[], category: 1 | 2): Promise<MenuRow[]> {
  if (user.isGuest) return [];
  if (user.isAdministrator) {
    return tx.query<MenuRow>(`select m.* from blade_menu m where ${LIVE} and m.category = $2`, [pluginIds, category]);
  }
  const roleIds = validIds(user.roleIds);
  if (roleIds.length === 0) return [];
  const granted = `select m.* from blade_menu m
     where ${LIVE} and m.category = $2 and m.administrator_only = 0
       and m.id in (select menu_id from blade_role_menu where tenant_id = $3 and role_id = any($4::bigint[]))`;
  if (category === 2) return tx.query<MenuRow>(granted, [pluginIds, category, user.tenantId, roleIds]);
  return tx.query<MenuRow>(
    `with recursive visible as (
       ${granted}
       union
       select p.* from blade_menu p join visible v on p.id = v.parent_id where p.is_deleted = 0 and p.category = 1
     )
     select * from visible`,
    [pluginIds, category, user.tenantId, roleIds],
  );
}

/**
 * Leaves out group menus (`is_group`) none of whose children is in the list, repeatedly (a group of
 * empty groups goes too): a shared group such as 系统管理 disappears when every plugin under it is off.
 */
export function pruneEmptyGroups(menus: MenuRow[]): MenuRow[] {
  let list = menus;
  for (;;) {
    const parents = new Set(list.map((m) => m.parent_id));
    const kept = list.filter((m) => !m.is_group || parents.has(m.id));
    if (kept.length === list.length) return kept;
    list = kept;
  }
}

export async function menusById(tx: Tx, ids: string[]): Promise<MenuRow[]> {
  if (ids.length === 0) return [];
  return tx.query<MenuRow>('select * from blade_menu where id = any($1::bigint[]) and is_deleted = 0', [ids]);
}
