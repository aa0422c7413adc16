import type { Context, Hono } from 'hono';
import type { EntityDef } from '../../schema/entity';
import { dataScopeWhere, type ScopeColumn } from '../auth/data-scope';
import { assertPermission } from '../auth/permissions';
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
import { localize } from '../i18n';
import { entityValidator, formatError, type BodyMode } from './body';
import { AUDIT_COLUMN, entityFields } from './columns';
import { checkAccess, composeHooks, defaultRule, type AccessRule, type CrudHooks, type CrudOperation } from './hooks';
import { crudRepo, type CrudRepo, type DbRow, type Json, type QueryOptions } from './repo';
import { mountTree, resolveTree, treeHooks } from './tree';
import type { Where } from './sql';

/**
 * `mountCrud(api, ctx, entity)`: the endpoints of an entity as BladeX names them (`list` or `page`,
 * `detail`, `submit` or `save` + `update`, `remove`), with the contract's permission checks, tenancy,
 * validation and JSON. Returns the entity's repository for hand-written endpoints next to them.
 */

export type CrudAction = 'list' | 'detail' | 'submit' | 'save' | 'update' | 'remove';

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
   * Permission check replacing the default (`<permission>` or one of its buttons to read, `_add`, `_edit`,
   * `_delete` to write). Throw `noPermission()` to refuse. Prefer `access`.
   */
  authorize?: (tx: Tx, user: AuthUser, action: CrudOperation) => Promise<void>;
}

/** The route path of an entity endpoint below /api: `/blade-system/param/list`. */
export function entityRoute(entity: EntityDef, action: string): string {
  return `${entity.api.base.replace(/^\/api(?=\/)/, '')}/${action}`;
}

/** The default permission check of the contract. */
export function defaultAuthorize(entity: EntityDef) {
  return (tx: Tx, user: AuthUser, action: 'read' | 'add' | 'edit' | 'delete') =>
    action === 'read' ? assertPermission(tx, user, entity.permission, { withButtons: true }) : assertPermission(tx, user, `${entity.permission}_${action}`);
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
    const rule = access(operation);
    if (rule) return checkAccess(rule, tx, user);
    const op = operation === 'options' ? 'read' : operation;
    return options.authorize ? options.authorize(tx, user, op) : checkAccess(defaultRule(entity, op), tx, user);
  };
  const skip = new Set(options.skip ?? []);
  const extra: QueryOptions = options.where ? { where: [options.where] } : {};
  const mount = (action: CrudAction) => !skip.has(action);
  const tree = resolveTree(entity);
  const hooks = composeHooks(tree ? treeHooks(entity, repo, tree, extra) : undefined, options.hooks);
  const readScope = (tx: Tx, user: AuthUser) => crudDataScope(ctx, tx, user, entity);
  const readJsons = async (tx: Tx, user: AuthUser, rows: DbRow[]) => {
    const json = rows.map(repo.toJson);
    await hooks.afterRead?.({ tx, user, rows: json, raw: rows });
    return json;
  };

  const save = async (user: AuthUser, body: unknown, mode: BodyMode, id: string | undefined) =>
    ctx.db.tenant(user.tenantId, async (tx) => {
      await authorize(tx, user, mode);
      const existing = mode === 'edit' && id ? await repo.find(tx, user, id, extra) : undefined;
      if (mode === 'edit' && (!existing || !id)) throw bizError(MSG.notFound);
      if (typeof body === 'object' && body !== null && !Array.isArray(body)) await hooks.beforeValidate?.({ tx, user, body: body as Record<string, unknown>, mode });
      const { values } = validator.parse(body, mode);
      await hooks.beforeChange?.({ tx, user, mode, values, id, existing });
      if (mode === 'add') {
        await repo.assertUnique(tx, user, values);
        const newId = await repo.insert(tx, user, values, ctx.now());
        await hooks.afterChange?.({ tx, user, mode, values, id: newId });
        return;
      }
      if (entity.unique?.length) await repo.assertUnique(tx, user, { ...repo.valuesOf(existing!), ...values }, id);
      await repo.update(tx, user, id!, values, ctx.now(), extra);
      await hooks.afterChange?.({ tx, user, mode, values, id: id!, existing });
    });

  if (tree) {
    mountTree(api, ctx, entity, tree, { repo, hooks, scope: extra, readScope, read: (tx, user) => authorize(tx, user, 'read'), options: (tx, user) => authorize(tx, user, 'options') }, (action) => entityRoute(entity, action), !mount('list'));
  } else if (mount('list')) {
    api.get(entityRoute(entity, entity.api.list), async (c) => {
      const user = currentMember(c);
      const query = c.req.query();
      const result = await ctx.db.tenant(user.tenantId, async (tx) => {
        await authorize(tx, user, 'read');
        const scoped = await readScope(tx, user);
        const found = await repo.page(tx, user, query, { ...(scoped ? { where: [...(extra.where ?? []), scoped] } : extra), toJson: (row) => row as Json });
        return { ...found, records: await readJsons(tx, user, found.records as DbRow[]) };
      });
      return c.json(rData(result));
    });
  }

  if (mount('detail')) {
    api.get(entityRoute(entity, 'detail'), async (c) => {
      const user = currentMember(c);
      const id = parseId(c.req.query('id'));
      const json = await ctx.db.tenant(user.tenantId, async (tx) => {
        await authorize(tx, user, 'read');
        const row = await repo.find(tx, user, id, extra);
        if (!row) return null;
        const [found] = await readJsons(tx, user, [row]);
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

  if (entity.api.save === 'submit') {
    if (mount('submit')) {
      api.post(entityRoute(entity, 'submit'), async (c) => {
        const user = currentMember(c);
        const body = await readJson(c);
        const id = validator.idOf(body);
        await save(user, body, id ? 'edit' : 'add', id);
        return c.json(rStatus(true));
      });
    }
  } else {
    if (mount('save')) {
      api.post(entityRoute(entity, 'save'), async (c) => {
        const user = currentMember(c);
        const body = await readJson(c);
        validator.idOf(body); // a malformed id is still a 400; a new row gets its own id
        await save(user, body, 'add', undefined);
        return c.json(rStatus(true));
      });
    }
    if (mount('update')) {
      api.post(entityRoute(entity, 'update'), async (c) => {
        const user = currentMember(c);
        const body = await readJson(c);
        const id = validator.idOf(body);
        if (!id) throw missingParam('id');
        await save(user, body, 'edit', id);
        return c.json(rStatus(true));
      });
    }
  }

  if (mount('remove')) {
    api.post(entityRoute(entity, 'remove'), async (c) => {
      const user = currentMember(c);
      const ids = await readIds(c);
      const removed = await ctx.db.tenant(user.tenantId, async (tx) => {
        await authorize(tx, user, 'delete');
        await hooks.beforeDelete?.({ tx, user, ids });
        return repo.remove(tx, user, ids, ctx.now(), extra);
      });
      return c.json(rStatus(removed > 0));
    });
  }

  return repo;
}
