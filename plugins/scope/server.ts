import type { Hono } from 'hono';
import { ADMIN_TENANT, type AppEnv, type AuthUser, bizError, crudRepo, currentMember, type DbRow, defineServerPlugin, type EntityDef, entityRoute, entityValidator, type EntityValues, fieldSchema, formatError, type Json, MSG, noPermission, num, type Option, parseId, parseScopeRule, rData, readIds, readJson, rStatus, type ServerContext, str, type Tx, type Where } from '../../core/sdk/server';
import { API_SCOPE_TYPES, apiScopeEntity, CUSTOM_SCOPE, DATA_SCOPE_TYPES, dataScopeEntity, defaultScopeColumn, RULE_REQUIRED } from './entities';
import { scopeManifest } from './manifest';

/**
 * Data scopes and API scopes on the server:
 * `/api/blade-system/data-scope/{list,detail,submit,remove}` and `/api/blade-system/api-scope/{…}` on the
 * kernel's global `blade_scope_data` / `blade_scope_api`. Every endpoint is the super administrator's
 * (administrator of tenant 000000): a scope changes what every tenant's roles may see or call. Which roles
 * hold a scope is the role plugin's grant (`blade_role_scope`); the kernel applies them.
 */

export const MSG_MENU_MISSING = { zh: '所选菜单不存在', en: 'The chosen menu does not exist' };
export const MSG_RULE_REQUIRED = RULE_REQUIRED;

interface MenuRef {
  id: string;
  code: string;
}

interface ScopeKind {
  entity: EntityDef;
  /** The fixed choices of `scopeType` (their zh labels name the type when no dictionary says otherwise). */
  types: Option[];
  /** The system dictionary that names the types (read when the dict plugin is installed). */
  dictCode: string;
  /** Values the body leaves blank, from the menu (and the row being edited). */
  defaults?: (body: Record<string, unknown>, menu: MenuRef, existing: DbRow | undefined) => void;
  /** Checks across fields after validation; may adjust the values. */
  check?: (values: EntityValues, existing: DbRow | undefined) => void;
  /** After any write. */
  changed?: () => void;
}

/** The super administrator: scopes are every tenant's rules. */
function assertScopeAdministrator(user: AuthUser): void {
  if (!user.isAdministrator || user.tenantId !== ADMIN_TENANT) throw noPermission();
}

const blank = (v: unknown) => v === undefined || v === null || (typeof v === 'string' && v.trim() === '');

