import type { Context, Hono } from 'hono';
import { type AppEnv, assertPermission, type AuthUser, bizError, buildTree, type CrudHooks, currentMember, defineServerPlugin, menuTreeNode, MSG, parseIds, pruneEmptyGroups, rData, readJson, readParams, requirePermission, rStatus, type ServerContext, str, type Tx, visibleMenus, withoutSort } from '../../core/sdk/server';
import topmenuPlugin from './index';
import { copyDeclaredTopMenus, topMenuStore, topMenuTables } from './server-store';
import { describeRoute, textParams } from '../../core/sdk/server';

/**
 * Top menus on the server: the per-tenant `blade_top_menu` (server-store.ts) with
 * `/api/blade-system/topmenu/{list, detail, submit, remove}` from the engine (a hook frees or restores
 * the code of a removed row), `topmenu/grant` and, for the 菜单配置 dialog,
 * `/api/blade-system/menu/{grant-top-tree, top-tree-keys}`. The kernel's `menu/routes?topMenuId=` and
 * `menu/top-menu` ask this plugin's store (what `blade_top_menu_setting` lists). A grant may only name menus the caller may see themselves.
 */
export const MSG_CODE_EXISTS = { zh: '顶部菜单编号已存在', en: 'This top menu code already exists' };
export const MSG_DECLARED_CODE = { zh: '插件声明的顶部菜单编号不可修改', en: 'The code of a top menu a plugin declares cannot be changed' };
export const MSG_MENU_NOT_GRANTABLE = { zh: '只能配置自己可见的菜单', en: 'You can only add menus you can see' };
export const SETTING = 'topmenu_setting';

/** A list of ids as the grant sends them: a JSON array, or comma-joined text (JSON or query). */
function idsIn(value: unknown, name: string, required: boolean): string[] {
  const blank = value === undefined || value === null || value === '' || (Array.isArray(value) && value.length === 0);
  if (blank && !required) return [];
  if (Array.isArray(value) && !value.every((v) => typeof v === 'string' || typeof v === 'number')) throw bizError(MSG.badFormat(name));
  if (!blank && !Array.isArray(value) && typeof value !== 'string' && typeof value !== 'number') throw bizError(MSG.badFormat(name));
  return parseIds(Array.isArray(value) ? value.map(String) : value, name);
}

/** `topMenuIds` and `menuIds` from a JSON body, or from the query / a form (BladeX `@RequestParam`). */
async function grantInput(c: Context<AppEnv>): Promise<{ topMenuIds: string[]; menuIds: string[] }> {
  const json = /application\/json/i.test(c.req.header('content-type') ?? '');
  const input = json ? await readJson(c) : await readParams(c);
  if (typeof input !== 'object' || input === null || Array.isArray(input)) throw bizError(MSG.badFormat('body'));
  const { topMenuIds, menuIds } = input as Record<string, unknown>;
  return { topMenuIds: idsIn(topMenuIds, 'topMenuIds', true), menuIds: idsIn(menuIds, 'menuIds', false) };
}

/**
 * The rules of a saved top menu. A declared top menu keeps its code (the start-up sync finds it by
 * (tenant, code)). The code is free, or held by a removed row: an own one is renamed out of the way; a
 * declared one comes back, with the menus it showed, when a top menu with its code is added.
 */
const topMenuRules: CrudHooks = {
  async beforeChange(change) {
    const { tx, user, values, id, existing } = change;
    const code = String(existing && values.code === undefined ? existing.code : values.code);
    if (existing?.plugin && code !== str(existing.code)) throw bizError(MSG_DECLARED_CODE);
    const holder = await tx.one<{ id: string; is_deleted: number; plugin: string | null }>(
      'select id::text as id, is_deleted, plugin from blade_top_menu where tenant_id = $1 and code = $2',
      [user.tenantId, code],
    );
    if (!holder || holder.id === id) return;
    if (holder.is_deleted === 0 || (holder.plugin && id)) throw bizError(MSG_CODE_EXISTS);
    if (holder.plugin) change.restore = holder.id;
    else await tx.query(`update blade_top_menu set code = left(code, 200) || '~removed~' || id::text where id = $1 and tenant_id = $2`, [holder.id, user.tenantId]);
  },
};

