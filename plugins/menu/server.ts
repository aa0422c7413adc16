import { assertAdministrator, bizError, buildTree, type CrudHooks, crudRepo, currentMember, type DbRow, defineServerPlugin, type Json, localize, type LocalText, type MenuRow, menuTreeNode, num, rData, type ServerContext, SqlParams, str, type Tx, type Where, withoutSort } from '../../core/sdk/server';
import menuPlugin, { BUTTON, MENU, menuEntity } from './index';
import { describeRoute } from '../../core/sdk/server';

/**
 * Menus on the engine, with its tree trait, for the super administrator only (403 for anyone else, a
 * tenant's own `admin` included). Rows declared by plugins that are not installed do not exist here, as
 * everywhere else. `menu-list` and `lazy-menu-list` are the lists of the menus alone; `tree` (the parent
 * selector's menus, with their English names) is the one endpoint of its own. What edits and removals of
 * declared rows do across restarts: README.md.
 */

export const MSG_CODE_EXISTS = { zh: '菜单编号已存在', en: 'This menu code already exists' };
export const MSG_PARENT_NOT_MENU = { zh: '父节点只可选择菜单类型!', en: 'The parent must be a menu' };
export const MSG_BUTTON_NEEDS_PARENT = { zh: '按钮必须选择上级菜单', en: 'A button needs a parent menu' };
export const MSG_PATH_REQUIRED = { zh: '请输入路由地址', en: 'Please enter the route path' };
export const MSG_DECLARED_CODE = { zh: '插件声明的菜单编号不可修改', en: 'The code of a menu a plugin declares cannot be changed' };
export const MSG_DECLARED_CATEGORY = { zh: '插件声明的菜单类型不可修改', en: 'The type of a menu a plugin declares cannot be changed' };
export const MSG_BRANCH_TO_BUTTON = { zh: '有子节点的菜单不可改为按钮', en: 'A menu with children cannot become a button' };

const CATEGORY_NAMES: Record<number, LocalText> = { [MENU]: { zh: '菜单', en: 'Menu' }, [BUTTON]: { zh: '按钮', en: 'Button' } };
const ACTION_NAMES: Record<number, LocalText> = { 1: { zh: '工具栏', en: 'Toolbar' }, 2: { zh: '操作栏', en: 'Row actions' }, 3: { zh: '工具操作栏', en: 'Toolbar and row actions' } };
const IS_OPEN_NAMES: Record<number, LocalText> = { 1: { zh: '否', en: 'No' }, 2: { zh: '是', en: 'Yes' } };
const nameOf = (names: Record<number, LocalText>, value: unknown) => {
  const text = names[num(value)];
  return text ? localize(text) : '';
};

/** Rows of the installed plugins, and the administrators' own. */
const installedOnly = (ctx: Pick<ServerContext, 'pluginIds'>): Where => (p) => `(plugin is null or plugin = any(${p.add([...ctx.pluginIds])}::varchar[]))`;
const menusOnly: Where = (p) => `category = ${p.add(MENU)}`;

/** `MenuVO` besides the fields: the kernel's columns, and the names of the category, position and window. */
function menuVO(rows: Json[], raw: readonly DbRow[]): void {
  rows.forEach((row, i) => {
    const stored = raw[i]!;
    Object.assign(row, {
      component: str(stored.component),
      administratorOnly: num(stored.administrator_only),
      isGroup: num(stored.is_group),
      categoryName: nameOf(CATEGORY_NAMES, stored.category),
      actionName: nameOf(ACTION_NAMES, stored.action),
      isOpenName: nameOf(IS_OPEN_NAMES, stored.is_open),
    });
  });
}

/**
 * The code of a row being saved: free, or held by a removed row. An administrator's own removed row is
 * renamed out of the way; a plugin's is brought back by an add of its code (the same row, with the grants
 * it had), which is why codes are unique over removed rows too.
 */
async function claimCode(tx: Tx, code: string, category: number, id: string | undefined): Promise<string | undefined> {
  const holder = await tx.one<{ id: string; is_deleted: number; plugin: string | null; category: number }>(
    'select id::text as id, is_deleted, plugin, category from blade_menu where code = $1',
    [code],
  );
  if (!holder || holder.id === id) return undefined;
  if (holder.is_deleted === 0 || (holder.plugin && id)) throw bizError(MSG_CODE_EXISTS);
  if (holder.plugin) {
    if (Number(holder.category) !== category) throw bizError(MSG_DECLARED_CATEGORY);
    return holder.id;
  }
  await tx.query(`update blade_menu set code = left(code, 200) || '~removed~' || id::text where id = $1`, [holder.id]);
  return undefined;
}

/** The rules of menus and buttons, after the tree's own (the parent exists, and is neither the row nor below it). */
function menuRules(installed: Where): CrudHooks {
  return {
    async beforeChange(change) {
      const { tx, values, id, existing } = change;
      const value = (field: string, column = field) => (Object.hasOwn(values, field) ? values[field] : existing?.[column]);
      const code = String(value('code'));
      const category = Number(value('category'));
      // A declared row keeps the code and category its plugin knows it by (the start-up sync finds it by its code).
      if (existing?.plugin) {
        if (code !== str(existing.code)) throw bizError(MSG_DECLARED_CODE);
        if (category !== Number(existing.category)) throw bizError(MSG_DECLARED_CATEGORY);
      }
      const parentId = String(values.parentId);
      if (parentId !== '0') {
        const parent = await tx.one<{ category: number }>('select category from blade_menu where id = $1', [parentId]);
        if (Number(parent?.category) !== MENU) throw bizError(MSG_PARENT_NOT_MENU);
      } else if (category === BUTTON) throw bizError(MSG_BUTTON_NEEDS_PARENT);
      if (category === MENU && str(value('path')).trim() === '') throw bizError(MSG_PATH_REQUIRED);
      if (existing && category === BUTTON && Number(existing.category) === MENU) {
        const p = new SqlParams();
        const child = await tx.one(`select 1 as found from blade_menu where parent_id = ${p.add(id)} and is_deleted = 0 and ${installed(p)} limit 1`, p.values);
        if (child) throw bizError(MSG_BRANCH_TO_BUTTON);
      }
      change.restore = await claimCode(tx, code, category, id);
    },
    afterRead({ rows, raw }) {
      menuVO(rows, raw);
    },
  };
}

export default defineServerPlugin(menuPlugin, {
  resources: {
    menu: (ctx) => ({
      access: { read: 'administrator', add: 'administrator', edit: 'administrator', delete: 'administrator' },
      where: installedOnly(ctx),
      skip: ['tree', 'lazy-tree'],
      views: { 'menu-list': { of: 'list', where: menusOnly }, 'lazy-menu-list': { of: 'lazy-list', where: menusOnly } },
      hooks: menuRules(installedOnly(ctx)),
    }),
  },
  routes(api, ctx) {
    const repo = crudRepo(menuEntity, ctx.ids);
    // TreeNodes of the menus (no buttons), in both languages: the parent selector.
    api.get('/blade-system/menu/tree', describeRoute({ summary: { zh: '菜单树（上级菜单选项，不含按钮；仅超级管理员）', en: 'The menu tree (parent choices, no buttons; super administrator)' }, entity: menuEntity, returns: 'nodes' }), async (c) => {
      const user = currentMember(c);
      assertAdministrator(user);
      const rows = await ctx.db.tenant(user.tenantId, (tx) => repo.rows(tx, user, {}, { where: [installedOnly(ctx), menusOnly] }));
      return c.json(rData(withoutSort(buildTree(rows.map((r) => menuTreeNode(r as unknown as MenuRow))))));
    });
  },
});