function mountScope(api: Hono<AppEnv>, ctx: ServerContext, kind: ScopeKind): void {
  const { entity } = kind;
  const repo = crudRepo(entity, ctx.ids);
  const validator = entityValidator(entity);
  const installed = [...ctx.pluginIds];
  const admin = <T>(user: AuthUser, work: (tx: Tx) => Promise<T>) => {
    assertScopeAdministrator(user);
    return ctx.db.tenant(user.tenantId, work);
  };

  /** `scopeType` → its name: the dictionary's when the dict plugin is installed, else the fixed label. */
  const typeNames = async (tx: Tx): Promise<Map<number, string>> => {
    const names = new Map(kind.types.map((o) => [Number(o.value), o.label.zh]));
    if (ctx.pluginIds.includes('dict')) {
      const rows = await tx.query<{ dict_key: string; dict_value: string }>(
        `select dict_key, dict_value from blade_dict where code = $1 and parent_id <> 0 and is_deleted = 0`,
        [kind.dictCode],
      );
      for (const r of rows) if (/^\d+$/.test(r.dict_key)) names.set(Number(r.dict_key), r.dict_value);
    }
    return names;
  };
  const vo = (row: DbRow, names: Map<number, string>): Json => ({ ...repo.toJson(row), scopeTypeName: names.get(num(row.scope_type)) ?? '' });

  /** A live menu (not a button, not of an uninstalled plugin). */
  const liveMenu = (tx: Tx, id: string) =>
    tx.one<MenuRef>(
      `select id::text as id, code from blade_menu where id = $1 and category = 1 and is_deleted = 0 and (plugin is null or plugin = any($2::varchar[]))`,
      [id, installed],
    );

  // list?menuId=: paged, the scopes of one menu (or all), filters scopeName, resourceCode, scopeType_equal.
  api.get(entityRoute(entity, 'list'), async (c) => {
    const user = currentMember(c);
    const { menuId: rawMenu, ...query } = c.req.query();
    const menuId = blank(rawMenu) ? undefined : parseId(rawMenu, 'menuId');
    const where: Where[] = menuId ? [(p) => `menu_id = ${p.add(menuId)}`] : [];
    const result = await admin(user, async (tx) => {
      const names = await typeNames(tx);
      return repo.page(tx, user, query, { where, toJson: (row) => vo(row, names) });
    });
    return c.json(rData(result));
  });

  api.get(entityRoute(entity, 'detail'), async (c) => {
    const user = currentMember(c);
    const id = parseId(c.req.query('id'));
    const row = await admin(user, async (tx) => {
      const found = await repo.find(tx, user, id);
      return found ? vo(found, await typeNames(tx)) : null;
    });
    return c.json(rData(row));
  });

  // submit: a new scope of a menu, or an edit by id (the menu stays).
  api.post(entityRoute(entity, 'submit'), async (c) => {
    const user = currentMember(c);
    assertScopeAdministrator(user);
    const input = await readJson(c);
    const id = validator.idOf(input);
    const body = { ...(input as Record<string, unknown>) };
    await admin(user, async (tx) => {
      const existing = id ? await repo.find(tx, user, id) : undefined;
      if (id && !existing) throw bizError(MSG.notFound);
      let menu: MenuRef | undefined;
      if (existing) {
        menu = { id: str(existing.menu_id), code: str((await tx.one<{ code: string }>('select code from blade_menu where id = $1', [existing.menu_id]))?.code) };
      } else {
        if (blank(body.menuId)) throw bizError(entity.fields.menuId!.required!);
        const parsed = fieldSchema('menuId', entity.fields.menuId!).safeParse(body.menuId);
        if (!parsed.success) throw bizError(formatError('menuId'));
        menu = await liveMenu(tx, String(parsed.data));
        if (!menu) throw bizError(MSG_MENU_MISSING);
      }
      kind.defaults?.(body, menu, existing);
      const { values } = validator.parse(body, existing ? 'edit' : 'add');
      kind.check?.(values, existing);
      if (existing) await repo.update(tx, user, str(existing.id), values, ctx.now());
      else await repo.insert(tx, user, { ...values, menuId: menu.id }, ctx.now());
    });
    kind.changed?.();
    return c.json(rStatus(true));
  });

  api.post(entityRoute(entity, 'remove'), async (c) => {
    const user = currentMember(c);
    assertScopeAdministrator(user);
    const ids = await readIds(c);
    const removed = await admin(user, (tx) => repo.remove(tx, user, ids, ctx.now()));
    if (removed > 0) kind.changed?.();
    return c.json(rStatus(removed > 0));
  });
}

/** A blank value the body sends (or, adding, leaves out) takes `fallback`. */
function fill(body: Record<string, unknown>, key: string, fallback: unknown, adding: boolean): void {
  if (blank(body[key]) && (adding || Object.hasOwn(body, key))) body[key] = fallback;
}

export function scopeRoutes(api: Hono<AppEnv>, ctx: ServerContext): void {
  mountScope(api, ctx, {
    entity: dataScopeEntity,
    types: DATA_SCOPE_TYPES,
    dictCode: 'data_scope_type',
    defaults(body, menu, existing) {
      const adding = !existing;
      // What the scope applies to: by default the menu's own code (an entity's permission code).
      fill(body, 'resourceCode', menu.code, adding);
      fill(body, 'scopeField', '*', adding);
      const type = blank(body.scopeType) ? (existing?.scope_type ?? 1) : body.scopeType;
      fill(body, 'scopeColumn', defaultScopeColumn(type), adding);
    },
    check(values, existing) {
      const type = Number(values.scopeType ?? existing?.scope_type);
      if (type !== CUSTOM_SCOPE) {
        values.scopeValue = null; // only a custom scope has a rule
        return;
      }
      const rule = 'scopeValue' in values ? values.scopeValue : existing?.scope_value;
      if (blank(rule)) throw bizError(MSG_RULE_REQUIRED);
      parseScopeRule(String(rule)); // a 400 saying what is wrong
    },
  });
  mountScope(api, ctx, {
    entity: apiScopeEntity,
    types: API_SCOPE_TYPES,
    dictCode: 'api_scope_type',
    // The kernel caches which paths are covered: a change must show at once.
    changed: () => ctx.apiScopes.invalidate(),
  });
}

export const scopeServer = defineServerPlugin({
  manifest: scopeManifest,
  entities: [dataScopeEntity, apiScopeEntity],
  // blade_scope_data, blade_scope_api and blade_role_scope are the kernel's (migration 006_scopes).
  migrations: [],
  routes: scopeRoutes,
});

export default scopeServer;
