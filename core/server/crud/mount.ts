import type { Context, Hono } from 'hono';
import type { EntityDef } from '../../schema/entity';
import { dataScopeWhere, type ScopeColumn } from '../auth/data-scope';
import { noPermission } from '../auth/permissions';
import { currentMember } from '../auth/middleware';
import type { AuthUser } from '../auth/user';
import type { AppEnv, ServerContext } from '../context';
import type { Tx } from '../db/types';
import { bizError, missingParam } from '../http/errors';
import { MSG } from '../http/messages';
import { isBigintId } from '../ids';
import { rData, rStatus } from '../http/r';
import { readJson } from '../http/validate';
import { str } from '../http/format';
import { ADMIN_TENANT } from '../tenant/tenants';
import { localize } from '../i18n';
import { entityValidator, formatError, type BodyMode, type EntityValues } from './body';
import { AUDIT_COLUMN, entityFields } from './columns';
import { checkAccess, composeHooks, defaultRule, type AccessRule, type CrudHooks, type CrudOperation, type HookArgs } from './hooks';
import { crudRepo, type CrudRepo, type DbRow, type Json, type QueryOptions } from './repo';
import { actorIn, addressedTenant, mountTree, resolveTree, treeHooks, type TreeAction } from './tree';
import type { Where } from './sql';

/**
 * `mountCrud(api, ctx, entity)`: the endpoints of an entity as BladeX names them (`list` or `page`,
 * `detail`, `submit` or `save` + `update`, `remove`), with the contract's permission checks, tenancy,
 * validation and JSON. Returns the entity's repository for hand-written endpoints next to them.
 */

/** The engine's endpoints (a tree's too: `lazy-list`, `tree`, `lazy-tree`). */
export type CrudAction = 'list' | 'detail' | 'submit' | 'save' | 'update' | 'remove' | TreeAction;

export interface MountCrudOptions {
  /** Endpoints the plugin writes by hand instead (the rest are mounted). */
  skip?: readonly CrudAction[];
  /** Rows outside this condition do not exist for these endpoints (a plugin's own scope). */
  where?: Where;
  /** Who may do what (default: the permission codes; see `AccessRule`). `options`: a tree's choices (default: as read). */
  access?: Partial<Record<CrudOperation | 'options', AccessRule>>;
  /** Lifecycle hooks (see `CrudHooks`). */
  hooks?: CrudHooks;
  /**
   * The list again under other names, each narrowed by a condition: `{ 'menu-list': { of: 'list', where } }`;
   * `of: 'lazy-list'` for a tree's level at a time (its rows' `hasChildren` follow the condition too).
   */
  views?: Readonly<Record<string, { of: 'list' | 'lazy-list'; where: Where }>>;
  /**
   * The super administrator (an administrator of tenant 000000) may address another tenant's rows with
   * `tenantId` (in the query; in the body of a save), as a tree's choices always allow; anyone else's ask
   * is ignored.
   */
  otherTenants?: boolean;
  /**
   * The table holds one row per tenant, not any tenant's data (the tenants themselves): the endpoints work
   * as the database owner, outside row-level security, and only the super administrator (an administrator
   * of tenant 000000) may call them, whatever `access` says. Not for a tree.
   */
  allTenants?: boolean;
  /**
   * Query parameters of the list that are no field's filter, each turned into a condition (a department
   * and every department below it, say); an empty value adds none. Not for a tree.
   */
  params?: Readonly<Record<string, (value: string, args: HookArgs) => Where | Promise<Where>>>;
  /**
   * How an add makes its row when the plugin makes it together with what belongs to it (a kernel function
   * that makes a tenant with its role and administrator): gets the validated values, returns the new id.
   * Default: the repository's insert, with the audit columns.
   */
  create?: (args: HookArgs & { values: EntityValues; body: Readonly<Record<string, unknown>> }) => Promise<string>;
  /** Also mount `update` (an edit: `id` required) beside `submit`, as BladeX's user API has both. */
  update?: boolean;
  /**
   * Permission check replacing the default (`<permission>` or one of its buttons to read, `_add`, `_edit`,
   * `_delete` to write). Throw `noPermission()` to refuse. Prefer `access`.
   */
  authorize?: (tx: Tx, user: AuthUser, action: CrudOperation) => Promise<void>;
}

/** The route path of an entity endpoint below /api: `/blade-system/param/list`. */
export function entityRoute(entity: EntityDef, action: string): string {
  return `${entity.api.base.replace(/^\/api(?=\/)/, '')}/${action}`;
}

