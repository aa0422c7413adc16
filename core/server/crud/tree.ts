import type { Context, Hono } from 'hono';
import { fieldColumn, type EntityDef, type TreeTrait } from '../../schema/entity';
import { currentMember } from '../auth/middleware';
import type { AuthUser } from '../auth/user';
import type { AppEnv, ServerContext } from '../context';
import type { Tx } from '../db/types';
import { bizError } from '../http/errors';
import { str } from '../http/format';
import { MSG } from '../http/messages';
import { rData } from '../http/r';
import { localize } from '../i18n';
import { isBigintId } from '../ids';
import type { LocalText } from '../../schema/manifest';
import { formatError } from './body';
import type { CrudHooks } from './hooks';
import type { CrudRepo, DbRow, Json, QueryOptions } from './repo';
import { SqlParams, type Where } from './sql';

/**
 * The tree trait of an entity (`tree` in its definition): rows naming their parent, served as BladeX
 * serves its trees, with the rules every tree needs. See `TreeTrait` in core/schema/entity.ts.
 */

export const MSG_SELF_PARENT: LocalText = { zh: '父节点不可选择自身!', en: 'A node cannot be its own parent or sit below itself' };
const parentMissing = (entity: EntityDef): LocalText => ({ zh: `上级${entity.label.zh}不存在`, en: `The parent ${entity.label.en.toLowerCase()} does not exist` });

const ROOT = '0';
const TENANT_ID = /^\d{6}$/;
/** How deep a tree may be before a walk up its parents gives up (a cycle left by hand-made rows). */
const MAX_DEPTH = 64;

export interface ResolvedTree {
  parentField: string;
  parentColumn: string;
  titleColumn: string;
  ancestorsField?: string;
  ancestorsColumn?: string;
}

export function resolveTree(entity: EntityDef): ResolvedTree | undefined {
  const tree: TreeTrait | undefined = entity.tree;
  if (!tree) return undefined;
  const field = (name: string) => {
    const def = entity.fields[name];
    if (!def) throw new Error(`Entity "${entity.name}": its tree names the field "${name}", which it does not have.`);
    return fieldColumn(name, def);
  };
  const parentField = tree.parent ?? 'parentId';
  return {
    parentField,
    parentColumn: field(parentField),
    titleColumn: field(tree.title),
    ancestorsField: tree.ancestors,
    ancestorsColumn: tree.ancestors ? field(tree.ancestors) : undefined,
  };
}

/**
 * The tenant a call works in: the caller's own, or the one the super administrator (an administrator of
 * tenant 000000) names with `tenantId`. Anyone else's ask is ignored; a malformed one is a 400.
 */
export function addressedTenant(entity: EntityDef, user: AuthUser, asked: unknown): string {
  const value = typeof asked === 'string' ? asked.trim() : typeof asked === 'number' ? String(asked) : '';
  if (!value || !entity.tenant || !(user.isAdministrator && user.tenantId === '000000')) return user.tenantId;
  if (!TENANT_ID.test(value)) throw bizError(formatError('tenantId'));
  return value;
}

/** The caller acting in another tenant (the repository filters on the actor's tenant). */
export const actorIn = (user: AuthUser, tenantId: string): AuthUser => (tenantId === user.tenantId ? user : { ...user, tenantId });

/** A parent id as sent: absent, empty or 0 is a root. */
export function parentIdOf(value: unknown, name = 'parentId'): string {
  const v = value === undefined || value === null ? '' : String(value).trim();
  if (!v || v === ROOT) return ROOT;
  if (!isBigintId(v)) throw bizError(formatError(name));
  return v;
}

/** Nests `items` by parentId; roots are those whose parent is not among them. */
export function nest<T extends { id: string; parentId: string; children?: T[]; hasChildren?: boolean }>(items: T[]): T[] {
  const byId = new Map(items.map((i) => [i.id, i]));
  const roots: T[] = [];
  for (const item of items) {
    const parent = byId.get(item.parentId);
    if (parent && parent !== item) {
      (parent.children ??= []).push(item);
      parent.hasChildren = true;
    } else roots.push(item);
  }
  return roots;
}

