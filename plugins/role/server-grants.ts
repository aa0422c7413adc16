import type { Context, Hono } from 'hono';
import { type AppEnv, type AuthUser, bizError, buildTree, currentMember, formatError, type LocalText, logEvent, type MenuRow, menuTreeNode, missingParam, MSG as KERNEL_MSG, parseIds, pruneEmptyGroups, rData, readParams, rStatus, type ServerContext, str, type Tx, validIds, visibleMenus, withoutSort } from '../../core/sdk/server';
import { assertBigints, assertRoles, inTenant, MSG, targetTenant, type ScopeKind } from './server-common';
import { describeRoute, textParams } from '../../core/sdk/server';

/**
 * Grants: `GET /menu/grant-tree` (what the caller may grant: menus and buttons, data
 * scopes, API scopes), `GET /menu/role-tree-keys?roleIds=` (what roles hold) and `POST /role/grant` (set
 * what roles hold). A non-administrator grants only what its own roles hold, never an administrator-only
 * menu, and only to roles of its tenant; anything else is a 400 naming the id.
 *
 * A grant replaces the roles' rows among what the caller may grant; rows outside it (menus of plugins the
 * tenant has switched off, or, for a tenant's own administrator, what it does not hold itself) are kept, so
 * saving the dialog never silently takes away what the dialog could not show.
 */
const GRANT = 'role_grant';
const MAX_IDS = 5000;
const SCOPE: Record<ScopeKind, { table: string; category: 1 | 2 }> = {
  data: { table: 'blade_scope_data', category: 1 },
  api: { table: 'blade_scope_api', category: 2 },
};

export type GrantKind = 'menu' | 'button' | 'scope';

/** A node of the grant trees: BladeX's TreeNode plus the English title, the kind, and `disabled` (shown, not grantable). */
export interface GrantNode {
  id: string;
  parentId: string;
  title: string;
  titleEn: string;
  key: string;
  value: string;
  kind: GrantKind;
  disabled?: boolean;
  children?: GrantNode[];
}

type SortedNode = Omit<GrantNode, 'children'> & { sort: number; children?: SortedNode[] };

function menuNode(m: MenuRow, grantable: boolean): SortedNode {
  const node: SortedNode = { ...menuTreeNode(m), kind: m.category === 2 ? 'button' : 'menu' };
  if (!grantable) node.disabled = true;
  return node;
}

const dedupe = <T extends { id: string }>(rows: T[]) => [...new Map(rows.map((r) => [String(r.id), r])).values()];

interface MenuChoices {
  rows: MenuRow[];
  grantable: Set<string>;
}

/**
 * The menus and buttons the caller may grant in a tenant (`pluginIds`: the plugins it has). The super
 * administrator: every live one. Anyone else: what their roles hold (never an administrator-only one),
 * shown with the menus above them (those not held are shown, not grantable). Empty groups are left out.
 */
async function menuChoices(tx: Tx, user: AuthUser, pluginIds: readonly string[]): Promise<MenuChoices> {
  if (user.isAdministrator) {
    const rows = pruneEmptyGroups([...(await visibleMenus(tx, user, pluginIds, 1)), ...(await visibleMenus(tx, user, pluginIds, 2))]);
    return { rows, grantable: new Set(rows.map((r) => String(r.id))) };
  }
  const roleIds = validIds(user.roleIds);
  if (user.isGuest || roleIds.length === 0) return { rows: [], grantable: new Set() };
  const held = await tx.query<MenuRow>(
    `select m.* from blade_menu m
      where m.is_deleted = 0 and (m.plugin is null or m.plugin = any($1::varchar[])) and m.administrator_only = 0
        and m.id in (select menu_id from blade_role_menu where tenant_id = $2 and role_id = any($3::bigint[]))`,
    [pluginIds, user.tenantId, roleIds],
  );
  const heldIds = new Set(held.map((m) => String(m.id)));
  const above = [...new Set(held.map((m) => String(m.parent_id)).filter((id) => id !== '0' && !heldIds.has(id)))];
  const ancestors = above.length
    ? await tx.query<MenuRow>(
        `with recursive up as (
           select p.* from blade_menu p where p.id = any($1::bigint[]) and p.is_deleted = 0 and p.category = 1
           union
           select p.* from blade_menu p join up u on p.id = u.parent_id where p.is_deleted = 0 and p.category = 1
         )
         select * from up`,
        [above],
      )
    : [];
  const rows = pruneEmptyGroups(dedupe([...held, ...ancestors.filter((m) => !heldIds.has(String(m.id)))]));
  return { rows, grantable: new Set(rows.map((r) => String(r.id)).filter((id) => heldIds.has(id))) };
}