/** Every column of the entity's table (what a data-scope rule may name), the bigint ids marked. */
export function entityColumns(entity: EntityDef): ScopeColumn[] {
  const columns: ScopeColumn[] = [{ name: 'id', id: true }, ...entityFields(entity).map((f) => ({ name: f.column, id: f.kind === 'id' }))];
  if (entity.tenant) columns.push({ name: 'tenant_id' });
  if (entity.audit) columns.push(...Object.values(AUDIT_COLUMN).map((name) => ({ name, id: name.endsWith('_user') || name === 'create_dept' })));
  return columns;
}

/**
 * The data scope (core/server/auth/data-scope.ts) of the user's roles on the entity's lists, the entity's
 * permission code naming the resource; undefined when nothing limits them.
 */
export function crudDataScope(ctx: Pick<ServerContext, 'extensions'>, tx: Tx, user: AuthUser, entity: EntityDef): Promise<Where | undefined> {
  return dataScopeWhere(tx, user, entity.permission, entityColumns(entity), ctx.extensions);
}

const MAX_IDS = 1000;
const POSITIVE_ID = /^[1-9]\d{0,18}$/;
const isPositiveId = (id: string) => POSITIVE_ID.test(id) && isBigintId(id);

/** `ids` as BladeX sends them: comma-joined positive integers (at most 1000), or a 400. */
export function parseIds(value: unknown, name = 'ids'): string[] {
  if (value === undefined || value === null || (typeof value === 'string' && value.trim() === '')) throw missingParam(name);
  const list = Array.isArray(value) ? value.map(String) : String(value).split(',');
  const ids = list.map((s) => s.trim()).filter(Boolean);
  if (ids.length === 0) throw missingParam(name);
  if (ids.length > MAX_IDS || !ids.every(isPositiveId)) throw bizError(formatError(name));
  return [...new Set(ids)];
}

/** One id parameter (`detail?id=`), or a 400. */
export function parseId(value: string | undefined, name = 'id'): string {
  if (value === undefined || value.trim() === '') throw missingParam(name);
  if (!isBigintId(value.trim())) throw bizError(formatError(name));
  return value.trim();
}

/** The ids of a remove call: `?ids=` in the query, else `{ ids }` in a JSON body, else a form field. */
export async function readIds(c: Context): Promise<string[]> {
  const fromQuery = c.req.query('ids');
  if (fromQuery !== undefined && fromQuery.trim() !== '') return parseIds(fromQuery);
  const type = c.req.header('content-type') ?? '';
  if (/application\/json/i.test(type)) {
    const body = await readJson(c);
    return parseIds(typeof body === 'object' && body !== null ? (body as Record<string, unknown>).ids : body);
  }
  if (/application\/x-www-form-urlencoded|multipart\/form-data/i.test(type)) {
    const form = await c.req.parseBody().catch(() => {
      throw bizError(MSG.badForm);
    });
    return parseIds(form.ids);
  }
  return parseIds(fromQuery);
}

