import type { Hono } from 'hono';
import { currentMember } from '../../core/server/auth/middleware';
import type { AuthUser } from '../../core/server/auth/user';
import type { AppEnv, ServerContext } from '../../core/server/context';
import { crudDataScope, crudRepo, entityValidator, formatError, parseId, readIds, type CrudRepo, type DbRow, type Json } from '../../core/server/crud';
import type { Tx } from '../../core/server/db/types';
import { bizError } from '../../core/server/http/errors';
import { MSG as KERNEL_MSG } from '../../core/server/http/messages';
import { localize } from '../../core/server/i18n';
import { str } from '../../core/server/http/format';
import { rData, rStatus } from '../../core/server/http/r';
import { readJson } from '../../core/server/http/validate';
import { roleEntity } from './entities';
import { isBigintId } from '../../core/server/ids';
import { addressesTenants, assertBigints, inTenant, isAdministratorAlias, isReservedAlias, MSG, targetTenant } from './server-common';

/**
 * `/api/blade-system/role/{list,tree,tree-by-id,detail,submit,remove}` on the kernel's `blade_role`,
 * written on the engine's parts (repository, validator) because roles form a tree per tenant.
 */
const BASE = '/blade-system/role';
/** Reading roles: the role screen, and the user screen's role picker (tree, tree-by-id). */
const READ = ['role'] as const;
const PICK = ['role', 'user'] as const;

export type RoleVO = Json & { id: string; parentId: string; parentName: string; children?: RoleVO[] };

export interface RoleTreeNode {
  id: string;
  parentId: string;
  title: string;
  key: string;
  value: string;
  children?: RoleTreeNode[];
}

/** Nests items by parentId (a node whose parent is not among them is a root); `children` only when some. */
export function nest<T extends { id: string; parentId: string; children?: T[] }>(items: T[]): T[] {
  const byId = new Map(items.map((i) => [i.id, i]));
  const roots: T[] = [];
  for (const item of items) {
    const parent = byId.get(item.parentId);
    if (parent && parent !== item) (parent.children ??= []).push(item);
    else roots.push(item);
  }
  return roots;
}

const parentOf = (row: DbRow) => str(row.parent_id) || '0';

function roleVO(repo: CrudRepo, row: DbRow, names: ReadonlyMap<string, string>): RoleVO {
  const parentId = parentOf(row);
  return { ...repo.toJson(row), id: str(row.id), parentId, parentName: parentId === '0' ? localize(KERNEL_MSG.topLevel) : (names.get(parentId) ?? '') };
}

function treeNode(row: DbRow): RoleTreeNode {
  const id = str(row.id);
  return { id, parentId: parentOf(row), title: str(row.role_name), key: id, value: id };
}

function parentIdOf(value: unknown): string {
  const v = value === undefined || value === null ? '' : String(value).trim();
  if (!v) return '0';
  if (!isBigintId(v)) throw bizError(formatError('parentId'));
  return v.replace(/^0+(?=\d)/, '');
}

/** Is `candidate` the role `id` or one of its descendants (in the tenant)? */
async function isSelfOrDescendant(tx: Tx, tenantId: string, id: string, candidate: string): Promise<boolean> {
  if (candidate === id) return true;
  const row = await tx.one<{ found: number }>(
    `with recursive below as (
       select id from blade_role where tenant_id = $1 and is_deleted = 0 and parent_id = $2
       union
       select r.id from blade_role r join below b on r.parent_id = b.id where r.tenant_id = $1 and r.is_deleted = 0
     )
     select 1 as found from below where id = $3 limit 1`,
    [tenantId, id, candidate],
  );
  return !!row;
}