interface ScopeRow {
  id: string;
  menu_id: string;
  scope_name: string | null;
}

interface ScopeChoices {
  scopes: ScopeRow[];
  menus: MenuRow[];
  grantable: Set<string>;
}

/**
 * The data or API scopes the caller may grant: the super administrator every live one attached to a live
 * menu of the tenant's plugins; anyone else those its roles were granted (never under an administrator-only
 * menu). Each comes with the menu it is attached to.
 */
async function scopeChoices(tx: Tx, user: AuthUser, pluginIds: readonly string[], kind: ScopeKind): Promise<ScopeChoices> {
  const { table, category } = SCOPE[kind];
  const roleIds = validIds(user.roleIds);
  if (!user.isAdministrator && (user.isGuest || roleIds.length === 0)) return { scopes: [], menus: [], grantable: new Set() };
  const held = user.isAdministrator
    ? ''
    : ` and m.administrator_only = 0
        and s.id in (select scope_id from blade_role_scope where tenant_id = $2 and scope_category = ${category} and role_id = any($3::bigint[]))`;
  const scopes = await tx.query<ScopeRow>(
    `select s.id::text as id, s.menu_id::text as menu_id, s.scope_name from ${table} s join blade_menu m on m.id = s.menu_id
      where s.is_deleted = 0 and m.is_deleted = 0 and (m.plugin is null or m.plugin = any($1::varchar[]))${held}
      order by s.id`,
    user.isAdministrator ? [pluginIds] : [pluginIds, user.tenantId, roleIds],
  );
  const menuIds = [...new Set(scopes.map((s) => s.menu_id))];
  const menus = menuIds.length ? await tx.query<MenuRow>('select * from blade_menu where id = any($1::bigint[])', [menuIds]) : [];
  return { scopes, menus, grantable: new Set(scopes.map((s) => s.id)) };
}

function menuTree(choices: MenuChoices): GrantNode[] {
  return withoutSort(buildTree(choices.rows.map((m) => menuNode(m, choices.grantable.has(String(m.id))))));
}

/** Menus that have scopes, each with its scopes as children (title: the scope's name). */
function scopeTree(choices: ScopeChoices): GrantNode[] {
  const nodes: SortedNode[] = choices.menus.map((m) => ({ ...menuNode(m, true), parentId: '0' }));
  choices.scopes.forEach((s, index) =>
    nodes.push({ id: s.id, parentId: s.menu_id, title: str(s.scope_name), titleEn: '', key: s.id, value: s.id, kind: 'scope', sort: index }),
  );
  return withoutSort(buildTree(nodes));
}

/** Ids as BladeX sends them: an array (strings or numbers) or a comma-joined string; absent: none. */
export function idList(value: unknown, name: string): string[] {
  if (value === undefined || value === null) return [];
  let list: string[];
  if (Array.isArray(value)) {
    if (!value.every((v) => typeof v === 'string' || (typeof v === 'number' && Number.isSafeInteger(v)))) throw bizError(formatError(name));
    list = value.map((v) => String(v).trim());
  } else if (typeof value === 'string' || (typeof value === 'number' && Number.isSafeInteger(value))) {
    list = String(value).split(',').map((s) => s.trim());
  } else throw bizError(formatError(name));
  const ids = [...new Set(list.filter(Boolean))];
  if (ids.length > MAX_IDS) throw bizError(KERNEL_MSG.tooManyItems(name, MAX_IDS));
  if (!ids.every((id) => /^[1-9]\d{0,18}$/.test(id))) throw bizError(formatError(name));
  assertBigints(ids, name);
  return ids;
}

export interface GrantInput {
  roleIds: string[];
  menuIds: string[];
  dataScopeIds: string[];
  apiScopeIds: string[];
  tenantId?: string;
}

/** The grant's input: a JSON body, or the query string / a form (each key from the body first). */
async function grantInput(c: Context<AppEnv>): Promise<GrantInput> {
  const params = await readParams(c);
  let body: Record<string, unknown> = {};
  if (/application\/json/i.test(c.req.header('content-type') ?? '')) {
    const text = await c.req.text();
    if (text.trim()) {
      let parsed: unknown;
      try {
        parsed = JSON.parse(text);
      } catch {
        throw bizError(KERNEL_MSG.badJson);
      }
      if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) throw bizError(formatError('body'));
      body = parsed as Record<string, unknown>;
    }
  }
  const pick = (name: string) => (body[name] !== undefined ? body[name] : params[name]);
  const roleIds = idList(pick('roleIds'), 'roleIds');
  if (roleIds.length === 0) throw missingParam('roleIds');
  const tenantId = pick('tenantId');
  return {
    roleIds,
    menuIds: idList(pick('menuIds'), 'menuIds'),
    dataScopeIds: idList(pick('dataScopeIds'), 'dataScopeIds'),
    apiScopeIds: idList(pick('apiScopeIds'), 'apiScopeIds'),
    tenantId: typeof tenantId === 'string' || typeof tenantId === 'number' ? String(tenantId) : undefined,
  };
}

