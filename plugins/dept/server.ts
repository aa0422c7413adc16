import type { Hono } from 'hono';
import { currentMember } from '../../core/server/auth/middleware';
import type { AuthUser } from '../../core/server/auth/user';
import type { AppEnv, ServerContext } from '../../core/server/context';
import { crudRepo, defaultAuthorize, entityValidator, formatError, parseId, readIds, type CrudRepo, type DbRow, type Json, type Where } from '../../core/server/crud';
import type { Tx } from '../../core/server/db/types';
import { bizError } from '../../core/server/http/errors';
import { str } from '../../core/server/http/format';
import { rData, rStatus } from '../../core/server/http/r';
import { readJson } from '../../core/server/http/validate';
import { isBigintId } from '../../core/server/ids';
import { defineServerPlugin } from '../../core/server/plugin';
import { deptEntity } from './entities';
import { deptManifest } from './manifest';

/**
 * Departments on the server: the kernel's `blade_dept` table (users refer to it) and
 * `/api/blade-system/dept/{list,lazy-list,tree,lazy-tree,detail,submit,remove}` written on the engine's
 * parts (repository, validator, permission check) because a tree is not a paged list.
 */
const BASE = '/blade-system/dept';
const TENANT_ID = /^\d{6}$/;
export const MSG_HAS_CHILDREN = '请先删除子节点!';
export const MSG_SELF_PARENT = '父节点不可选择自身!';
export const MSG_PARENT_MISSING = '上级机构不存在';

type Action = 'read' | 'add' | 'edit' | 'delete';

/** The tenant an administrator of 000000 asks for (`?tenantId=`), else the caller's own. */
function targetTenant(user: AuthUser, asked: string | undefined): string {
  const value = asked?.trim();
  if (!value || !(user.isAdministrator && user.tenantId === '000000')) return user.tenantId;
  if (!TENANT_ID.test(value)) throw bizError(formatError('tenantId'));
  return value;
}

function parentIdOf(value: string | undefined): string {
  const v = value?.trim();
  if (!v) return '0';
  if (!isBigintId(v)) throw bizError(formatError('parentId'));
  return v;
}

/** Rows of the tenant, ordered by sort; `parentId` given: its children only. */
async function deptRows(tx: Tx, repo: CrudRepo, actor: AuthUser, query: Record<string, string | undefined>, parentId?: string): Promise<DbRow[]> {
  const where: Where[] = parentId === undefined ? [] : [(p) => `parent_id = ${p.add(parentId)}`];
  return repo.rows(tx, actor, query, { where });
}

async function childCounts(tx: Tx, tenantId: string, ids: string[]): Promise<Map<string, number>> {
  if (ids.length === 0) return new Map();
  const rows = await tx.query<{ parent_id: string; n: number }>(
    `select parent_id::text as parent_id, count(*)::int as n from blade_dept where tenant_id = $1 and is_deleted = 0 and parent_id = any($2::bigint[]) group by parent_id`,
    [tenantId, ids],
  );
  return new Map(rows.map((r) => [String(r.parent_id), r.n]));
}

type DeptVo = Json & { id: string; parentId: string; children?: DeptVo[]; hasChildren?: boolean };

function deptVo(repo: CrudRepo, row: DbRow, names: Map<string, string>): DeptVo {
  const json = repo.toJson(row);
  const parentId = str(row.parent_id) || '0';
  return { ...json, id: str(row.id), parentId, ancestors: str(row.ancestors), parentName: parentId === '0' ? '顶级' : (names.get(parentId) ?? '') };
}

interface TreeNode {
  id: string;
  parentId: string;
  title: string;
  key: string;
  value: string;
  hasChildren: boolean;
  children?: TreeNode[];
}

