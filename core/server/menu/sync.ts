import { createHash } from 'node:crypto';
import type { ButtonDecl, MenuDecl, PluginManifest, TopMenuDecl } from '../../schema/manifest';
import type { Db, Tx } from '../db/types';
import type { DeclaredTopMenu, TopMenuStore } from '../extensions';
import type { IdGenerator } from '../ids';
import { ADMINISTRATOR_ROLE } from '../auth/user';

/**
 * Menus, buttons and top menus come from the installed plugins' manifests (plain data shared with the
 * browser). On every start each declaration is upserted by its code; a row is rewritten only when its
 * declaration changed (decl_hash), so an administrator's later edits survive restarts. When a code is new,
 * every tenant's `administrator` and `admin` (tenant administrator) roles and the roles the declaration
 * lists get it. A top-level declaration with `parent` hangs under that code (the shell's `system` group,
 * say); a `group` menu is marked so that a user's menu leaves it out while it has no visible child. A top
 * menu shows the menus it lists, the top-level menus that join it (`topMenu`, from any installed plugin),
 * and their descendants; the plugin that keeps top menus stores them.
 */

/** Role aliases that get every new menu and button: the super administrator and each tenant's administrator. */
export const GRANT_ALL_ROLES = [ADMINISTRATOR_ROLE, 'admin'];
const hash = (value: unknown) => createHash('sha256').update(JSON.stringify(value)).digest('hex');

interface Row {
  plugin: string;
  parentCode: string | null;
  code: string;
  category: 1 | 2;
  name: { zh: string; en: string };
  alias: string;
  path: string;
  source: string;
  sort: number;
  action: number;
  isOpen: number;
  group: boolean;
  administratorOnly: boolean;
  roles: string[];
  /** The top menu a top-level declaration joins (`topMenu`). */
  topMenu?: string;
}

/** Depth first, parents before children, buttons after their menu. */
function flatten(manifest: PluginManifest): Row[] {
  const rows: Row[] = [];
  const walk = (menus: MenuDecl[] | undefined, parentCode: string | null, adminOnly: boolean) => {
    for (const m of menus ?? []) {
      const administratorOnly = adminOnly || !!m.administratorOnly;
      rows.push({
        plugin: manifest.id, parentCode: parentCode ?? m.parent ?? null, code: m.code, category: 1, name: m.name, alias: 'menu', path: m.path,
        source: m.icon ?? '', sort: m.sort, action: 0, isOpen: m.isOpen ?? 1, group: !!m.group, administratorOnly, roles: m.roles ?? [],
        ...(parentCode === null && m.topMenu ? { topMenu: m.topMenu } : {}),
      });
      for (const b of m.buttons ?? []) rows.push(buttonRow(manifest.id, m.code, b, administratorOnly));
      walk(m.children, m.code, administratorOnly);
    }
  };
  walk(manifest.menus, null, false);
  return rows;
}

function buttonRow(plugin: string, parentCode: string, b: ButtonDecl, menuAdministratorOnly: boolean): Row {
  return {
    plugin, parentCode, code: b.code, category: 2, name: b.name, alias: b.alias, path: b.path ?? '',
    source: b.icon ?? '', sort: b.sort ?? 0, action: b.action ?? 0, isOpen: 1, group: false,
    administratorOnly: menuAdministratorOnly || !!b.administratorOnly, roles: b.roles ?? [],
  };
}

/** Throws on a code declared twice: a clear start-up error beats a menu that silently moved. */
function checkUnique(rows: Row[]): void {
  const seen = new Map<string, string>();
  for (const row of rows) {
    const other = seen.get(row.code);
    if (other) throw new Error(`Menu/button code "${row.code}" is declared by both "${other}" and "${row.plugin}".`);
    seen.set(row.code, row.plugin);
  }
}

