import type { Hono } from 'hono';
import { ADMIN_TENANT, type AppEnv, type AuthUser, bizError, type CrudHooks, crudRepo, currentMember, type DbRow, parseId, rData, type ServerContext, str, type Tx } from '../../core/sdk/server';
import { roleEntity } from './index';
import { addressesTenants, inTenant, isAdministratorAlias, isReservedAlias, MSG, rolesIn, targetTenant } from './server-common';
import { describeRoute, textParams } from '../../core/sdk/server';

/**
 * The role rules the engine runs besides its tree's: the super administrator's role and the reserved
 * aliases are the super administrator's alone, and a removed role's grants go with it. `tree` and
 * `tree-by-id` (the user screen's role picker) are written here: TreeNodes without the engine's
 * `hasChildren`, the super administrator's role left out for everyone else, readable with the user codes too.
 */

/** Reading the role tree: the role screen, and the plugins that read `role.tree` (a role picker) with their codes. */
const pickers = (ctx: ServerContext) => ['role', ...(ctx.extensions.readers['role.tree'] ?? [])];

export const roleRules: CrudHooks = {
  beforeChange({ user, values, existing }) {
    if (existing && !user.isAdministrator && isAdministratorAlias(existing.role_alias)) throw bizError(MSG.administratorRole);
    const alias = typeof values.roleAlias === 'string' ? values.roleAlias : undefined;
    // The super administrator is this alias in tenant 000000; elsewhere it would only mislead (and grant nothing).
    if (alias !== undefined && isAdministratorAlias(alias) && user.tenantId !== ADMIN_TENANT) throw bizError(MSG.administratorElsewhere);
    if (alias !== undefined && !user.isAdministrator && isReservedAlias(alias) && alias !== str(existing?.role_alias)) {
      throw bizError(MSG.reservedAlias(alias.trim().toLowerCase()));
    }
  },
  async beforeDelete({ tx, user, ids }) {
    const roles = await rolesIn(tx, user.tenantId, ids);
    if (!user.isAdministrator && roles.some((r) => isAdministratorAlias(r.role_alias))) throw bizError(MSG.administratorRole);
    const removed = roles.map((r) => r.id);
    if (removed.length === 0) return;
    await tx.query('delete from blade_role_menu where tenant_id = $1 and role_id = any($2::bigint[])', [user.tenantId, removed]);
    await tx.query('delete from blade_role_scope where tenant_id = $1 and role_id = any($2::bigint[])', [user.tenantId, removed]);
  },
};

export interface RoleTreeNode {
  id: string;
  parentId: string;
  title: string;
  key: string;
  value: string;
  children?: RoleTreeNode[];
}

/** Nests nodes by parentId (a node whose parent is not among them is a root); `children` only when some. */
function nest(nodes: RoleTreeNode[]): RoleTreeNode[] {
  const byId = new Map(nodes.map((n) => [n.id, n]));
  const roots: RoleTreeNode[] = [];
  for (const node of nodes) {
    const parent = byId.get(node.parentId);
    if (parent && parent !== node) (parent.children ??= []).push(node);
    else roots.push(node);
  }
  return roots;
}

function treeNode(row: DbRow): RoleTreeNode {
  const id = str(row.id);
  return { id, parentId: str(row.parent_id) || '0', title: str(row.role_name), key: id, value: id };
}

export function roleTreeRoutes(api: Hono<AppEnv>, ctx: ServerContext): void {
  const repo = crudRepo(roleEntity, ctx.ids);
  const treeOf = async (tx: Tx, user: AuthUser, actor: AuthUser) => {
    const rows = (await repo.rows(tx, actor, {})).filter((r) => user.isAdministrator || !isAdministratorAlias(r.role_alias));
    return nest(rows.map(treeNode));
  };

  api.get('/blade-system/role/tree', describeRoute({ summary: { zh: '角色树（选项）', en: 'Role tree (choices)' }, query: textParams({ tenantId: { zh: '租户编号（仅 000000 租户的管理员可指定其他租户）', en: 'Tenant id (only an administrator of tenant 000000 may name another)' } }), entity: roleEntity, returns: 'nodes' }), async (c) => {
    const user = currentMember(c);
    const tenantId = targetTenant(user, c.req.query('tenantId'));
    const tree = await inTenant(ctx, user, tenantId, pickers(ctx), (tx, actor) => treeOf(tx, user, actor), { withButtons: true });
    return c.json(rData(tree));
  });

  // The tree of the tenant the role belongs to (a role no one may see: an empty tree).
  api.get('/blade-system/role/tree-by-id', describeRoute({ summary: { zh: '某角色所在租户的角色树', en: 'The role tree of the tenant a role belongs to' }, query: textParams({ 'roleId!': { zh: '角色主键', en: 'Role id' } }), entity: roleEntity, returns: 'nodes' }), async (c) => {
    const user = currentMember(c);
    const roleId = parseId(c.req.query('roleId'), 'roleId');
    let tenantId = user.tenantId;
    if (addressesTenants(user)) {
      // The one look-up across tenants: which tenant holds this role (for the administrators of 000000).
      const owner = await ctx.db.system((tx) => tx.one<{ tenant_id: string }>('select tenant_id from blade_role where id = $1 and is_deleted = 0', [roleId]));
      if (owner) tenantId = owner.tenant_id;
    }
    const tree = await inTenant(ctx, user, tenantId, pickers(ctx), async (tx, actor) => ((await repo.find(tx, actor, roleId)) ? treeOf(tx, user, actor) : []), { withButtons: true });
    return c.json(rData(tree));
  });
}