export function mountCrud(api: Hono<AppEnv>, ctx: ServerContext, entity: EntityDef, options: MountCrudOptions = {}): CrudRepo {
  const repo = crudRepo(entity, ctx.ids);
  const validator = entityValidator(entity);
  const access = (operation: CrudOperation | 'options') => options.access?.[operation] ?? (operation === 'options' ? options.access?.read : undefined);
  const authorize = async (tx: Tx, user: AuthUser, operation: CrudOperation | 'options') => {
    if (options.allTenants && !(user.isAdministrator && user.tenantId === ADMIN_TENANT)) throw noPermission();
    const rule = access(operation);
    if (rule) return checkAccess(rule, tx, user);
    const op = operation === 'options' ? 'read' : operation;
    return options.authorize ? options.authorize(tx, user, op) : checkAccess(defaultRule(entity, op), tx, user);
  };
  const skip = new Set(options.skip ?? []);
  const extra: QueryOptions = options.where ? { where: [options.where] } : {};
  const mount = (action: CrudAction) => !skip.has(action);
  const tenantOf = (user: AuthUser, asked: unknown) => (options.otherTenants ? addressedTenant(entity, user, asked) : user.tenantId);
  /** A transaction in a tenant (as the database owner for a table of every tenant's rows). */
  const transaction = <T>(tenantId: string, work: (tx: Tx) => Promise<T>) => (options.allTenants ? ctx.db.system(work) : ctx.db.tenant(tenantId, work));
  /** Work in the addressed tenant's transaction, as the caller acting there. */
  const inTenant = <T>(caller: AuthUser, asked: unknown, work: (tx: Tx, user: AuthUser) => Promise<T>) => {
    const tenantId = tenantOf(caller, asked);
    return transaction(tenantId, (tx) => work(tx, actorIn(caller, tenantId)));
  };
  const views = Object.entries(options.views ?? {}).map(([name, view]) => ({ name, ...view }));
  const tree = resolveTree(entity);
  const hooks = composeHooks(tree ? treeHooks(entity, repo, tree, extra) : undefined, options.hooks);
  const readScope = (tx: Tx, user: AuthUser) => crudDataScope(ctx, tx, user, entity);
  const readJsons = async (tx: Tx, user: AuthUser, rows: DbRow[], action: 'list' | 'detail') => {
    const json = rows.map(repo.toJson);
    await hooks.afterRead?.({ tx, user, rows: json, raw: rows, action });
    return json;
  };

  /** One of `operations` or a 403 (the caller's own tenant). */
  const mayDoOneOf = async (tx: Tx, user: AuthUser, operations: readonly BodyMode[]) => {
    let refusal: unknown;
    for (const operation of operations) {
      try {
        return await authorize(tx, user, operation);
      } catch (error) {
        refusal = error;
      }
    }
    throw refusal;
  };
  /**
   * The body of a save and its id. A caller who may do none of `operations` is refused (403) before a
   * malformed body is answered (400): a refusal says nothing about what was sent.
   */
  const readBody = async (c: Context<AppEnv>, user: AuthUser, operations: readonly BodyMode[]) => {
    try {
      const body = await readJson(c);
      return { body, id: validator.idOf(body) };
    } catch (error) {
      await transaction(user.tenantId, (tx) => mayDoOneOf(tx, user, operations));
      throw error;
    }
  };
  /** An add a hook turned into bringing back a removed row: its id (and what refers to it) kept, the values written over it. */
  const restore = async (tx: Tx, user: AuthUser, id: string, values: EntityValues) => {
    if (!(await repo.restore(tx, user, id)) || !(await repo.update(tx, user, id, values, ctx.now(), extra))) throw bizError(MSG.notFound);
    return id;
  };
  const bodyTenant = (body: unknown) => (typeof body === 'object' && body !== null ? (body as Record<string, unknown>).tenantId : undefined);

  /** The hooks' `prepare`, outside the write transaction: after the access check, which it must not outrun. */
  const prepare = async (caller: AuthUser, body: Record<string, unknown>, mode: BodyMode, id: string | undefined) => {
    const tenantId = tenantOf(caller, bodyTenant(body));
    const user = actorIn(caller, tenantId);
    await transaction(tenantId, (tx) => authorize(tx, user, mode));
    await hooks.prepare?.({ user, mode, id, body, read: (work) => transaction(tenantId, work) });
  };

  const save = async (caller: AuthUser, body: unknown, mode: BodyMode, id: string | undefined) => {
    const sent = typeof body === 'object' && body !== null && !Array.isArray(body) ? { ...(body as Record<string, unknown>) } : body;
    if (hooks.prepare && typeof sent === 'object' && sent !== null && !Array.isArray(sent)) await prepare(caller, sent as Record<string, unknown>, mode, id);
    return inTenant(caller, bodyTenant(body), async (tx, user) => {
      await authorize(tx, user, mode);
      const existing = mode === 'edit' && id ? await repo.find(tx, user, id, extra) : undefined;
      if (mode === 'edit' && (!existing || !id)) throw bizError(MSG.notFound);
      if (typeof sent === 'object' && sent !== null && !Array.isArray(sent)) await hooks.beforeValidate?.({ tx, user, body: sent as Record<string, unknown>, mode, existing });
      const { values } = validator.parse(sent, mode);
      const input = sent as Readonly<Record<string, unknown>>;
      const change: Parameters<NonNullable<CrudHooks['beforeChange']>>[0] = { tx, user, mode, values, id, existing, body: input };
      await hooks.beforeChange?.(change);
      if (mode === 'add') {
        await repo.assertUnique(tx, user, values);
        const newId = change.restore
          ? await restore(tx, user, change.restore, values)
          : options.create
            ? await options.create({ tx, user, values, body: input })
            : await repo.insert(tx, user, values, ctx.now());
        await hooks.afterChange?.({ tx, user, mode, values, id: newId, body: input });
        return;
      }
      if (entity.unique?.length) await repo.assertUnique(tx, user, { ...repo.valuesOf(existing!), ...values }, id);
      await repo.update(tx, user, id!, values, ctx.now(), extra);
      await hooks.afterChange?.({ tx, user, mode, values, id: id!, existing, body: input });
    });
  };

  if (tree && (options.allTenants || options.params)) throw new Error(`Entity "${entity.name}": allTenants and params are not for a tree.`);
  if (tree) {
    const parts = { repo, hooks, scope: extra, readScope, read: (tx: Tx, user: AuthUser) => authorize(tx, user, 'read'), options: (tx: Tx, user: AuthUser) => authorize(tx, user, 'options') };
    mountTree(api, ctx, entity, tree, { ...parts, tenantOf, mount, views }, (action) => entityRoute(entity, action));
  } else {
    /** The paged list (`more`: a view's condition). */
    const pagedList = (more: readonly Where[]) => async (c: Context<AppEnv>) => {
      const caller = currentMember(c);
      const { tenantId: asked, ...rest } = c.req.query();
      const query: Record<string, string> = options.otherTenants ? rest : { ...c.req.query() };
      const own = Object.entries(options.params ?? {}).flatMap(([key, toWhere]) => {
        const value = query[key]?.trim();
        delete query[key];
        return value ? [{ value, toWhere }] : [];
      });
      const result = await inTenant(caller, asked, async (tx, user) => {
        await authorize(tx, user, 'read');
        const scoped = await readScope(tx, user);
        const conditions = await Promise.all(own.map(({ value, toWhere }) => toWhere(value, { tx, user })));
        const where = [...(extra.where ?? []), ...more, ...conditions, ...(scoped ? [scoped] : [])];
        const found = await repo.page(tx, user, query, { where, toJson: (row) => row as Json });
        return { ...found, records: await readJsons(tx, user, found.records as DbRow[], 'list') };
      });
      return c.json(rData(result));
    };
    if (mount('list')) api.get(entityRoute(entity, entity.api.list), pagedList([]));
    for (const view of views) {
      if (view.of !== 'list') throw new Error(`Entity "${entity.name}": its view "${view.name}" is of a lazy list, which only a tree has.`);
      api.get(entityRoute(entity, view.name), pagedList([view.where]));
    }
  }

  if (mount('detail')) {
    api.get(entityRoute(entity, 'detail'), async (c) => {
      const caller = currentMember(c);
      const id = parseId(c.req.query('id'));
      const json = await inTenant(caller, c.req.query('tenantId'), async (tx, user) => {
        await authorize(tx, user, 'read');
        const row = await repo.find(tx, user, id, extra);
        if (!row) return null;
        const [found] = await readJsons(tx, user, [row], 'detail');
        if (tree) {
          const parentId = str(row[tree.parentColumn]) || '0';
          const parent = parentId === '0' ? undefined : await repo.find(tx, user, parentId, extra);
          found!.parentId = parentId;
          found!.parentName = parentId === '0' ? localize(MSG.topLevel) : parent ? str(parent[tree.titleColumn]) : '';
        }
        return found;
      });
      return c.json(rData(json));
    });
  }

  function mountUpdate() {
    api.post(entityRoute(entity, 'update'), async (c) => {
      const user = currentMember(c);
      const { body, id } = await readBody(c, user, ['edit']);
      if (!id) throw missingParam('id');
      await save(user, body, 'edit', id);
      return c.json(rStatus(true));
    });
  }

  if (entity.api.save === 'submit') {
    if (mount('submit')) {
      api.post(entityRoute(entity, 'submit'), async (c) => {
        const user = currentMember(c);
        const { body, id } = await readBody(c, user, ['add', 'edit']);
        await save(user, body, id ? 'edit' : 'add', id);
        return c.json(rStatus(true));
      });
    }
    if (options.update) mountUpdate();
  } else {
    if (mount('save')) {
      api.post(entityRoute(entity, 'save'), async (c) => {
        const user = currentMember(c);
        const { body } = await readBody(c, user, ['add']); // a malformed id is still a 400; a new row gets its own id
        await save(user, body, 'add', undefined);
        return c.json(rStatus(true));
      });
    }
    if (mount('update')) mountUpdate();
  }

  if (mount('remove')) {
    api.post(entityRoute(entity, 'remove'), async (c) => {
      const caller = currentMember(c);
      const ids = await readIds(c);
      const removed = await inTenant(caller, c.req.query('tenantId'), async (tx, user) => {
        await authorize(tx, user, 'delete');
        await hooks.beforeDelete?.({ tx, user, ids });
        return repo.remove(tx, user, ids, ctx.now(), extra);
      });
      return c.json(rStatus(removed > 0));
    });
  }

  return repo;
}
