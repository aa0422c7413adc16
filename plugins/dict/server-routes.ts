import type { Hono } from 'hono';
import { assertAdministrator, assertPermission } from '../../core/server/auth/permissions';
import { currentMember } from '../../core/server/auth/middleware';
import type { AuthUser } from '../../core/server/auth/user';
import type { AppEnv, ServerContext } from '../../core/server/context';
import { crudRepo, entityRoute, entityValidator, parseId, readIds, SqlParams, type DbRow, type EntityValues } from '../../core/server/crud';
import type { Tx } from '../../core/server/db/types';
import { isUniqueViolation } from '../../core/server/db/errors';
import { bizError, missingParam } from '../../core/server/http/errors';
import { MSG } from '../../core/server/http/messages';
import { localize } from '../../core/server/i18n';
import { id, num, str } from '../../core/server/http/format';
import { rData, rStatus } from '../../core/server/http/r';
import { readJson } from '../../core/server/http/validate';
import { buildTree } from '../../core/server/menu/tree';
import type { EntityDef } from '../../core/schema/entity';

/**
 * Dictionaries on the engine's parts, with BladeX's endpoints: the same endpoints for the system dictionaries
 * (`blade_dict`, global, written by administrators only) and the business dictionaries (`blade_dict_biz`,
 * per tenant). A parent row has parent_id 0 and dict_key '-1'; its children (and theirs) share its code.
 */

export interface DictionaryKind {
  parent: EntityDef;
  child: EntityDef;
}

export const MSG_DUPLICATE_KEY = { zh: '当前字典键值已存在!', en: 'This dictionary key already exists' };
const MSG_NO_PARENT = { zh: '上级字典不存在', en: 'The parent dictionary does not exist' };

const MAX_CODE = 255;

/** `Dict` / `DictBiz` as BladeX serialises it (dictKey a string). */
export function dictJson(row: DbRow, tenant: boolean) {
  return {
    id: id(row.id),
    ...(tenant ? { tenantId: str(row.tenant_id) } : {}),
    parentId: id(row.parent_id),
    code: str(row.code),
    dictKey: str(row.dict_key),
    dictValue: str(row.dict_value),
    sort: num(row.sort),
    remark: str(row.remark),
    isSealed: num(row.is_sealed),
    isDeleted: num(row.is_deleted),
  };
}

type DictJson = ReturnType<typeof dictJson>;
type DictVO = DictJson & { parentName: string; children?: DictVO[] };

interface TreeNodeVO {
  id: string;
  parentId: string;
  title: string;
  key: string;
  value: string;
  children?: TreeNodeVO[];
}