/** Nests `items` by parentId; roots are those whose parent is not among them. */
function nest<T extends { id: string; parentId: string; children?: T[]; hasChildren?: boolean }>(items: T[]): T[] {
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

function treeNode(row: DbRow): TreeNode {
  const id = str(row.id);
  return { id, parentId: str(row.parent_id) || '0', title: str(row.dept_name), key: id, value: id, hasChildren: false };
}

export function deptRoutes(api: Hono<AppEnv>, ctx: ServerContext): void {
  const repo = crudRepo(deptEntity, ctx.ids);
  const validator = entityValidator(deptEntity);
  const authorize = defaultAuthorize(deptEntity);
  const withUser = <T>(user: AuthUser, action: Action, work: (tx: Tx) => Promise<T>) =>
    ctx.db.tenant(user.tenantId, async (tx) => {
      await authorize(tx, user, action);
      return work(tx);
    });
  /**
   * The trees are the choices of selectors (a user's departments), open to any member of the tenant as
   * BladeX opens them: names only. An administrator of 000000 may read another tenant's.
   */
  const readTree = async <T>(user: AuthUser, tenantId: string, work: (tx: Tx, actor: AuthUser) => Promise<T>) =>
    ctx.db.tenant(tenantId, (tx) => work(tx, { ...user, tenantId }));
  const filters = (query: Record<string, string>) => {
    const { parentId: _p, tenantId: _t, current: _c, size: _s, ...rest } = query;
    return rest;
  };

  // list: the whole tree (filters of the search form apply; a match keeps its place under its parent when
  // the parent matches too, else it is a root).
  api.get(`${BASE}/list`, async (c) => {
    const user = currentMember(c);
    const query = filters(c.req.query());
    const tree = await withUser(user, 'read', async (tx) => {
      const rows = await deptRows(tx, repo, user, query);
      const all = Object.keys(query).length ? await deptRows(tx, repo, user, {}) : rows;
      const names = new Map(all.map((r) => [str(r.id), str(r.dept_name)]));
      return nest(rows.map((r): DeptVo => ({ ...deptVo(repo, r, names), hasChildren: false })));
    });
    return c.json(rData(tree));
  });

  // lazy-list: one level, each row saying whether it has children.
  api.get(`${BASE}/lazy-list`, async (c) => {
    const user = currentMember(c);
    const query = c.req.query();
    const parentId = parentIdOf(query.parentId);
    const list = await withUser(user, 'read', async (tx) => {
      const hasFilters = Object.keys(filters(query)).length > 0;
      const rows = await deptRows(tx, repo, user, filters(query), hasFilters && parentId === '0' ? undefined : parentId);
      const counts = await childCounts(tx, user.tenantId, rows.map((r) => str(r.id)));
      const parent = parentId === '0' ? undefined : await repo.find(tx, user, parentId);
      const names = new Map(parent ? [[parentId, str(parent.dept_name)]] : []);
      return rows.map((r) => ({ ...deptVo(repo, r, names), hasChildren: (counts.get(str(r.id)) ?? 0) > 0 }));
    });
    return c.json(rData(list));
  });

  api.get(`${BASE}/tree`, async (c) => {
    const user = currentMember(c);
    const tenantId = targetTenant(user, c.req.query('tenantId'));
    const tree = await readTree(user, tenantId, async (tx, actor) => nest((await deptRows(tx, repo, actor, {})).map(treeNode)));
    return c.json(rData(tree));
  });

  api.get(`${BASE}/lazy-tree`, async (c) => {
    const user = currentMember(c);
    const tenantId = targetTenant(user, c.req.query('tenantId'));
    const parentId = parentIdOf(c.req.query('parentId'));
    const nodes = await readTree(user, tenantId, async (tx, actor) => {
      const rows = await deptRows(tx, repo, actor, {}, parentId);
      const counts = await childCounts(tx, tenantId, rows.map((r) => str(r.id)));
      return rows.map((r) => ({ ...treeNode(r), hasChildren: (counts.get(str(r.id)) ?? 0) > 0 }));
    });
    return c.json(rData(nodes));
  });

  api.get(`${BASE}/detail`, async (c) => {
    const user = currentMember(c);
    const id = parseId(c.req.query('id'));
    const vo = await withUser(user, 'read', async (tx) => {
      const row = await repo.find(tx, user, id);
      if (!row) return null;
      const parentId = str(row.parent_id) || '0';
      const parent = parentId === '0' ? undefined : await repo.find(tx, user, parentId);
      return deptVo(repo, row, new Map(parent ? [[parentId, str(parent.dept_name)]] : []));
    });
    return c.json(rData(vo));
  });

  api.post(`${BASE}/submit`, async (c) => {
    const user = currentMember(c);
    const body = await readJson(c);
    const id = validator.idOf(body);
    const raw = typeof body === 'object' && body !== null ? (body as Record<string, unknown>).parentId : undefined;
    const parentGiven = raw !== undefined && raw !== null && String(raw).trim() !== '';
    await withUser(user, id ? 'edit' : 'add', async (tx) => {
      const existing = id ? await repo.find(tx, user, id) : undefined;
      if (id && !existing) throw bizError('数据不存在');
      const { values } = validator.parse(body, id ? 'edit' : 'add');
      const parentId = parentGiven ? parentIdOf(String(raw)) : existing ? str(existing.parent_id) || '0' : '0';
      if (id && parentId === id) throw bizError(MSG_SELF_PARENT);
      let ancestors = '0';
      if (parentId !== '0') {
        // The parent must be a live department of the caller's own tenant.
        const parent = await repo.find(tx, user, parentId);
        if (!parent) throw bizError(MSG_PARENT_MISSING);
        const chain = str(parent.ancestors) || '0';
        if (id && chain.split(',').includes(id)) throw bizError(MSG_SELF_PARENT);
        ancestors = `${chain},${parentId}`;
      }
      const rowId = id ?? (await repo.insert(tx, user, values, ctx.now()));
      if (id) await repo.update(tx, user, id, values, ctx.now());
      await tx.query(`update blade_dept set parent_id = $1, ancestors = $2 where id = $3 and tenant_id = $4`, [parentId, ancestors, rowId, user.tenantId]);
      if (id && existing && str(existing.ancestors) !== ancestors) {
        // Moving a department moves its descendants: their ancestors start with the new chain.
        const old = `${str(existing.ancestors)},${id}`;
        await tx.query(
          `update blade_dept set ancestors = $1 || substr(ancestors, $2) where tenant_id = $3 and is_deleted = 0 and (ancestors = $4 or ancestors like $5)`,
          [`${ancestors},${id}`, old.length + 1, user.tenantId, old, `${old},%`],
        );
      }
    });
    return c.json(rStatus(true));
  });

  api.post(`${BASE}/remove`, async (c) => {
    const user = currentMember(c);
    const ids = await readIds(c);
    const removed = await withUser(user, 'delete', async (tx) => {
      const children = await tx.one<{ n: number }>(
        `select count(*)::int as n from blade_dept where tenant_id = $1 and is_deleted = 0 and parent_id = any($2::bigint[]) and not (id = any($2::bigint[]))`,
        [user.tenantId, ids],
      );
      if ((children?.n ?? 0) > 0) throw bizError(MSG_HAS_CHILDREN);
      return repo.remove(tx, user, ids, ctx.now());
    });
    return c.json(rStatus(removed > 0));
  });
}

export const deptServer = defineServerPlugin({
  manifest: deptManifest,
  entities: [deptEntity],
  // blade_dept is the kernel's table (core/server/schema/kernel.ts): every column the entity needs is there.
  migrations: [],
  routes: deptRoutes,
});

export default deptServer;