export interface TreeNode {
  id: string;
  parentId: string;
  title: string;
  key: string;
  value: string;
  hasChildren: boolean;
  children?: TreeNode[];
}

/** The engine's tree rules as hooks: the parent must exist and not be the row or below it; ancestors kept; no orphan. */
export function treeHooks(entity: EntityDef, repo: CrudRepo, tree: ResolvedTree, scope: QueryOptions): CrudHooks {
  const table = entity.table;
  const live = (alias = '') => (entity.logicalDelete ? ` and ${alias}is_deleted = 0` : '');
  const tenant = (user: AuthUser, values: unknown[]) => (entity.tenant ? ` and tenant_id = $${values.push(user.tenantId)}` : '');

  /** Is `candidate` the row `id` or one of its descendants? (walks up from the candidate) */
  const isSelfOrBelow = async (tx: Tx, user: AuthUser, id: string, candidate: DbRow): Promise<boolean> => {
    if (tree.ancestorsColumn) return str(candidate[tree.ancestorsColumn]).split(',').includes(id) || str(candidate.id) === id;
    let current: DbRow | undefined = candidate;
    for (let depth = 0; current && depth < MAX_DEPTH; depth++) {
      if (str(current.id) === id) return true;
      const up = str(current[tree.parentColumn]) || ROOT;
      if (up === ROOT) return false;
      current = await repo.find(tx, user, up, scope);
    }
    return current !== undefined;
  };

  return {
    async beforeChange({ tx, user, mode, values, id, existing }) {
      const given = Object.hasOwn(values, tree.parentField) ? values[tree.parentField] : undefined;
      const parentId = given !== undefined ? parentIdOf(given) : existing ? str(existing[tree.parentColumn]) || ROOT : ROOT;
      values[tree.parentField] = parentId;
      if (id && parentId === id) throw bizError(MSG_SELF_PARENT);
      let ancestors = ROOT;
      if (parentId !== ROOT) {
        const parent = await repo.find(tx, user, parentId, scope);
        if (!parent) throw bizError(parentMissing(entity));
        if (mode === 'edit' && id && (await isSelfOrBelow(tx, user, id, parent))) throw bizError(MSG_SELF_PARENT);
        if (tree.ancestorsColumn) ancestors = `${str(parent[tree.ancestorsColumn]) || ROOT},${parentId}`;
      }
      if (tree.ancestorsField) values[tree.ancestorsField] = ancestors;
    },
    async afterChange({ tx, user, id, values, existing }) {
      // Moving a row moves its descendants: their chains start with the row's new one.
      if (!tree.ancestorsColumn || !existing) return;
      const before = str(existing[tree.ancestorsColumn]);
      const after = String(values[tree.ancestorsField!]);
      if (before === after) return;
      const old = `${before},${id}`;
      const params: unknown[] = [`${after},${id}`, old.length + 1, old, `${old},%`];
      await tx.query(
        `update ${table} set ${tree.ancestorsColumn} = $1 || substr(${tree.ancestorsColumn}, $2) where (${tree.ancestorsColumn} = $3 or ${tree.ancestorsColumn} like $4)${live()}${tenant(user, params)}`,
        params,
      );
    },
    async beforeDelete({ tx, user, ids }) {
      // Children outside the resource's own condition do not exist for it, and do not hold a row back.
      const p = new SqlParams();
      const list = p.add(ids);
      const params = p.values;
      const scoped = (scope.where ?? []).map((w) => ` and ${w(p)}`).join('');
      const children = await tx.one<{ n: number }>(
        `select count(*)::int as n from ${table} where ${tree.parentColumn} = any(${list}::bigint[]) and not (id = any(${list}::bigint[]))${live()}${tenant(user, params)}${scoped}`,
        params,
      );
      if ((children?.n ?? 0) > 0) throw bizError(MSG.hasChildren);
    },
  };
}

