import type { Hono } from 'hono';
import { currentMember } from '../../core/server/auth/middleware';
import { assertAdministrator } from '../../core/server/auth/permissions';
import type { AuthUser } from '../../core/server/auth/user';
import type { AppEnv, ServerContext } from '../../core/server/context';
import { crudRepo, entityValidator, formatError, parseId, readIds, type DbRow, type Where } from '../../core/server/crud';
import type { Tx } from '../../core/server/db/types';
import { bizError } from '../../core/server/http/errors';
import { MSG } from '../../core/server/http/messages';
import { localize, type LocalText } from '../../core/server/i18n';
import { num, str } from '../../core/server/http/format';
import { rData, rStatus } from '../../core/server/http/r';
import { readJson } from '../../core/server/http/validate';
import { buildTree, withoutSort } from '../../core/server/menu/tree';
import { menuTreeNode, menuVO, type MenuRow } from '../../core/server/menu/vo';
import { isBigintId } from '../../core/server/ids';
import { defineServerPlugin } from '../../core/server/plugin';
import { BUTTON, MENU, menuEntity } from './entities';
import { menuManifest } from './manifest';

/**
 * Menus on the server: `/api/blade-system/menu/{list, menu-list, lazy-list,
 * lazy-menu-list, tree, detail, submit, remove}` on the kernel's global `blade_menu`, for the super
 * administrator only (403 for anyone else, a tenant's own `admin` included). Rows declared by plugins
 * that are not installed are left out, as everywhere else. What edits and removals of declared rows do
 * across restarts: README.md.
 */
const BASE = '/blade-system/menu';

export const MSG_CODE_EXISTS = { zh: '菜单编号已存在', en: 'This menu code already exists' };
export const MSG_SELF_PARENT = { zh: '父节点不可选择自身!', en: 'A node cannot be its own parent' };
export const MSG_HAS_CHILDREN = MSG.hasChildren;
export const MSG_PARENT_MISSING = { zh: '上级菜单不存在', en: 'The parent menu does not exist' };
export const MSG_PARENT_NOT_MENU = { zh: '父节点只可选择菜单类型!', en: 'The parent must be a menu' };
export const MSG_BUTTON_NEEDS_PARENT = { zh: '按钮必须选择上级菜单', en: 'A button needs a parent menu' };
export const MSG_PATH_REQUIRED = { zh: '请输入路由地址', en: 'Please enter the route path' };
export const MSG_DECLARED_CODE = { zh: '插件声明的菜单编号不可修改', en: 'The code of a menu a plugin declares cannot be changed' };
export const MSG_DECLARED_CATEGORY = { zh: '插件声明的菜单类型不可修改', en: 'The type of a menu a plugin declares cannot be changed' };
export const MSG_BRANCH_TO_BUTTON = { zh: '有子节点的菜单不可改为按钮', en: 'A menu with children cannot become a button' };

const CATEGORY_NAMES: Record<number, LocalText> = { [MENU]: { zh: '菜单', en: 'Menu' }, [BUTTON]: { zh: '按钮', en: 'Button' } };
const ACTION_NAMES: Record<number, LocalText> = { 1: { zh: '工具栏', en: 'Toolbar' }, 2: { zh: '操作栏', en: 'Row actions' }, 3: { zh: '工具操作栏', en: 'Toolbar and row actions' } };
const IS_OPEN_NAMES: Record<number, LocalText> = { 1: { zh: '否', en: 'No' }, 2: { zh: '是', en: 'Yes' } };
const nameOf = (text: LocalText | undefined) => (text ? localize(text) : '');

/** `MenuVO` plus who declared the row (`plugin`, '' for an administrator's own) and the kernel's flags. */
export function menuJson(row: DbRow) {
  return { ...menuVO(row as unknown as MenuRow), plugin: str(row.plugin), administratorOnly: num(row.administrator_only), isGroup: num(row.is_group) };
}
type MenuJson = ReturnType<typeof menuJson> & { hasChildren?: boolean; children?: MenuJson[] };

const bySort = (a: DbRow, b: DbRow) => Number(a.sort ?? 0) - Number(b.sort ?? 0) || (BigInt(str(a.id)) < BigInt(str(b.id)) ? -1 : 1);

function parentIdOf(value: unknown): string {
  const v = value === undefined || value === null ? '' : String(value).trim();
  if (v === '' || v === '0') return '0';
  if (!isBigintId(v)) throw bizError(formatError('parentId'));
  return v;
}