/** Why a menu id cannot be granted (the first such id is named). */
async function menuRefusal(tx: Tx, user: AuthUser, pluginIds: readonly string[], id: string): Promise<LocalText> {
  const menu = await tx.one<{ code: string; administrator_only: number; plugin: string | null; is_deleted: number }>(
    'select code, administrator_only, plugin, is_deleted from blade_menu where id = $1',
    [id],
  );
  if (!menu || menu.is_deleted !== 0) return MSG.menuMissing(id);
  if (menu.administrator_only && !user.isAdministrator) return MSG.menuAdministratorOnly(menu.code);
  if (menu.plugin && !pluginIds.includes(menu.plugin)) return MSG.menuNotEnabled(menu.code);
  return user.isAdministrator ? MSG.menuNotGrantable(menu.code) : MSG.menuNotHeld(menu.code);
}

async function scopeRefusal(tx: Tx, user: AuthUser, kind: ScopeKind, id: string): Promise<LocalText> {
  const scope = await tx.one<{ scope_name: string | null }>(`select scope_name from ${SCOPE[kind].table} where id = $1 and is_deleted = 0`, [id]);
  if (!scope) return MSG.scopeMissing(kind, id);
  const name = str(scope.scope_name) || id;
  return user.isAdministrator ? MSG.scopeNotGrantable(kind, name) : MSG.scopeNotHeld(kind, name);
}

/** Builds `(id, tenant, a, b)` rows for an `unnest` insert. */
function pairs(ctx: ServerContext, tenantId: string, roleIds: readonly string[], ids: readonly string[]) {
  const rows = roleIds.flatMap((roleId) => ids.map((id) => [ctx.ids.next(), roleId, id] as const));
  return { ids: rows.map((r) => r[0]), tenants: rows.map(() => tenantId), roles: rows.map((r) => r[1]), targets: rows.map((r) => r[2]) };
}