async function upsertMenu(tx: Tx, ids: IdGenerator, row: Row, parentId: string): Promise<{ id: string; inserted: boolean }> {
  const { roles: _roles, ...declared } = row;
  const values = [
    ids.next(), parentId, row.code, row.name.zh, row.name.en, row.alias, row.path, row.source, row.sort, row.category, row.action,
    row.isOpen, row.plugin, hash({ ...declared, parentId }), row.group ? 1 : 0, row.administratorOnly ? 1 : 0,
  ];
  const changed = await tx.one<{ id: string; inserted: boolean }>(
    `insert into blade_menu (id, parent_id, code, name, name_en, alias, path, source, sort, category, action, is_open, plugin, decl_hash, is_group, administrator_only)
     values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16)
     on conflict (code) do update set
       parent_id = excluded.parent_id, name = excluded.name, name_en = excluded.name_en, alias = excluded.alias,
       path = excluded.path, source = excluded.source, sort = excluded.sort, category = excluded.category,
       action = excluded.action, is_open = excluded.is_open, plugin = excluded.plugin, decl_hash = excluded.decl_hash,
       is_group = excluded.is_group, administrator_only = excluded.administrator_only
     where blade_menu.decl_hash is distinct from excluded.decl_hash
     returning id, (xmax = 0) as inserted`,
    values,
  );
  if (changed) return changed;
  const kept = await tx.one<{ id: string }>('select id from blade_menu where code = $1', [row.code]);
  return { id: kept!.id, inserted: false };
}

async function grantToRoles(tx: Tx, ids: IdGenerator, menuId: string, aliases: string[]): Promise<void> {
  const roles = await tx.query<{ id: string; tenant_id: string }>(
    'select id, tenant_id from blade_role where is_deleted = 0 and role_alias = any($1::varchar[])',
    [[...GRANT_ALL_ROLES, ...aliases]],
  );
  for (const role of roles) {
    await tx.query(
      'insert into blade_role_menu (id, tenant_id, menu_id, role_id) values ($1, $2, $3, $4) on conflict (role_id, menu_id) do nothing',
      [ids.next(), role.tenant_id, menuId, role.id],
    );
  }
}

/**
 * The ids of the menus a top menu shows: those it lists, those that join it (`topMenu`), and all their
 * descendant menus (category 1), codes checked.
 */
async function topMenuShows(tx: Tx, plugin: string, top: TopMenuDecl, menuIds: Map<string, string>, joining: readonly Row[]): Promise<string[]> {
  const codes = [...top.menus, ...joining.filter((row) => row.topMenu === top.code).map((row) => row.code)];
  const listed = codes.map((code) => {
    const menuId = menuIds.get(code);
    if (!menuId) throw new Error(`Top menu "${top.code}" of "${plugin}" lists unknown menu code "${code}".`);
    return menuId;
  });
  const rows = await tx.query<{ id: string }>(
    `with recursive shown as (
       select id from blade_menu where id = any($1::bigint[])
       union
       select m.id from blade_menu m join shown s on m.parent_id = s.id where m.category = 1 and m.is_deleted = 0
     )
     select id from shown order by id`,
    [listed],
  );
  return rows.map((r) => r.id);
}

/** Brings the menu tables in line with the manifests (system scope: it spans every tenant's roles). */
export async function syncMenus(db: Db, ids: IdGenerator, manifests: readonly PluginManifest[], topMenus?: TopMenuStore): Promise<void> {
  const rows = manifests.flatMap(flatten);
  checkUnique(rows);
  await db.system(async (tx) => {
    await tx.query(`select pg_advisory_xact_lock(hashtext('sync_menus'))`);
    const menuIds = new Map<string, string>();
    for (const row of rows) {
      let parentId = '0';
      if (row.parentCode) {
        const known =
          menuIds.get(row.parentCode) ?? (await tx.one<{ id: string }>('select id from blade_menu where code = $1 and category = 1', [row.parentCode]))?.id;
        if (!known) throw new Error(`Menu "${row.code}" of "${row.plugin}" is attached under "${row.parentCode}", which is not declared.`);
        parentId = known;
      }
      const { id, inserted } = await upsertMenu(tx, ids, row, parentId);
      menuIds.set(row.code, id);
      if (inserted) await grantToRoles(tx, ids, id, row.roles);
    }
    const declared: DeclaredTopMenu[] = [];
    for (const manifest of manifests) {
      for (const top of manifest.topMenus ?? []) declared.push({ plugin: manifest.id, top, shows: await topMenuShows(tx, manifest.id, top, menuIds, rows) });
    }
    if (!topMenus) return;
    const tenants = await tx.query<{ tenant_id: string }>('select tenant_id from blade_tenant where is_deleted = 0');
    await topMenus.sync(tx, ids, declared, tenants.map((t) => t.tenant_id));
  });
}