function topmenuRoutes(api: Hono<AppEnv>, ctx: ServerContext): void {
  const setting = <T>(user: AuthUser, work: (tx: Tx) => Promise<T>) =>
    ctx.db.tenant(user.tenantId, async (tx) => {
      await assertPermission(tx, user, SETTING);
      return work(tx);
    });
  /** The ids of the menus (category 1) this user may see in their tenant. */
  const visibleMenuRows = async (tx: Tx, user: AuthUser) => pruneEmptyGroups(await visibleMenus(tx, user, await ctx.tenantPlugins.visible(user.tenantId), 1));

  // Replaces what these top menus show, within what the caller may see: settings of menus hidden from
  // the caller (administrator-only, a switched-off plugin's) are kept, since they could not untick them.
  api.post('/blade-system/topmenu/grant', describeRoute({ summary: { zh: '设置顶部菜单包含的菜单', en: 'Set the menus top menus show' }, params: textParams({ 'topMenuIds!': { zh: '顶部菜单主键，逗号分隔', en: 'Top menu ids, comma-joined' }, menuIds: { zh: '菜单主键，逗号分隔', en: 'Menu ids, comma-joined' } }) }), requirePermission(ctx, SETTING), async (c) => {
    const user = currentMember(c);
    const { topMenuIds, menuIds } = await grantInput(c);
    await setting(user, async (tx) => {
      const tops = await tx.query<{ id: string }>(
        'select id::text as id from blade_top_menu where tenant_id = $1 and is_deleted = 0 and id = any($2::bigint[])',
        [user.tenantId, topMenuIds],
      );
      if (tops.length !== topMenuIds.length) throw bizError(MSG.notFound);
      const visible = new Set((await visibleMenuRows(tx, user)).map((m) => String(m.id)));
      if (menuIds.some((menuId) => !visible.has(menuId))) throw bizError(MSG_MENU_NOT_GRANTABLE);
      await tx.query(
        `delete from blade_top_menu_setting
          where tenant_id = $1 and top_menu_id = any($2::bigint[])
            and (menu_id = any($3::bigint[]) or menu_id not in (select id from blade_menu where is_deleted = 0))`,
        [user.tenantId, topMenuIds, [...visible]],
      );
      for (const topMenuId of topMenuIds) {
        for (const menuId of menuIds) {
          await tx.query(
            'insert into blade_top_menu_setting (id, tenant_id, top_menu_id, menu_id) values ($1, $2, $3, $4) on conflict (top_menu_id, menu_id) do nothing',
            [ctx.ids.next(), user.tenantId, topMenuId, menuId],
          );
        }
      }
    });
    return c.json(rStatus(true));
  });

  // The menus (category 1) the caller may see, as TreeNodes: what a top menu can be given.
  api.get('/blade-system/menu/grant-top-tree', describeRoute({ summary: { zh: '顶部菜单可包含的菜单（树）', en: 'The menus a top menu can show (a tree)' } }), async (c) => {
    const user = currentMember(c);
    const menu = await setting(user, async (tx) => {
      const rows = await visibleMenuRows(tx, user);
      return withoutSort(buildTree(rows.map(menuTreeNode)));
    });
    return c.json(rData({ menu, dataScope: [], apiScope: [] }));
  });

  // The menu ids these top menus show, of those the caller may see (the keys of grant-top-tree; the
  // caller's tenant only: another tenant's ids show nothing).
  api.get('/blade-system/menu/top-tree-keys', describeRoute({ summary: { zh: '顶部菜单已包含的菜单', en: 'The menus top menus show' }, query: textParams({ 'topMenuIds!': { zh: '顶部菜单主键，逗号分隔', en: 'Top menu ids, comma-joined' } }) }), async (c) => {
    const user = currentMember(c);
    const topMenuIds = parseIds(c.req.query('topMenuIds'), 'topMenuIds');
    const menu = await setting(user, async (tx) => {
      const rows = await tx.query<{ menu_id: string }>(
        `select distinct s.menu_id::text as menu_id from blade_top_menu_setting s
           join blade_top_menu t on t.id = s.top_menu_id and t.tenant_id = $1 and t.is_deleted = 0
           join blade_menu m on m.id = s.menu_id and m.is_deleted = 0
          where s.tenant_id = $1 and s.top_menu_id = any($2::bigint[])
          order by 1`,
        [user.tenantId, topMenuIds],
      );
      const visible = new Set((await visibleMenuRows(tx, user)).map((m) => String(m.id)));
      return rows.map((r) => r.menu_id).filter((menuId) => visible.has(menuId));
    });
    return c.json(rData({ menu, dataScope: [], apiScope: [] }));
  });
}

export default defineServerPlugin(topmenuPlugin, {
  resources: { topmenu: { hooks: topMenuRules } },
  migrations: [topMenuTables],
  routes: topmenuRoutes,
  provides: { topMenus: topMenuStore },
  onTenantCreated: (tx, tenant, ctx) => copyDeclaredTopMenus(tx, ctx.ids, tenant),
});