export function grantRoutes(api: Hono<AppEnv>, ctx: ServerContext): void {
  api.get('/blade-system/menu/grant-tree', describeRoute({ summary: { zh: '可授予的菜单、数据权限与接口权限（树）', en: 'What the caller may grant: menus, data scopes and API scopes (trees)' }, query: textParams({ tenantId: { zh: '租户编号（仅 000000 租户的管理员可指定其他租户）', en: 'Tenant id (only an administrator of tenant 000000 may name another)' } }) }), async (c) => {
    const user = currentMember(c);
    const tenantId = targetTenant(user, c.req.query('tenantId'));
    const pluginIds = await ctx.tenantPlugins.visible(tenantId);
    const trees = await inTenant(ctx, user, tenantId, GRANT, async (tx) => ({
      menu: menuTree(await menuChoices(tx, user, pluginIds)),
      dataScope: scopeTree(await scopeChoices(tx, user, pluginIds, 'data')),
      apiScope: scopeTree(await scopeChoices(tx, user, pluginIds, 'api')),
    }));
    return c.json(rData(trees));
  });

  api.get('/blade-system/menu/role-tree-keys', describeRoute({ summary: { zh: '角色已有的菜单、数据权限与接口权限', en: 'What roles hold: menus, data scopes and API scopes' }, query: textParams({ 'roleIds!': { zh: '角色主键，逗号分隔', en: 'Role ids, comma-joined' }, tenantId: { zh: '租户编号（仅 000000 租户的管理员可指定其他租户）', en: 'Tenant id (only an administrator of tenant 000000 may name another)' } }) }), async (c) => {
    const user = currentMember(c);
    const roleIds = parseIds(c.req.query('roleIds'), 'roleIds');
    assertBigints(roleIds, 'roleIds');
    const tenantId = targetTenant(user, c.req.query('tenantId'));
    const keys = await inTenant(ctx, user, tenantId, GRANT, async (tx) => {
      await assertRoles(tx, user, tenantId, roleIds);
      const menu = await tx.query<{ id: string }>(
        `select distinct rm.menu_id::text as id from blade_role_menu rm join blade_menu m on m.id = rm.menu_id and m.is_deleted = 0
          where rm.tenant_id = $1 and rm.role_id = any($2::bigint[]) order by 1`,
        [tenantId, roleIds],
      );
      const scopes = (kind: ScopeKind) =>
        tx.query<{ id: string }>(
          `select distinct rs.scope_id::text as id from blade_role_scope rs join ${SCOPE[kind].table} s on s.id = rs.scope_id and s.is_deleted = 0
            where rs.tenant_id = $1 and rs.scope_category = ${SCOPE[kind].category} and rs.role_id = any($2::bigint[]) order by 1`,
          [tenantId, roleIds],
        );
      return { menu: menu.map((r) => r.id), dataScope: (await scopes('data')).map((r) => r.id), apiScope: (await scopes('api')).map((r) => r.id) };
    });
    return c.json(rData(keys));
  });

  api.post('/blade-system/role/grant', describeRoute({ summary: { zh: '为角色授权', en: 'Grant roles their menus and scopes' }, description: { zh: '替换角色在调用者可授予范围内的授权；范围外的保留。参数也可放在 JSON 体中（数组或逗号分隔）。', en: 'Replaces what the roles hold among what the caller may grant; the rest is kept. Parameters may also come in a JSON body (arrays or comma-joined).' }, params: textParams({ 'roleIds!': { zh: '角色主键，逗号分隔', en: 'Role ids, comma-joined' }, menuIds: { zh: '菜单与按钮主键', en: 'Menu and button ids' }, dataScopeIds: { zh: '数据权限主键', en: 'Data scope ids' }, apiScopeIds: { zh: '接口权限主键', en: 'API scope ids' }, tenantId: { zh: '租户编号（仅 000000 租户的管理员可指定其他租户）', en: 'Tenant id (only an administrator of tenant 000000 may name another)' } }) }), async (c) => {
    const user = currentMember(c);
    const input = await grantInput(c);
    const tenantId = targetTenant(user, input.tenantId);
    const pluginIds = await ctx.tenantPlugins.visible(tenantId);
    await inTenant(ctx, user, tenantId, GRANT, async (tx) => {
      await assertRoles(tx, user, tenantId, input.roleIds);

      const menus = await menuChoices(tx, user, pluginIds);
      const badMenu = input.menuIds.find((id) => !menus.grantable.has(id));
      if (badMenu) throw bizError(await menuRefusal(tx, user, pluginIds, badMenu));
      const scopes = { data: await scopeChoices(tx, user, pluginIds, 'data'), api: await scopeChoices(tx, user, pluginIds, 'api') };
      const wanted: Record<ScopeKind, string[]> = { data: input.dataScopeIds, api: input.apiScopeIds };
      for (const kind of ['data', 'api'] as const) {
        const bad = wanted[kind].find((id) => !scopes[kind].grantable.has(id));
        if (bad) throw bizError(await scopeRefusal(tx, user, kind, bad));
      }

      await tx.query('delete from blade_role_menu where tenant_id = $1 and role_id = any($2::bigint[]) and menu_id = any($3::bigint[])', [
        tenantId,
        input.roleIds,
        [...menus.grantable],
      ]);
      const m = pairs(ctx, tenantId, input.roleIds, input.menuIds);
      if (m.ids.length) {
        await tx.query(
          `insert into blade_role_menu (id, tenant_id, role_id, menu_id)
           select * from unnest($1::bigint[], $2::varchar[], $3::bigint[], $4::bigint[]) on conflict (role_id, menu_id) do nothing`,
          [m.ids, m.tenants, m.roles, m.targets],
        );
      }
      for (const kind of ['data', 'api'] as const) {
        const { category } = SCOPE[kind];
        await tx.query(
          'delete from blade_role_scope where tenant_id = $1 and scope_category = $2 and role_id = any($3::bigint[]) and scope_id = any($4::bigint[])',
          [tenantId, category, input.roleIds, [...scopes[kind].grantable]],
        );
        const s = pairs(ctx, tenantId, input.roleIds, wanted[kind]);
        if (s.ids.length) {
          await tx.query(
            `insert into blade_role_scope (id, tenant_id, scope_category, role_id, scope_id)
             select u.id, u.tenant_id, $5, u.role_id, u.scope_id from unnest($1::bigint[], $2::varchar[], $3::bigint[], $4::bigint[]) as u(id, tenant_id, role_id, scope_id)
             on conflict (role_id, scope_category, scope_id) do nothing`,
            [s.ids, s.tenants, s.roles, s.targets, category],
          );
        }
      }
    });
    logEvent(c, ctx, { event: 'role.grant', data: { tenantId, roleIds: input.roleIds, menus: input.menuIds.length, dataScopes: input.dataScopeIds.length, apiScopes: input.apiScopeIds.length } });
    return c.json(rStatus(true));
  });
}