/** How many live children each of `ids` has, among the rows meeting `where`. */
async function childCounts(tx: Tx, entity: EntityDef, tree: ResolvedTree, user: AuthUser, ids: readonly string[], where: readonly Where[]): Promise<Map<string, number>> {
  if (ids.length === 0) return new Map();
  const p = new SqlParams();
  const conditions = [`${tree.parentColumn} = any(${p.add(ids)}::bigint[])`];
  if (entity.logicalDelete) conditions.push('is_deleted = 0');
  if (entity.tenant) conditions.push(`tenant_id = ${p.add(user.tenantId)}`);
  conditions.push(...where.map((w) => w(p)));
  const rows = await tx.query<{ parent: string; n: number }>(
    `select ${tree.parentColumn}::text as parent, count(*)::int as n from ${entity.table} where ${conditions.join(' and ')} group by ${tree.parentColumn}`,
    p.values,
  );
  return new Map(rows.map((r) => [String(r.parent), r.n]));
}

/** The endpoints of the tree trait (each may be left to the plugin with `skip`). */
export type TreeAction = 'list' | 'lazy-list' | 'tree' | 'lazy-tree';

/** The list or the lazy list mounted again under another name, narrowed by a condition. */
export interface TreeView {
  name: string;
  of: 'list' | 'lazy-list';
  where: Where;
}

export interface TreeEndpoints {
  repo: CrudRepo;
  hooks: CrudHooks;
  /** Read check for the list and the lazy list; `options` for the choices (`tree`, `lazy-tree`). */
  read: (tx: Tx, user: AuthUser) => Promise<void>;
  options: (tx: Tx, user: AuthUser) => Promise<void>;
  scope: QueryOptions;
  /** Extra conditions of the caller's reads (a data scope). */
  readScope: (tx: Tx, user: AuthUser) => Promise<Where | undefined>;
  /** The tenant the lists work in: the caller's, or another the super administrator may address. */
  tenantOf: (user: AuthUser, asked: string | undefined) => string;
  /** Whether an endpoint is the engine's (false: the plugin writes it). */
  mount: (action: TreeAction) => boolean;
  views: readonly TreeView[];
}

/**
 * `list` (the whole tree, the search form's filters applied: a match stays under its parent when the
 * parent matches too, else it is a root), `lazy-list` (one level), `tree` and `lazy-tree` (choices for
 * a tree select; an administrator of 000000 may ask for another tenant's with `?tenantId=`).
 */
