import { createHash } from 'node:crypto';
import type { CreatedTenant, DeclaredTopMenu, IdGenerator, TopMenuRow, TopMenuStore, Tx } from '../../core/sdk/server';

/**
 * The top menus' tables and how the kernel reaches them. `blade_top_menu` is per tenant; a declared top
 * menu (`plugin` names who declared it) is upserted by (tenant, code) and rewritten only when its
 * declaration changed (`decl_hash`), so an administrator's settings survive restarts.
 * `blade_top_menu_setting` lists the menus each top menu shows.
 */
export const topMenuTables = {
  id: '001_tables',
  // `if not exists`: a database made before this plugin owned them already has them, as they are.
  sql: `create table if not exists blade_top_menu (
  id bigint primary key,
  tenant_id varchar(12) not null,
  code varchar(255),
  name varchar(255),
  name_en varchar(255),
  source varchar(255),
  path varchar(255),
  sort int,
  plugin varchar(64),
  decl_hash varchar(64),
  create_user bigint,
  create_dept bigint,
  create_time timestamptz not null default now(),
  update_user bigint,
  update_time timestamptz not null default now(),
  status int not null default 1,
  is_deleted int not null default 0,
  unique (tenant_id, code)
);
create table if not exists blade_top_menu_setting (
  id bigint primary key,
  tenant_id varchar(12) not null,
  top_menu_id bigint not null,
  menu_id bigint not null,
  unique (top_menu_id, menu_id)
);`,
};

const hash = (value: unknown) => createHash('sha256').update(JSON.stringify(value)).digest('hex');

async function syncOne(tx: Tx, ids: IdGenerator, { plugin, top, shows }: DeclaredTopMenu, tenantId: string): Promise<void> {
  const row = await tx.one<{ id: string }>(
    `insert into blade_top_menu (id, tenant_id, code, name, name_en, source, sort, plugin, decl_hash)
     values ($1, $2, $3, $4, $5, $6, $7, $8, $9)
     on conflict (tenant_id, code) do update set
       name = excluded.name, name_en = excluded.name_en, source = excluded.source, sort = excluded.sort,
       plugin = excluded.plugin, decl_hash = excluded.decl_hash, update_time = now()
     where blade_top_menu.decl_hash is distinct from excluded.decl_hash
     returning id`,
    // The hash covers what the top menu shows, so a plugin attaching a menu below a listed one updates it.
    [ids.next(), tenantId, top.code, top.name.zh, top.name.en, top.icon ?? '', top.sort, plugin, hash({ top, shows })],
  );
  if (!row) return; // unchanged declaration: the administrator's settings stay
  await tx.query('delete from blade_top_menu_setting where top_menu_id = $1', [row.id]);
  for (const menuId of shows) {
    await tx.query('insert into blade_top_menu_setting (id, tenant_id, top_menu_id, menu_id) values ($1, $2, $3, $4) on conflict do nothing', [
      ids.next(),
      tenantId,
      row.id,
      menuId,
    ]);
  }
}

export const topMenuStore: TopMenuStore = {
  async sync(tx, ids, declared, tenantIds) {
    for (const top of declared) for (const tenantId of tenantIds) await syncOne(tx, ids, top, tenantId);
  },
  async menuIds(tx, tenantId, topMenuId) {
    const rows = await tx.query<{ menu_id: string }>(
      `select s.menu_id from blade_top_menu_setting s join blade_top_menu t on t.id = s.top_menu_id
        where s.tenant_id = $1 and t.tenant_id = $1 and t.id = $2 and t.is_deleted = 0`,
      [tenantId, topMenuId],
    );
    return new Set(rows.map((r) => r.menu_id));
  },
  forTenant(tx, tenantId) {
    return tx.query<TopMenuRow & { menu_ids: string[] }>(
      `select t.*, coalesce(array(select s.menu_id::text from blade_top_menu_setting s where s.top_menu_id = t.id), '{}') as menu_ids
         from blade_top_menu t where t.tenant_id = $1 and t.is_deleted = 0 and t.status = 1 order by t.sort, t.id`,
      [tenantId],
    );
  },
};

/** A new tenant gets the declared top menus of tenant 000000, showing the same menus. */
export async function copyDeclaredTopMenus(tx: Tx, ids: IdGenerator, tenant: CreatedTenant): Promise<void> {
  const tops = await tx.query<{ id: string; code: string; name: string; name_en: string; source: string; path: string; sort: number; plugin: string; decl_hash: string }>(
    `select id, code, name, name_en, source, path, sort, plugin, decl_hash from blade_top_menu where tenant_id = '000000' and plugin is not null and is_deleted = 0`,
  );
  for (const top of tops) {
    const topId = ids.next();
    await tx.query(
      `insert into blade_top_menu (id, tenant_id, code, name, name_en, source, path, sort, plugin, decl_hash) values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10)`,
      [topId, tenant.tenantId, top.code, top.name, top.name_en, top.source, top.path, top.sort, top.plugin, top.decl_hash],
    );
    const shown = await tx.query<{ menu_id: string }>('select menu_id from blade_top_menu_setting where top_menu_id = $1', [top.id]);
    for (const { menu_id } of shown) {
      await tx.query('insert into blade_top_menu_setting (id, tenant_id, top_menu_id, menu_id) values ($1, $2, $3, $4)', [ids.next(), tenant.tenantId, topId, menu_id]);
    }
  }
}