export function roleRoutes(api: Hono<AppEnv>, ctx: ServerContext): void {
  const repo = crudRepo(roleEntity, ctx.ids);
  const validator = entityValidator(roleEntity);
  const tenantRows = (tx: Tx, actor: AuthUser) => repo.rows(tx, actor, {});

  // list: the RoleVO tree (filters roleName / roleAlias, LIKE); a match whose parent does not match is a root.
  api.get(`${BASE}/list`, async (c) => {
    const user = currentMember(c);
    const { tenantId: asked, current: _c, size: _s, ...filters } = c.req.query();
    const tenantId = targetTenant(user, asked);
    const tree = await inTenant(
      ctx,
      user,
      tenantId,
      READ,
      async (tx, actor) => {
        const scoped = tenantId === user.tenantId ? await crudDataScope(ctx, tx, user, roleEntity) : undefined;
        const rows = await repo.rows(tx, actor, filters, { where: scoped ? [scoped] : [] });
        const all = Object.keys(filters).length > 0 || scoped ? await tenantRows(tx, actor) : rows;
        const names = new Map(all.map((r) => [str(r.id), str(r.role_name)]));
        return nest(rows.map((r) => roleVO(repo, r, names)));
      },
      { withButtons: true },
    );
    return c.json(rData(tree));
  });

  // tree: TreeNode tree of a tenant's roles; the super administrator's role only for the super administrator.
  const treeOf = async (tx: Tx, user: AuthUser, actor: AuthUser) => {
    const rows = (await tenantRows(tx, actor)).filter((r) => user.isAdministrator || !isAdministratorAlias(r.role_alias));
    return nest(rows.map(treeNode));
  };

  api.get(`${BASE}/tree`, async (c) => {
    const user = currentMember(c);
    const tenantId = targetTenant(user, c.req.query('tenantId'));
    const tree = await inTenant(ctx, user, tenantId, PICK, (tx, actor) => treeOf(tx, user, actor), { withButtons: true });
    return c.json(rData(tree));
  });

  // tree-by-id: the tree of the tenant the role belongs to (a role no one may see: an empty tree).
  api.get(`${BASE}/tree-by-id`, async (c) => {
    const user = currentMember(c);
    const roleId = parseId(c.req.query('roleId'), 'roleId');
    if (!isBigintId(roleId)) throw bizError(formatError('roleId'));
    let tenantId = user.tenantId;
    if (addressesTenants(user)) {
      // The one look-up across tenants: which tenant holds this role (for the administrators of 000000).
      const owner = await ctx.db.system((tx) => tx.one<{ tenant_id: string }>('select tenant_id from blade_role where id = $1 and is_deleted = 0', [roleId]));
      if (owner) tenantId = owner.tenant_id;
    }
    const tree = await inTenant(
      ctx,
      user,
      tenantId,
      PICK,
      async (tx, actor) => ((await repo.find(tx, actor, roleId)) ? treeOf(tx, user, actor) : []),
      { withButtons: true },
    );
    return c.json(rData(tree));
  });

  api.get(`${BASE}/detail`, async (c) => {
    const user = currentMember(c);
    const id = parseId(c.req.query('id'));
    const tenantId = targetTenant(user, c.req.query('tenantId'));
    const vo = await inTenant(
      ctx,
      user,
      tenantId,
      READ,
      async (tx, actor) => {
        if (!isBigintId(id)) return null;
        const row = await repo.find(tx, actor, id);
        if (!row) return null;
        const parentId = parentOf(row);
        const parent = parentId === '0' ? undefined : await repo.find(tx, actor, parentId);
        return roleVO(repo, row, new Map(parent ? [[parentId, str(parent.role_name)]] : []));
      },
      { withButtons: true },
    );
    return c.json(rData(vo));
  });

  api.post(`${BASE}/submit`, async (c) => {
    const user = currentMember(c);
    const body = await readJson(c);
    const id = validator.idOf(body);
    if (id && !isBigintId(id)) throw bizError(formatError('id'));
    const record = body as Record<string, unknown>;
    const tenantId = targetTenant(user, record.tenantId);
    const parentGiven = record.parentId !== undefined && record.parentId !== null && String(record.parentId).trim() !== '';
    const mode = id ? 'edit' : 'add';
    await inTenant(ctx, user, tenantId, mode === 'add' ? 'role_add' : 'role_edit', async (tx, actor) => {
      const existing = id ? await repo.find(tx, actor, id) : undefined;
      if (id && !existing) throw bizError(MSG.notFound);
      if (existing && !user.isAdministrator && isAdministratorAlias(existing.role_alias)) throw bizError(MSG.administratorRole);
      const { values } = validator.parse(body, mode);
      const alias = typeof values.roleAlias === 'string' ? values.roleAlias : undefined;
      if (alias !== undefined && !user.isAdministrator && isReservedAlias(alias) && alias !== str(existing?.role_alias)) {
        throw bizError(MSG.reservedAlias(alias.trim().toLowerCase()));
      }
      const parentId = parentGiven ? parentIdOf(record.parentId) : existing ? parentOf(existing) : '0';
      if (id && parentId === id) throw bizError(MSG.selfParent);
      if (parentId !== '0') {
        // The parent: a live role of the same tenant, neither this role nor one below it.
        if (!(await repo.find(tx, actor, parentId))) throw bizError(MSG.parentMissing);
        if (id && (await isSelfOrDescendant(tx, tenantId, id, parentId))) throw bizError(MSG.selfParent);
      }
      await repo.assertUnique(tx, actor, existing ? { ...repo.valuesOf(existing), ...values } : values, id);
      const rowId = id ?? (await repo.insert(tx, actor, values, ctx.now()));
      if (id) await repo.update(tx, actor, id, values, ctx.now());
      await tx.query('update blade_role set parent_id = $1 where id = $2 and tenant_id = $3', [parentId, rowId, tenantId]);
    });
    return c.json(rStatus(true));
  });

  // remove: refused while a role has children (not removed with it); the grants of a removed role go too.
  api.post(`${BASE}/remove`, async (c) => {
    const user = currentMember(c);
    const ids = await readIds(c);
    assertBigints(ids, 'ids');
    const tenantId = targetTenant(user, c.req.query('tenantId'));
    const removed = await inTenant(ctx, user, tenantId, 'role_delete', async (tx) => {
      const roles = await tx.query<{ id: string; role_alias: string | null }>(
        'select id::text as id, role_alias from blade_role where tenant_id = $1 and is_deleted = 0 and id = any($2::bigint[])',
        [tenantId, ids],
      );
      if (!user.isAdministrator && roles.some((r) => isAdministratorAlias(r.role_alias))) throw bizError(MSG.administratorRole);
      const children = await tx.one<{ n: number }>(
        'select count(*)::int as n from blade_role where tenant_id = $1 and is_deleted = 0 and parent_id = any($2::bigint[]) and not (id = any($2::bigint[]))',
        [tenantId, ids],
      );
      if ((children?.n ?? 0) > 0) throw bizError(MSG.hasChildren);
      const gone = (
        await tx.query<{ id: string }>('update blade_role set is_deleted = 1 where tenant_id = $1 and is_deleted = 0 and id = any($2::bigint[]) returning id::text as id', [
          tenantId,
          ids,
        ])
      ).map((r) => r.id);
      if (gone.length > 0) {
        await tx.query('delete from blade_role_menu where tenant_id = $1 and role_id = any($2::bigint[])', [tenantId, gone]);
        await tx.query('delete from blade_role_scope where tenant_id = $1 and role_id = any($2::bigint[])', [tenantId, gone]);
      }
      return gone.length;
    });
    if (removed > 0) ctx.apiScopes.invalidate();
    return c.json(rStatus(removed > 0));
  });
}