export function mountTree(api: Hono<AppEnv>, ctx: ServerContext, entity: EntityDef, tree: ResolvedTree, parts: TreeEndpoints, route: (action: string) => string): void {
  const { repo, hooks, scope } = parts;
  const title = (row: DbRow) => str(row[tree.titleColumn]);
  const parentOf = (row: DbRow) => str(row[tree.parentColumn]) || ROOT;
  const underParent = (parentId: string): Where => (p) => `${tree.parentColumn} = ${p.add(parentId)}`;
  const withoutTreeKeys = (query: Record<string, string>) => {
    const { parentId: _p, tenantId: _t, current: _c, size: _s, [tree.parentField]: _f, ...rest } = query;
    return rest;
  };
  const conditions = async (tx: Tx, user: AuthUser, more: readonly Where[] = []): Promise<QueryOptions> => {
    const scoped = await parts.readScope(tx, user);
    return { where: [...(scope.where ?? []), ...more, ...(scoped ? [scoped] : [])] };
  };
  const rowJson = async (tx: Tx, user: AuthUser, rows: DbRow[], names: Map<string, string>) => {
    const json = rows.map((row): Json & { id: string; parentId: string } => ({
      ...repo.toJson(row),
      id: str(row.id),
      parentId: parentOf(row),
      parentName: parentOf(row) === ROOT ? localize(MSG.topLevel) : (names.get(parentOf(row)) ?? ''),
    }));
    await hooks.afterRead?.({ tx, user, rows: json, raw: rows, action: 'list' });
    return json;
  };
  const namesOf = async (tx: Tx, user: AuthUser, rows: DbRow[]) => {
    const known = new Map(rows.map((r) => [str(r.id), title(r)]));
    const missing = [...new Set(rows.map(parentOf))].filter((id) => id !== ROOT && !known.has(id));
    for (const id of missing) {
      const parent = await repo.find(tx, user, id, scope);
      if (parent) known.set(id, title(parent));
    }
    return known;
  };
  const node = (row: DbRow, hasChildren = false): TreeNode => {
    const id = str(row.id);
    return { id, parentId: parentOf(row), title: title(row), key: id, value: id, hasChildren };
  };

  /** The whole tree (`more`: a view's condition). */
  const wholeTree = (more: readonly Where[]) => async (c: Context<AppEnv>) => {
    const user = currentMember(c);
    const raw = c.req.query();
    const query = withoutTreeKeys(raw);
    const tenantId = parts.tenantOf(user, raw.tenantId);
    const list = await ctx.db.tenant(tenantId, async (tx) => {
      const actor = actorIn(user, tenantId);
      await parts.read(tx, actor);
      const options = await conditions(tx, actor, more);
      const rows = await repo.rows(tx, actor, query, options);
      const all = Object.keys(query).length ? await repo.rows(tx, actor, {}, options) : rows;
      const names = new Map(all.map((r) => [str(r.id), title(r)]));
      return nest((await rowJson(tx, actor, rows, names)).map((r) => ({ ...r, hasChildren: false })));
    });
    return c.json(rData(list));
  };

  /** One level below `parentId` (`more`: a view's condition, which the child counts follow too). */
  const oneLevel = (more: readonly Where[]) => async (c: Context<AppEnv>) => {
    const user = currentMember(c);
    const raw = c.req.query();
    const parentId = parentIdOf(raw.parentId);
    const query = withoutTreeKeys(raw);
    const tenantId = parts.tenantOf(user, raw.tenantId);
    const list = await ctx.db.tenant(tenantId, async (tx) => {
      const actor = actorIn(user, tenantId);
      await parts.read(tx, actor);
      // A search looks through every level; otherwise one level below the parent.
      const searching = Object.keys(query).length > 0 && parentId === ROOT;
      const rows = await repo.rows(tx, actor, query, await conditions(tx, actor, searching ? more : [...more, underParent(parentId)]));
      const counts = await childCounts(tx, entity, tree, actor, rows.map((r) => str(r.id)), [...(scope.where ?? []), ...more]);
      const json = await rowJson(tx, actor, rows, await namesOf(tx, actor, rows));
      return json.map((r) => ({ ...r, hasChildren: (counts.get(r.id) ?? 0) > 0 }));
    });
    return c.json(rData(list));
  };

  if (parts.mount('list')) api.get(route(entity.api.list), wholeTree([]));
  if (parts.mount('lazy-list')) api.get(route('lazy-list'), oneLevel([]));
  for (const view of parts.views) api.get(route(view.name), view.of === 'list' ? wholeTree([view.where]) : oneLevel([view.where]));

  if (parts.mount('tree')) api.get(route('tree'), async (c) => {
    const user = currentMember(c);
    const tenantId = addressedTenant(entity, user, c.req.query('tenantId'));
    const nodes = await ctx.db.tenant(tenantId, async (tx) => {
      const actor = actorIn(user, tenantId);
      await parts.options(tx, actor);
      return nest((await repo.rows(tx, actor, {}, scope)).map((row) => node(row)));
    });
    return c.json(rData(nodes));
  });

  if (parts.mount('lazy-tree')) api.get(route('lazy-tree'), async (c) => {
    const user = currentMember(c);
    const tenantId = addressedTenant(entity, user, c.req.query('tenantId'));
    const parentId = parentIdOf(c.req.query('parentId'));
    const nodes = await ctx.db.tenant(tenantId, async (tx) => {
      const actor = actorIn(user, tenantId);
      await parts.options(tx, actor);
      const rows = await repo.rows(tx, actor, {}, { where: [...(scope.where ?? []), underParent(parentId)] });
      const counts = await childCounts(tx, entity, tree, actor, rows.map((r) => str(r.id)), scope.where ?? []);
      return rows.map((row) => node(row, (counts.get(str(row.id)) ?? 0) > 0));
    });
    return c.json(rData(nodes));
  });
}