export function menuRoutes(api: Hono<AppEnv>, ctx: ServerContext): void {
  const repo = crudRepo(menuEntity, ctx.ids);
  const validator = entityValidator(menuEntity);
  const installed = [...ctx.pluginIds];
  // Rows of installed plugins, and the administrators' own.
  const live: Where = (p) => `(plugin is null or plugin = any(${p.add(installed)}::varchar[]))`;
  const liveSql = `is_deleted = 0 and (plugin is null or plugin = any($1::varchar[]))`;

  /** Administrator-only work in the caller's transaction (the table is global). */
  const admin = <T>(user: AuthUser, work: (tx: Tx) => Promise<T>) => {
    assertAdministrator(user);
    return ctx.db.tenant(user.tenantId, work);
  };
  const filtersOf = (query: Record<string, string>) => {
    const { parentId: _p, current: _c, size: _s, ...rest } = query;
    return rest;
  };
  const rows = (tx: Tx, user: AuthUser, query: Record<string, string>, where: Where[] = []) => repo.rows(tx, user, query, { where: [live, ...where] });
  const find = (tx: Tx, user: AuthUser, id: string) => repo.find(tx, user, id, { where: [live] });

  /** How many live children (of `category`, else any) each of these rows has. */
  const childCounts = async (tx: Tx, ids: string[], category?: number): Promise<Map<string, number>> => {
    if (ids.length === 0) return new Map();
    const found = await tx.query<{ parent_id: string; n: number }>(
      `select parent_id::text as parent_id, count(*)::int as n from blade_menu
        where ${liveSql} and parent_id = any($2::bigint[]) ${category ? 'and category = $3' : ''} group by parent_id`,
      category ? [installed, ids, category] : [installed, ids],
    );
    return new Map(found.map((r) => [String(r.parent_id), r.n]));
  };

  const tree = (list: DbRow[]) => buildTree(list.map((row): MenuJson => menuJson(row)));

  /** One level (the roots, or a parent's children) with `hasChildren`; searching from the top: every match. */
  const lazyLevel = async (tx: Tx, user: AuthUser, query: Record<string, string>, category?: number) => {
    const parentId = parentIdOf(query.parentId);
    const filters = filtersOf(query);
    const where: Where[] = category ? [(p) => `category = ${p.add(category)}`] : [];
    const searching = Object.keys(filters).length > 0;
    if (!(searching && parentId === '0')) where.push((p) => `parent_id = ${p.add(parentId)}`);
    const list = (await rows(tx, user, filters, where)).sort(bySort);
    const counts = await childCounts(tx, list.map((r) => str(r.id)), category);
    return list.map((row): MenuJson => ({ ...menuJson(row), hasChildren: (counts.get(str(row.id)) ?? 0) > 0 }));
  };

  // The whole tree, menus and buttons (filters code, name, alias: LIKE; a match whose parent does not match is a root).
  api.get(`${BASE}/list`, async (c) => {
    const user = currentMember(c);
    const query = filtersOf(c.req.query());
    return c.json(rData(await admin(user, async (tx) => tree(await rows(tx, user, query)))));
  });

  // The same, menus only.
  api.get(`${BASE}/menu-list`, async (c) => {
    const user = currentMember(c);
    const query = filtersOf(c.req.query());
    return c.json(rData(await admin(user, async (tx) => tree(await rows(tx, user, query, [(p) => `category = ${p.add(MENU)}`])))));
  });

  api.get(`${BASE}/lazy-list`, async (c) => {
    const user = currentMember(c);
    const query = c.req.query();
    return c.json(rData(await admin(user, (tx) => lazyLevel(tx, user, query))));
  });

  api.get(`${BASE}/lazy-menu-list`, async (c) => {
    const user = currentMember(c);
    const query = c.req.query();
    return c.json(rData(await admin(user, (tx) => lazyLevel(tx, user, query, MENU))));
  });

  // TreeNode of every menu (category 1): the parent selector.
  api.get(`${BASE}/tree`, async (c) => {
    const user = currentMember(c);
    const nodes = await admin(user, async (tx) => {
      const list = await rows(tx, user, {}, [(p) => `category = ${p.add(MENU)}`]);
      return withoutSort(buildTree(list.map((r) => menuTreeNode(r as unknown as MenuRow))));
    });
    return c.json(rData(nodes));
  });

  api.get(`${BASE}/detail`, async (c) => {
    const user = currentMember(c);
    assertAdministrator(user);
    const id = parseId(c.req.query('id'));
    const vo = await admin(user, async (tx) => {
      const row = await find(tx, user, id);
      if (!row) return null;
      const parentId = str(row.parent_id) || '0';
      const parent = parentId === '0' ? undefined : await find(tx, user, parentId);
      const json = menuJson(row);
      return {
        ...json,
        parentName: parentId === '0' ? localize(MSG.topLevel) : str(parent?.name),
        categoryName: nameOf(CATEGORY_NAMES[json.category]),
        actionName: nameOf(ACTION_NAMES[json.action]),
        isOpenName: nameOf(IS_OPEN_NAMES[json.isOpen]),
      };
    });
    return c.json(rData(vo));
  });

  api.post(`${BASE}/submit`, async (c) => {
    const user = currentMember(c);
    assertAdministrator(user);
    const body = await readJson(c);
    const id = validator.idOf(body);
    const raw = (body as Record<string, unknown>).parentId;
    await admin(user, async (tx) => {
      const existing = id ? await find(tx, user, id) : undefined;
      if (id && !existing) throw bizError(MSG.notFound);
      const { values } = validator.parse(body, id ? 'edit' : 'add');
      const merged = existing ? { ...repo.valuesOf(existing), ...values } : values;
      const code = String(merged.code);
      const category = Number(merged.category);

      // A declared row keeps the code and category its plugin knows it by (sync finds it by its code).
      if (existing?.plugin) {
        if (code !== str(existing.code)) throw bizError(MSG_DECLARED_CODE);
        if (category !== Number(existing.category)) throw bizError(MSG_DECLARED_CATEGORY);
      }

      const given = raw !== undefined && raw !== null && String(raw).trim() !== '';
      const parentId = given ? parentIdOf(raw) : existing ? str(existing.parent_id) || '0' : '0';
      if (id && parentId === id) throw bizError(MSG_SELF_PARENT);
      if (parentId !== '0') {
        const parent = await find(tx, user, parentId);
        if (!parent) throw bizError(MSG_PARENT_MISSING);
        if (Number(parent.category) !== MENU) throw bizError(MSG_PARENT_NOT_MENU);
        if (id) {
          // Not below itself: the new parent's ancestors must not include the row.
          const chain = await tx.query<{ id: string }>(
            `with recursive up as (
               select id, parent_id, 1 as depth from blade_menu where id = $1
               union all
               select m.id, m.parent_id, up.depth + 1 from blade_menu m join up on m.id = up.parent_id where up.depth < 64
             )
             select id::text as id from up`,
            [parentId],
          );
          if (chain.some((r) => r.id === id)) throw bizError(MSG_SELF_PARENT);
        }
      } else if (category === BUTTON) throw bizError(MSG_BUTTON_NEEDS_PARENT);
      if (category === MENU && str(merged.path).trim() === '') throw bizError(MSG_PATH_REQUIRED);
      if (existing && category === BUTTON && Number(existing.category) === MENU && ((await childCounts(tx, [id!])).get(id!) ?? 0) > 0) {
        throw bizError(MSG_BRANCH_TO_BUTTON);
      }

      // The code: free, or held by a removed row (an administrator's own is renamed out of the way; a
      // plugin's own is brought back by adding a menu with its code).
      const holder = await tx.one<{ id: string; is_deleted: number; plugin: string | null; category: number }>(
        'select id::text as id, is_deleted, plugin, category from blade_menu where code = $1',
        [code],
      );
      let restore: string | undefined;
      if (holder && holder.id !== id) {
        if (holder.is_deleted === 0 || (holder.plugin && id)) throw bizError(MSG_CODE_EXISTS);
        if (holder.plugin) {
          if (Number(holder.category) !== category) throw bizError(MSG_DECLARED_CATEGORY);
          restore = holder.id;
        } else {
          await tx.query(`update blade_menu set code = left(code, 200) || '~removed~' || id::text where id = $1`, [holder.id]);
        }
      }

      let rowId = id;
      if (restore) {
        await tx.query('update blade_menu set is_deleted = 0 where id = $1', [restore]);
        await repo.update(tx, user, restore, values, ctx.now());
        rowId = restore;
      } else if (id) {
        await repo.update(tx, user, id, values, ctx.now());
      } else {
        rowId = await repo.insert(tx, user, values, ctx.now());
      }
      await tx.query('update blade_menu set parent_id = $1 where id = $2', [parentId, rowId]);
    });
    return c.json(rStatus(true));
  });

  // Logical delete; a row with children is refused. Grants of removed rows stay, inert (every permission
  // and menu query skips removed rows), and come back if a plugin's removed row is brought back.
  api.post(`${BASE}/remove`, async (c) => {
    const user = currentMember(c);
    assertAdministrator(user);
    const ids = await readIds(c);
    const removed = await admin(user, async (tx) => {
      const children = await tx.one<{ n: number }>(
        `select count(*)::int as n from blade_menu where ${liveSql} and parent_id = any($2::bigint[]) and not (id = any($2::bigint[]))`,
        [installed, ids],
      );
      if ((children?.n ?? 0) > 0) throw bizError(MSG_HAS_CHILDREN);
      return repo.remove(tx, user, ids, ctx.now(), { where: [live] });
    });
    return c.json(rStatus(removed > 0));
  });
}

export const menuServer = defineServerPlugin({
  manifest: menuManifest,
  entities: [menuEntity],
  // blade_menu is the kernel's table (core/server/schema/kernel.ts).
  migrations: [],
  routes: menuRoutes,
});

export default menuServer;