export function dictionaryRoutes(api: Hono<AppEnv>, ctx: ServerContext, kind: DictionaryKind): void {
  const { parent: parentEntity, child: childEntity } = kind;
  const table = childEntity.table;
  const tenant = childEntity.tenant;
  const permission = childEntity.permission;
  const parents = crudRepo(parentEntity, ctx.ids);
  const rows = crudRepo(childEntity, ctx.ids);
  const parentValidator = entityValidator(parentEntity);
  const childValidator = entityValidator(childEntity);
  const route = (action: string) => entityRoute(childEntity, action);

  const canRead = (tx: Tx, user: AuthUser) => assertPermission(tx, user, permission, { withButtons: true });
  const canWrite = async (tx: Tx, user: AuthUser, action: 'add' | 'edit' | 'delete') => {
    // System dictionaries are shared by every tenant: only administrators change them.
    if (!tenant) assertAdministrator(user);
    else await assertPermission(tx, user, `${permission}_${action}`);
  };

  /** Names of the parents of these rows: '顶级' for a root, else the parent's dictValue. */
  const withParentNames = async (tx: Tx, user: AuthUser, list: DbRow[], known: Map<string, string> = new Map()): Promise<DictVO[]> => {
    const names = new Map(known);
    for (const row of list) names.set(String(row.id), str(row.dict_value));
    const missing = [...new Set(list.map((r) => String(r.parent_id)).filter((pid) => pid !== '0' && !names.has(pid)))];
    if (missing.length > 0) {
      const p = new SqlParams();
      const found = await tx.query<{ id: string; dict_value: string }>(
        `select id, dict_value from ${table} where ${[`id = any(${p.add(missing)}::bigint[])`, ...rows.scope(user, p)].join(' and ')}`,
        p.values,
      );
      for (const f of found) names.set(String(f.id), f.dict_value);
    }
    return list.map((row) => ({
      ...dictJson(row, tenant),
      parentName: String(row.parent_id) === '0' ? localize(MSG.topLevel) : (names.get(String(row.parent_id)) ?? ''),
    }));
  };

  const assertKeyFree = async (tx: Tx, user: AuthUser, code: string, dictKey: string, exceptId?: string) => {
    const p = new SqlParams();
    const conditions = [...rows.scope(user, p), `code = ${p.add(code)}`, `dict_key = ${p.add(dictKey)}`];
    if (exceptId) conditions.push(`id <> ${p.add(exceptId)}`);
    if (await tx.one(`select 1 as found from ${table} where ${conditions.join(' and ')} limit 1`, p.values)) throw bizError(MSG_DUPLICATE_KEY);
  };

  const withoutKeys = (query: Record<string, string>, ...keys: string[]) => {
    const rest = { ...query };
    for (const key of keys) delete rest[key];
    return rest;
  };

  // The whole tree (filters: code, dictKey, dictValue; LIKE by default), ordered by sort.
  api.get(route('list'), async (c) => {
    const user = currentMember(c);
    const query = c.req.query();
    const tree = await ctx.db.tenant(user.tenantId, async (tx) => {
      await canRead(tx, user);
      return buildTree(await withParentNames(tx, user, await rows.rows(tx, user, query)));
    });
    return c.json(rData(tree));
  });

  // Top-level rows, paged (filters: code, dictValue).
  api.get(route('parent-list'), async (c) => {
    const user = currentMember(c);
    const query = c.req.query();
    const result = await ctx.db.tenant(user.tenantId, async (tx) => {
      await canRead(tx, user);
      return parents.page(tx, user, query, {
        where: [() => 'parent_id = 0'],
        toJson: (row) => ({ ...dictJson(row, tenant), parentName: localize(MSG.topLevel) }),
      });
    });
    return c.json(rData(result));
  });

  // The rows sharing the parent's code, as a tree under it (the parent itself left out).
  api.get(route('child-list'), async (c) => {
    const user = currentMember(c);
    const query = c.req.query();
    const raw = (query.parentId ?? '').trim();
    if (raw === '' || /^-\d+$/.test(raw)) {
      await ctx.db.tenant(user.tenantId, (tx) => canRead(tx, user));
      return c.json(rData([]));
    }
    const parentId = parseId(raw, 'parentId');
    const tree = await ctx.db.tenant(user.tenantId, async (tx) => {
      await canRead(tx, user);
      const parent = await rows.find(tx, user, parentId);
      if (!parent) return [];
      const list = await rows.rows(tx, user, withoutKeys(query, 'parentId'), {
        where: [(p) => `code = ${p.add(parent.code)}`, (p) => `id <> ${p.add(parentId)}`],
      });
      return buildTree(await withParentNames(tx, user, list, new Map([[parentId, str(parent.dict_value)]])));
    });
    return c.json(rData(tree));
  });

  api.get(route('detail'), async (c) => {
    const user = currentMember(c);
    const rowId = parseId(c.req.query('id'));
    const vo = await ctx.db.tenant(user.tenantId, async (tx) => {
      await canRead(tx, user);
      const row = await rows.find(tx, user, rowId);
      return row ? (await withParentNames(tx, user, [row]))[0] : null;
    });
    return c.json(rData(vo));
  });

  // TreeNode of every row (the parent selector of the child form).
  api.get(route('tree'), async (c) => {
    const user = currentMember(c);
    const tree = await ctx.db.tenant(user.tenantId, async (tx) => {
      await canRead(tx, user);
      const list = await rows.rows(tx, user, {});
      type Node = { id: string; parentId: string; sort: number; title: string; children?: Node[] };
      const nodes = buildTree<Node>(list.map((r) => ({ id: id(r.id), parentId: id(r.parent_id), sort: Number(r.sort ?? 0), title: str(r.dict_value) })));
      const strip = (items: Node[]): TreeNodeVO[] =>
        items.map((n) => ({
          id: n.id,
          parentId: n.parentId,
          title: n.title,
          key: n.id,
          value: n.id,
          ...(n.children ? { children: strip(n.children) } : {}),
        }));
      return strip(nodes);
    });
    return c.json(rData(tree));
  });

  // The entries of one dictionary, for any signed-in user: not sealed, not deleted, ordered by sort.
  api.get(route('dictionary'), async (c) => {
    const user = currentMember(c);
    const code = c.req.query('code');
    if (code === undefined || code.trim() === '') throw missingParam('code');
    if (code.length > MAX_CODE) throw bizError(MSG.badFormat('code'));
    const list = await ctx.db.tenant(user.tenantId, async (tx) => {
      const p = new SqlParams();
      const where = [...rows.scope(user, p), `code = ${p.add(code)}`, 'parent_id > 0', 'is_sealed = 0'];
      return tx.query<DbRow>(`select * from ${table} where ${where.join(' and ')} order by sort, id`, p.values);
    });
    return c.json(rData(list.map((row) => dictJson(row, tenant))));
  });

  api.post(route('submit'), async (c) => {
    const user = currentMember(c);
    const body = await readJson(c);
    const rowId = childValidator.idOf(body);
    const input = body as Record<string, unknown>;
    await ctx.db.tenant(user.tenantId, async (tx) => {
      await canWrite(tx, user, rowId ? 'edit' : 'add');
      try {
        if (rowId) await update(tx, user, rowId, input);
        else await insert(tx, user, input);
      } catch (error) {
        if (isUniqueViolation(error)) throw bizError(MSG_DUPLICATE_KEY);
        throw error;
      }
    });
    return c.json(rStatus(true));
  });

  async function insert(tx: Tx, user: AuthUser, input: Record<string, unknown>) {
    const rawParent = input.parentId;
    const parentId = rawParent === undefined || rawParent === null || rawParent === '' ? '0' : parseId(String(rawParent), 'parentId');
    let values: EntityValues;
    if (parentId === '0') {
      values = { ...parentValidator.parse(input, 'add').values, parentId: '0', dictKey: '-1' };
    } else {
      const parent = await rows.find(tx, user, parentId);
      if (!parent) throw bizError(MSG_NO_PARENT);
      // A child takes its parent's code, whatever the form sent.
      values = { ...childValidator.parse({ ...input, code: parent.code }, 'add').values, parentId, code: str(parent.code) };
    }
    await assertKeyFree(tx, user, String(values.code), String(values.dictKey));
    await rows.insert(tx, user, values, ctx.now());
  }

  async function update(tx: Tx, user: AuthUser, rowId: string, input: Record<string, unknown>) {
    const existing = await rows.find(tx, user, rowId);
    if (!existing) throw bizError(MSG.notFound);
    const isParent = String(existing.parent_id) === '0';
    // Code and parent of a child are not editable; a parent keeps dict_key -1.
    const values = isParent ? { ...parentValidator.parse(input, 'edit').values } : { ...childValidator.parse(input, 'edit').values };
    delete values.parentId;
    if (isParent) delete values.dictKey;
    const code = String(values.code ?? existing.code);
    const dictKey = String(values.dictKey ?? existing.dict_key);
    await assertKeyFree(tx, user, code, dictKey, rowId);
    await rows.update(tx, user, rowId, values, ctx.now());
    if (isParent && code !== existing.code) {
      // Renaming a dictionary renames its entries (they share the code).
      const p = new SqlParams();
      const where = [...rows.scope(user, p), `code = ${p.add(existing.code)}`, `id <> ${p.add(rowId)}`];
      await tx.query(`update ${table} set code = ${p.add(code)} where ${where.join(' and ')}`, p.values);
    }
  }

  api.post(route('remove'), async (c) => {
    const user = currentMember(c);
    const ids = await readIds(c);
    const removed = await ctx.db.tenant(user.tenantId, async (tx) => {
      await canWrite(tx, user, 'delete');
      const p = new SqlParams();
      const where = [...rows.scope(user, p), `parent_id = any(${p.add(ids)}::bigint[])`];
      if (await tx.one(`select 1 as found from ${table} where ${where.join(' and ')} limit 1`, p.values)) throw bizError(MSG.hasChildren);
      return rows.remove(tx, user, ids, ctx.now());
    });
    return c.json(rStatus(removed > 0));
  });
}
