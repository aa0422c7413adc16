import { ADMIN_TENANT, type AccessRule, bizError, currentLanguage, type DbRow, defineServerPlugin, type EntityDef, type EntityValues, fieldSchema, formatError, type LocalText, type MountCrudOptions, noPermission, num, type Option, parseId, parseScopeRule, type ServerContext, str, type Tx } from '../../core/sdk/server';
import scopePlugin from './index';
import { API_SCOPE_TYPES, apiScopeEntity, CUSTOM_SCOPE, DATA_SCOPE_TYPES, dataScopeEntity, defaultScopeColumn, RULE_REQUIRED } from './entities';

/**
 * Data scopes and API scopes on the engine: `/api/blade-system/data-scope/{list,detail,submit,remove}` and
 * `/api/blade-system/api-scope/{…}` on the kernel's global `blade_scope_data` / `blade_scope_api`
 * (migration 006_scopes, as is `blade_role_scope`). Every endpoint is the super administrator's
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
  /** The fixed choices of `scopeType` (their labels name the type when no dictionary says otherwise). */
  types: Option[];
  /** The system dictionary that names the types (read when a plugin provides dictionaries). */
  dictCode: string;
  /** Values the body leaves blank, from the menu (and the row being edited). */
  defaults?: (body: Record<string, unknown>, menu: MenuRef, existing: DbRow | undefined) => void;
  /** Checks across fields after validation; may adjust the values. */
  check?: (values: EntityValues, existing: DbRow | undefined) => void;
  /** After any write (a removal included), inside its transaction: caches of the rows are dropped after its commit. */
  changed?: (tx: Tx) => Promise<void>;
}

/** The super administrator: scopes are every tenant's rules. */
const superAdministrator: AccessRule = async (_tx, user) => {
  if (!user.isAdministrator || user.tenantId !== ADMIN_TENANT) throw noPermission();
};

const blank = (v: unknown) => v === undefined || v === null || (typeof v === 'string' && v.trim() === '');

/** The engine's options for one kind of scope. */
function scopeOptions(ctx: ServerContext, kind: ScopeKind): MountCrudOptions {
  const menuField = kind.entity.fields.menuId!;
  const installed = [...ctx.pluginIds];

  /** `scopeType` → its name in the caller's language: the dictionary's when one is installed, else the fixed label. */
  const typeNames = async (tx: Tx): Promise<Map<number, string>> => {
    const language = currentLanguage();
    const names = new Map(kind.types.map((o) => [Number(o.value), o.label[language]]));
    const entries = ctx.extensions.dictionaryLabels ? await ctx.extensions.dictionaryLabels(tx, kind.dictCode) : new Map<string, LocalText>();
    for (const [key, label] of entries) if (/^\d+$/.test(key)) names.set(Number(key), label[language]);
    return names;
  };

  /** A live menu (not a button, not of an uninstalled plugin). */
  const liveMenu = (tx: Tx, id: string) =>
    tx.one<MenuRef>(
      `select id::text as id, code from blade_menu where id = $1 and category = 1 and is_deleted = 0 and (plugin is null or plugin = any($2::varchar[]))`,
      [id, installed],
    );

  return {
    access: { read: superAdministrator, add: superAdministrator, edit: superAdministrator, delete: superAdministrator },
    // list?menuId=: the scopes of one menu (none given: all).
    params: {
      menuId(value) {
        const menuId = parseId(value, 'menuId');
        return (p) => `menu_id = ${p.add(menuId)}`;
      },
    },
    hooks: {
      // A new scope names a live menu; an edit keeps its menu. Blank values take the menu's defaults.
      async beforeValidate({ tx, body, existing }) {
        let menu: MenuRef | undefined;
        if (existing) {
          menu = { id: str(existing.menu_id), code: str((await tx.one<{ code: string }>('select code from blade_menu where id = $1', [existing.menu_id]))?.code) };
        } else {
          if (blank(body.menuId)) throw bizError(menuField.required!);
          const parsed = fieldSchema('menuId', menuField).safeParse(body.menuId);
          if (!parsed.success) throw bizError(formatError('menuId'));
          menu = await liveMenu(tx, String(parsed.data));
          if (!menu) throw bizError(MSG_MENU_MISSING);
          body.menuId = menu.id;
        }
        kind.defaults?.(body, menu, existing);
      },
      beforeChange({ values, existing }) {
        kind.check?.(values, existing);
      },
      async afterChange({ tx }) {
        await kind.changed?.(tx);
      },
      async beforeDelete({ tx }) {
        await kind.changed?.(tx);
      },
      async afterRead({ tx, rows, raw }) {
        const names = await typeNames(tx);
        rows.forEach((row, i) => {
          row.scopeTypeName = names.get(num(raw[i]!.scope_type)) ?? '';
        });
      },
    },
  };
}

/** A blank value the body sends (or, adding, leaves out) takes `fallback`. */
function fill(body: Record<string, unknown>, key: string, fallback: unknown, adding: boolean): void {
  if (blank(body[key]) && (adding || Object.hasOwn(body, key))) body[key] = fallback;
}

export default defineServerPlugin(scopePlugin, {
  resources: {
    dataScope: (ctx) =>
      scopeOptions(ctx, {
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
      }),
    apiScope: (ctx) =>
      scopeOptions(ctx, {
        entity: apiScopeEntity,
        types: API_SCOPE_TYPES,
          dictCode: 'api_scope_type',
          // The kernel caches which paths are covered: every instance drops that once the change commits.
          changed: (tx) => ctx.apiScopes.invalidate(tx),
      }),
  },
});
