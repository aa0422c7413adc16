import { afterAll, beforeAll, describe, expect, test } from '@rstest/core';
import { defineServerPlugin, DEMO_TENANT, SEED } from '../../core/sdk/server';
import { createTestServer, type TestServer } from '../../core/sdk/server-testing';
import dictServer from '../dict/server';
import paramServer from '../param/server';
import roleServer from './server';

/** A plugin with a role picker: it reads the role tree with its own code, as the user plugin does. */
const picker = defineServerPlugin({
  manifest: {
    id: 'picker',
    name: { zh: '选择', en: 'Picker' },
    requires: ['role'],
    reads: { 'role.tree': ['picker'] },
    menus: [{ code: 'picker', parent: 'system', name: { zh: '选择', en: 'Picker' }, path: '/demo/picker', sort: 1 }],
  },
});

/**
 * The roles API as BladeX answers it: the role tree per tenant, its rules, the grants of menus, buttons,
 * data scopes and API scopes, and what a tenant's own administrator may not grant. The param and dict
 * plugins are mounted to have menus and buttons (dict's writes are administrator-only) to grant.
 */

let ts: TestServer;
let admin: string; // administrator, tenant 000000
let demo: string; // admin of tenant 100001 (role alias `admin`)
let reader: string; // 000000: role, role_view
let editor: string; // 000000: role + every role button
let limited: string; // 100001: role, role_view, role_add, role_grant, param, param_view, param_add
let limitedRoleId: string;

type Node = Record<string, unknown> & { id: string; parentId: string; title?: string; children?: Node[] };
type Keys = { menu: string[]; dataScope: string[]; apiScope: string[] };

const call = async (method: 'GET' | 'POST', path: string, token: string, options: { query?: Record<string, string>; json?: unknown } = {}) =>
  ts.call(method, `/api/blade-system/${path}`, { token, ...options });
const get = async <T = unknown>(path: string, query: Record<string, string> = {}, token = admin): Promise<T> => {
  const res = await call('GET', path, token, { query });
  if (res.status !== 200) throw new Error(`${path}: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body.data as T;
};
const submit = (json: unknown, token = admin) => call('POST', 'role/submit', token, { json });
const remove = (ids: string, token = admin, query: Record<string, string> = {}) => call('POST', 'role/remove', token, { query: { ids, ...query } });
const grant = (json: unknown, token = admin) => call('POST', 'role/grant', token, { json });
const flat = (nodes: Node[]): Node[] => nodes.flatMap((n) => [n, ...flat(n.children ?? [])]);
const titles = (nodes: Node[]) => flat(nodes).map((n) => n.title);

/** Role id by alias in a tenant. */
const roleId = async (alias: string, tenantId = '000000') =>
  (await ts.ctx.db.system((tx) => tx.one<{ id: string }>('select id::text as id from blade_role where tenant_id = $1 and role_alias = $2 and is_deleted = 0', [tenantId, alias])))!.id;
const menuIds = async (...codes: string[]) => {
  const rows = await ts.ctx.db.system((tx) => tx.query<{ id: string; code: string }>('select id::text as id, code from blade_menu where code = any($1::varchar[])', [codes]));
  return codes.map((code) => rows.find((r) => r.code === code)!.id);
};
const menuId = async (code: string) => (await menuIds(code))[0]!;
const grantRows = (roleIdValue: string) =>
  ts.ctx.db.system(async (tx) => ({
    menus: (await tx.query<{ code: string }>('select m.code from blade_role_menu rm join blade_menu m on m.id = rm.menu_id where rm.role_id = $1 order by m.code', [roleIdValue])).map((r) => r.code),
    scopes: (await tx.query<{ scope_id: string; scope_category: number }>('select scope_id::text, scope_category from blade_role_scope where role_id = $1 order by 1', [roleIdValue])).map(
      (r) => `${r.scope_category}:${r.scope_id}`,
    ),
  }));
const codesOf = (nodes: Node[]): string[] => nodes.flatMap((n) => (n.children ? codesOf(n.children) : [String(n.code)]));
const menuCodes = (nodes: Node[]): string[] => nodes.flatMap((n) => [String(n.code), ...menuCodes(n.children ?? [])]);

let dataScopeId: string;
let apiScopeId: string;

beforeAll(async () => {
  ts = await createTestServer({ plugins: [dictServer, paramServer, roleServer, picker] });
  admin = (await ts.signIn('admin', 'admin')).access_token;
  demo = (await ts.signIn('admin', 'admin', '100001')).access_token;
  const readerRole = await ts.addRole({ tenantId: '000000', alias: 'role_reader', codes: ['role', 'role_view'] });
  await ts.addUser({ tenantId: '000000', account: 'reader', password: 'reader', roleId: readerRole });
  reader = (await ts.signIn('reader', 'reader')).access_token;
  const editorRole = await ts.addRole({ tenantId: '000000', alias: 'role_editor', codes: ['role', 'role_add', 'role_edit', 'role_delete', 'role_view', 'role_grant'] });
  await ts.addUser({ tenantId: '000000', account: 'editor', password: 'editor', roleId: editorRole });
  editor = (await ts.signIn('editor', 'editor')).access_token;
  limitedRoleId = await ts.addRole({ tenantId: '100001', alias: 'limited', codes: ['role', 'role_view', 'role_add', 'role_grant', 'param', 'param_view', 'param_add'] });
  await ts.addUser({ tenantId: '100001', account: 'limited', password: 'limited', roleId: limitedRoleId });
  limited = (await ts.signIn('limited', 'limited', '100001')).access_token;

  // A data scope and an API scope on the parameters menu (the scope plugin's tables, written directly).
  const paramMenu = await menuId('param');
  dataScopeId = ts.ctx.ids.next();
  apiScopeId = ts.ctx.ids.next();
  await ts.ctx.db.system(async (tx) => {
    await tx.query(`insert into blade_scope_data (id, menu_id, resource_code, scope_name, scope_column, scope_type) values ($1, $2, 'param', '全部参数', 'create_dept', 1)`, [dataScopeId, paramMenu]);
    await tx.query(`insert into blade_scope_api (id, menu_id, resource_code, scope_name, scope_path, scope_type) values ($1, $2, 'param_detail', '参数详情', '/blade-system/param/detail', 2)`, [
      apiScopeId,
      paramMenu,
    ]);
    await ts.ctx.apiScopes.invalidate(tx);
  });

  // 人事 (hr) → 经理 (manager) in 000000.
  expect((await submit({ roleName: '人事', roleAlias: 'hr', sort: 3, parentId: '0' })).body.success).toBe(true);
  expect((await submit({ roleName: '经理', roleAlias: 'manager', sort: 1, parentId: await roleId('hr') })).body.success).toBe(true);
});
afterAll(() => ts.close());

describe('role list, tree, tree-by-id, detail', () => {
  test('list: the RoleVO tree of the caller’s tenant, parentName, children only when there are some', async () => {
    const tree = await get<Node[]>('role/list');
    const administrator = tree.find((r) => r.roleAlias === 'administrator')!;
    expect(administrator).toMatchObject({ id: SEED.administratorRoleId, tenantId: '000000', parentId: '0', parentName: '顶级', roleName: '超级管理员', sort: 1, isDeleted: 0 });
    expect(administrator).not.toHaveProperty('children');
    const hr = tree.find((r) => r.roleAlias === 'hr')!;
    expect(hr.children!.map((c) => [c.roleName, c.parentName, c.parentId])).toEqual([['经理', '人事', hr.id]]);
    expect(tree.map((r) => r.sort)).toEqual([...tree.map((r) => r.sort as number)].sort((a, b) => a - b));
  });

  test('list filters: roleName and roleAlias (LIKE); a match under a non-matching parent is a root', async () => {
    expect((await get<Node[]>('role/list', { roleName: '经' })).map((r) => [r.roleAlias, r.parentName])).toEqual([['manager', '人事']]);
    expect((await get<Node[]>('role/list', { roleAlias: 'admin' })).map((r) => r.roleAlias)).toEqual(['administrator']);
    const bad = await call('GET', 'role/list', admin, { query: { bogus: '1' } });
    expect([bad.status, bad.body.msg]).toEqual([400, '不支持的查询条件: bogus']);
  });

  test('list: an administrator of 000000 may ask for another tenant; a tenant’s admin gets its own whatever it asks', async () => {
    expect((await get<Node[]>('role/list', { tenantId: '100001' })).map((r) => r.roleAlias)).toContain('limited');
    const own = await get<Node[]>('role/list', { tenantId: '000000' }, demo);
    expect(own.every((r) => r.tenantId === '100001')).toBe(true);
    expect(own.map((r) => r.roleAlias)).toEqual(expect.arrayContaining(['admin', 'limited']));
    expect((await call('GET', 'role/list', admin, { query: { tenantId: "1' or 1=1" } })).status).toBe(400);
  });

  test('tree: TreeNode shape; the administrator role only for the administrator; other tenants for 000000', async () => {
    const tree = await get<Node[]>('role/tree');
    const hr = tree.find((n) => n.title === '人事')!;
    expect(Object.keys(hr).sort()).toEqual(['children', 'id', 'key', 'parentId', 'title', 'value']);
    expect(hr).toMatchObject({ key: hr.id, value: hr.id, parentId: '0' });
    expect(Object.keys(hr.children![0]!).sort()).toEqual(['id', 'key', 'parentId', 'title', 'value']);
    expect(titles(tree)).toContain('超级管理员');
    expect(titles(await get<Node[]>('role/tree', {}, reader))).not.toContain('超级管理员');
    expect(titles(await get<Node[]>('role/tree', { tenantId: '100001' }))).toEqual(expect.arrayContaining(['管理员', 'limited']));
    expect(titles(await get<Node[]>('role/tree', { tenantId: '100001' }, reader))).not.toContain('limited');
  });

  test('tree-by-id: the tree of the role’s tenant; a role of another tenant gives nothing to others', async () => {
    expect(titles(await get<Node[]>('role/tree-by-id', { roleId: limitedRoleId }))).toEqual(expect.arrayContaining(['管理员', 'limited']));
    expect(titles(await get<Node[]>('role/tree-by-id', { roleId: SEED.userRoleId }))).toContain('人事');
    expect(await get<Node[]>('role/tree-by-id', { roleId: limitedRoleId }, reader)).toEqual([]);
    expect(titles(await get<Node[]>('role/tree-by-id', { roleId: limitedRoleId }, demo))).toEqual(expect.arrayContaining(['管理员', 'limited']));
    expect((await call('GET', 'role/tree-by-id', admin, {})).body.msg).toBe('缺少必要的请求参数: roleId');
    expect((await call('GET', 'role/tree-by-id', admin, { query: { roleId: '99999999999999999999' } })).status).toBe(400);
  });

  test('detail: parentName 顶级 for a root; another tenant’s role is null', async () => {
    expect(await get('role/detail', { id: SEED.userRoleId })).toMatchObject({ roleName: '用户', roleAlias: 'user', parentName: '顶级', parentId: '0' });
    expect(await get('role/detail', { id: await roleId('manager') })).toMatchObject({ roleName: '经理', parentName: '人事' });
    expect(await get('role/detail', { id: limitedRoleId })).toBeNull();
    expect(await get('role/detail', { id: limitedRoleId, tenantId: '100001' })).toMatchObject({ roleAlias: 'limited', tenantId: '100001' });
    expect((await call('GET', 'role/detail', admin, { query: { id: '9223372036854775808' } })).body.msg).toBe('请求参数格式错误: id');
    expect((await call('GET', 'role/detail', admin, { query: { id: 'abc' } })).body.msg).toBe('请求参数格式错误: id');
  });
});

describe('role submit and remove', () => {
  test('submit: required fields, lengths, alias format and uniqueness per tenant', async () => {
    expect((await submit({ roleAlias: 'x', sort: 1 })).body.msg).toBe('请输入角色名称');
    expect((await submit({ roleName: 'x', sort: 1 })).body.msg).toBe('请输入角色别名');
    expect((await submit({ roleName: 'x', roleAlias: 'x' })).body.msg).toBe('请输入角色排序');
    expect((await submit({ roleName: 'x'.repeat(65), roleAlias: 'x', sort: 1 })).body.msg).toBe('roleName: 长度不能超过64个字符');
    expect((await submit({ roleName: 'x', roleAlias: 'x,administrator', sort: 1 })).body.msg).toBe('角色别名只能包含字母、数字、下划线和中划线');
    expect((await submit({ roleName: 'x', roleAlias: 'x', sort: 'a' })).body.msg).toBe('请求参数格式错误: sort');
    expect((await submit([1, 2])).status).toBe(400);
    const dup = await submit({ roleName: '人事2', roleAlias: 'hr', sort: 1 });
    expect([dup.status, dup.body.msg]).toEqual([400, '角色别名已存在']);
    // The same alias is free in another tenant.
    expect((await submit({ roleName: '人事', roleAlias: 'hr', sort: 1 }, demo)).body.success).toBe(true);
    // SQL and HTML are stored as text.
    const odd = "<b>x</b>'; drop table blade_role; --";
    expect((await submit({ roleName: odd, roleAlias: 'odd', sort: 9 })).body.success).toBe(true);
    expect(await get('role/detail', { id: await roleId('odd') })).toMatchObject({ roleName: odd });
    expect((await remove(await roleId('odd'))).body.success).toBe(true);
  });

  test('submit: the parent is a live role of the tenant, never the role itself or one below it', async () => {
    const hr = await roleId('hr');
    const manager = await roleId('manager');
    const self = await submit({ id: hr, roleName: '人事', roleAlias: 'hr', sort: 3, parentId: hr });
    expect([self.status, self.body.msg]).toEqual([400, '父节点不可选择自身!']);
    expect((await submit({ id: hr, roleName: '人事', roleAlias: 'hr', sort: 3, parentId: manager })).body.msg).toBe('父节点不可选择自身!');
    expect((await submit({ roleName: 'y', roleAlias: 'y', sort: 1, parentId: limitedRoleId })).body.msg).toBe('上级角色不存在');
    expect((await submit({ roleName: 'y', roleAlias: 'y', sort: 1, parentId: '123' })).body.msg).toBe('上级角色不存在');
    expect((await submit({ roleName: 'y', roleAlias: 'y', sort: 1, parentId: 'x' })).body.msg).toBe('请求参数格式错误: parentId');
    // Moving manager to the top and back; an edit without parentId keeps the parent.
    expect((await submit({ id: manager, roleName: '经理', roleAlias: 'manager', sort: 1, parentId: '0' })).status).toBe(200);
    expect(await get('role/detail', { id: manager })).toMatchObject({ parentId: '0', parentName: '顶级' });
    expect((await submit({ id: manager, roleName: '经理', roleAlias: 'manager', sort: 1, parentId: hr })).status).toBe(200);
    expect((await submit({ id: manager, roleName: '经理人', roleAlias: 'manager', sort: 1 })).status).toBe(200);
    expect(await get('role/detail', { id: manager })).toMatchObject({ roleName: '经理人', parentId: hr });
  });

  test('submit: the administrator role and the reserved aliases are the administrator’s alone', async () => {
    const create = await submit({ roleName: '超管', roleAlias: 'administrator', sort: 1 }, demo);
    expect([create.status, create.body.msg]).toEqual([400, '角色别名 administrator 仅可用于管理组租户 000000']);
    expect((await submit({ roleName: '超管', roleAlias: 'Administrator', sort: 1 }, limited)).status).toBe(400);
    expect((await submit({ roleName: '管理员2', roleAlias: 'admin', sort: 1 }, editor)).body.msg).toBe('角色别名 admin 为系统保留,仅超级管理员可用');
    const rename = await submit({ id: limitedRoleId, roleName: 'limited', roleAlias: 'administrator', sort: 50 }, demo);
    expect(rename.body.msg).toBe('角色别名 administrator 仅可用于管理组租户 000000');
    const edit = await submit({ id: SEED.administratorRoleId, roleName: '我', roleAlias: 'administrator', sort: 1 }, editor);
    expect([edit.status, edit.body.msg]).toEqual([400, '无权操作超级管理员角色']);
    // A tenant's admin may rename its own role while its alias stays.
    expect((await submit({ id: DEMO_TENANT.adminRoleId, roleName: '租户管理员', roleAlias: 'admin', sort: 1 }, demo)).status).toBe(200);
    expect(await get('role/detail', { id: DEMO_TENANT.adminRoleId }, demo)).toMatchObject({ roleName: '租户管理员', roleAlias: 'admin' });
    // The administrator may.
    expect((await submit({ roleName: '另一个超管', roleAlias: 'administrator', sort: 1 }, admin)).body.msg).toBe('角色别名已存在');
  });

  test('remove: refused with children and for the administrator role; grants go with the role', async () => {
    const hr = await roleId('hr');
    const refused = await remove(hr);
    expect([refused.status, refused.body.msg]).toEqual([400, '请先删除子节点!']);
    const admin1 = await remove(SEED.administratorRoleId, editor);
    expect([admin1.status, admin1.body.msg]).toEqual([400, '无权操作超级管理员角色']);

    expect((await submit({ roleName: '临时', roleAlias: 'temp', sort: 9, parentId: hr })).status).toBe(200);
    const temp = await roleId('temp');
    expect((await grant({ roleIds: [temp], menuIds: await menuIds('param', 'param_view'), dataScopeIds: [dataScopeId], apiScopeIds: [apiScopeId] })).status).toBe(200);
    expect(await grantRows(temp)).toEqual({ menus: ['param', 'param_view'], scopes: [`1:${dataScopeId}`, `2:${apiScopeId}`].sort() });
    expect((await remove(temp)).body.success).toBe(true);
    expect(await grantRows(temp)).toEqual({ menus: [], scopes: [] });
    expect(await get('role/detail', { id: temp })).toBeNull();
    // Removing a parent together with its children is fine.
    expect((await submit({ roleName: '父', roleAlias: 'p1', sort: 9 })).status).toBe(200);
    expect((await submit({ roleName: '子', roleAlias: 'c1', sort: 9, parentId: await roleId('p1') })).status).toBe(200);
    expect((await remove(`${await roleId('p1')},${await roleId('c1')}`)).body.success).toBe(true);
    expect((await call('POST', 'role/remove', admin, {})).body.msg).toBe('缺少必要的请求参数: ids');
    expect((await remove('1,abc')).body.msg).toBe('请求参数格式错误: ids');
  });
});

describe('grants', () => {
  test('grant-tree (administrator): every menu and button, English titles, the scopes under their menus', async () => {
    const trees = await get<{ menu: Node[]; dataScope: Node[]; apiScope: Node[] }>('menu/grant-tree');
    const all = flat(trees.menu);
    const paramNode = all.find((n) => n.title === '参数管理')!;
    expect(paramNode).toMatchObject({ titleEn: 'Parameters', kind: 'menu', key: paramNode.id, value: paramNode.id });
    expect(paramNode.children!.map((c) => [c.title, c.titleEn, c.kind])).toEqual([
      ['新增', 'Add', 'button'],
      ['修改', 'Edit', 'button'],
      ['删除', 'Delete', 'button'],
      ['查看', 'View', 'button'],
    ]);
    expect(all.find((n) => n.id === (paramNode.children![0]!.id as string))).not.toHaveProperty('children');
    expect(all.some((n) => n.id === SEED.administratorRoleId)).toBe(false);
    const dictAdd = await menuId('dict_add');
    expect(all.some((n) => n.id === dictAdd)).toBe(true); // administrator-only, shown to the administrator
    expect(all.some((n) => n.disabled)).toBe(false);
    expect(trees.dataScope).toEqual([
      expect.objectContaining({ id: await menuId('param'), title: '参数管理', children: [expect.objectContaining({ id: dataScopeId, parentId: await menuId('param'), title: '全部参数', kind: 'scope' })] }),
    ]);
    expect(trees.apiScope[0]!.children!.map((n) => n.title)).toEqual(['参数详情']);
  });

  test('grant replaces the roles’ rows; a user of the role gets exactly those buttons, menus and API scopes', async () => {
    expect((await submit({ roleName: '审计', roleAlias: 'auditor', sort: 8 })).status).toBe(200);
    const auditor = await roleId('auditor');
    await ts.addUser({ tenantId: '000000', account: 'aud', password: 'aud', roleId: auditor });
    const aud = (await ts.signIn('aud', 'aud')).access_token;
    const buttons = async () => codesOf((await ts.get('/api/blade-system/menu/buttons', { token: aud })).body.data as Node[]).sort();
    const routes = async () => menuCodes((await ts.get('/api/blade-system/menu/routes', { token: aud })).body.data as Node[]);

    const first = await grant({ roleIds: [auditor], menuIds: await menuIds('param', 'param_view', 'dict', 'dict_view'), dataScopeIds: [], apiScopeIds: [] });
    expect([first.status, first.body.msg]).toEqual([200, '操作成功']);
    expect(await buttons()).toEqual(['dict_view', 'param_view']);
    expect(await routes()).toEqual(['system', 'dict', 'param']);
    expect((await ts.get('/api/blade-system/param/list', { token: aud })).status).toBe(200);
    // The API scope covers param/detail: not granted, refused.
    expect((await ts.get('/api/blade-system/param/detail', { token: aud, query: { id: '1' } })).status).toBe(403);

    // Comma strings are accepted too; the second grant replaces the first.
    const second = await grant({ roleIds: auditor, menuIds: (await menuIds('param', 'param_add')).join(','), apiScopeIds: apiScopeId });
    expect(second.status).toBe(200);
    expect(await buttons()).toEqual(['param_add']);
    expect(await routes()).toEqual(['system', 'param']);
    expect((await ts.get('/api/blade-system/param/detail', { token: aud, query: { id: '1' } })).status).toBe(200);
    expect(await get<Keys>('menu/role-tree-keys', { roleIds: auditor })).toEqual({ menu: (await menuIds('param', 'param_add')).sort(), dataScope: [], apiScope: [apiScopeId] });

    // Query parameters work as Saber's form posts them.
    const query = await call('POST', 'role/grant', admin, { query: { roleIds: auditor, menuIds: await menuId('param'), dataScopeIds: dataScopeId } });
    expect(query.status).toBe(200);
    expect(await get<Keys>('menu/role-tree-keys', { roleIds: auditor })).toEqual({ menu: [await menuId('param')], dataScope: [dataScopeId], apiScope: [] });
    expect(await buttons()).toEqual([]);

    // Several roles at once; the keys of several roles are their union.
    const user = SEED.userRoleId;
    const before = await get<Keys>('menu/role-tree-keys', { roleIds: user });
    expect((await grant({ roleIds: [auditor], menuIds: await menuIds('param', 'param_view') })).status).toBe(200);
    const union = await get<Keys>('menu/role-tree-keys', { roleIds: `${auditor},${user}` });
    expect(union.menu).toEqual([...new Set([...before.menu, ...(await menuIds('param', 'param_view'))])].sort());
  });

  test('a tenant’s own administrator never grants administrator-only buttons, even though its role row has them', async () => {
    const trees = await get<{ menu: Node[] }>('menu/grant-tree', {}, demo);
    const ids = flat(trees.menu).map((n) => n.id);
    expect(ids).toContain(await menuId('dict_view'));
    expect(ids).not.toContain(await menuId('dict_add'));
    const sub = (await submit({ roleName: '子角色', roleAlias: 'sub', sort: 5 }, demo), await roleId('sub', '100001'));
    const refused = await grant({ roleIds: [sub], menuIds: await menuIds('dict', 'dict_add') }, demo);
    expect([refused.status, refused.body.msg]).toEqual([400, '不能授予仅超级管理员可用的菜单或按钮: dict_add']);
    expect((await grant({ roleIds: [sub], menuIds: await menuIds('dict', 'dict_view') }, demo)).status).toBe(200);
    expect((await grantRows(sub)).menus).toEqual(['dict', 'dict_view']);
  });

  test('escalation: a limited role grants only what it holds, only to roles of its tenant', async () => {
    const trees = await get<{ menu: Node[]; dataScope: Node[]; apiScope: Node[] }>('menu/grant-tree', {}, limited);
    const nodes = flat(trees.menu);
    const held = await menuIds('role', 'role_view', 'role_add', 'role_grant', 'param', 'param_view', 'param_add');
    expect(nodes.filter((n) => !n.disabled).map((n) => n.id).sort()).toEqual([...held].sort());
    // The groups above them are shown (not grantable): 权限管理, 系统管理.
    expect(nodes.filter((n) => n.disabled).map((n) => n.title).sort()).toEqual(['权限管理', '系统管理'].sort());
    expect(trees.dataScope).toEqual([]);
    expect(trees.apiScope).toEqual([]);

    expect((await submit({ roleName: '下属', roleAlias: 'junior', sort: 6 }, limited)).status).toBe(200);
    const junior = await roleId('junior', '100001');
    expect((await grant({ roleIds: [junior], menuIds: await menuIds('param', 'param_view') }, limited)).status).toBe(200);
    expect((await grantRows(junior)).menus).toEqual(['param', 'param_view']);

    const cases: [unknown, string][] = [
      [{ roleIds: [junior], menuIds: await menuIds('param', 'param_edit') }, '不能授予自己没有的菜单或按钮: param_edit'],
      [{ roleIds: [junior], menuIds: await menuIds('dict_add') }, '不能授予仅超级管理员可用的菜单或按钮: dict_add'],
      [{ roleIds: [junior], menuIds: await menuIds('authority') }, '不能授予自己没有的菜单或按钮: authority'],
      [{ roleIds: [junior], menuIds: ['123456'] }, '菜单不存在: 123456'],
      [{ roleIds: [junior], dataScopeIds: [dataScopeId] }, '不能授予自己没有的数据权限: 全部参数'],
      [{ roleIds: [junior], apiScopeIds: [apiScopeId] }, '不能授予自己没有的接口权限: 参数详情'],
      [{ roleIds: [junior], apiScopeIds: ['42'] }, '接口权限不存在: 42'],
      [{ roleIds: [SEED.userRoleId], menuIds: await menuIds('param') }, `角色不存在: ${SEED.userRoleId}`],
      [{ roleIds: [junior, SEED.userRoleId], menuIds: [] }, `角色不存在: ${SEED.userRoleId}`],
    ];
    for (const [json, msg] of cases) {
      const res = await grant(json, limited);
      expect([res.status, res.body.msg]).toEqual([400, msg]);
    }
    expect((await grantRows(junior)).menus).toEqual(['param', 'param_view']); // nothing changed
    // Even the tenant parameter does not take a tenant's admin elsewhere.
    expect((await grant({ roleIds: [SEED.userRoleId], menuIds: [], tenantId: '000000' }, demo)).body.msg).toBe(`角色不存在: ${SEED.userRoleId}`);
    expect((await get<Keys>('menu/role-tree-keys', { roleIds: junior }, limited)).menu).toEqual((await menuIds('param', 'param_view')).sort());
    expect((await call('GET', 'menu/role-tree-keys', limited, { query: { roleIds: SEED.userRoleId } })).body.msg).toBe(`角色不存在: ${SEED.userRoleId}`);
  });

  test('a grant keeps the rows the granting user could not see; the administrator may grant across tenants', async () => {
    const junior = await roleId('junior', '100001');
    // The administrator of 000000 grants 100001's role something the limited user does not hold.
    expect((await grant({ roleIds: [junior], menuIds: await menuIds('param', 'param_view', 'dict', 'dict_view'), dataScopeIds: [dataScopeId], tenantId: '100001' })).status).toBe(200);
    expect(await get<Keys>('menu/role-tree-keys', { roleIds: junior, tenantId: '100001' })).toMatchObject({ dataScope: [dataScopeId] });
    // The limited user saves what its dialog shows: param only. dict, dict_view and the data scope stay.
    expect((await grant({ roleIds: [junior], menuIds: await menuIds('param'), dataScopeIds: [] }, limited)).status).toBe(200);
    expect(await grantRows(junior)).toEqual({ menus: ['dict', 'dict_view', 'param'], scopes: [`1:${dataScopeId}`] });
  });

  test('the administrator role is not granted by others', async () => {
    const res = await grant({ roleIds: [SEED.administratorRoleId], menuIds: [] }, editor);
    expect([res.status, res.body.msg]).toEqual([400, '无权操作超级管理员角色']);
    expect((await call('GET', 'menu/role-tree-keys', editor, { query: { roleIds: SEED.administratorRoleId } })).body.msg).toBe('无权操作超级管理员角色');
  });

  test('bad input: 400 with a message, nothing changed', async () => {
    const auditor = await roleId('auditor');
    const before = await grantRows(auditor);
    const cases: [unknown, string][] = [
      [{ menuIds: [] }, '缺少必要的请求参数: roleIds'],
      [{ roleIds: [] }, '缺少必要的请求参数: roleIds'],
      [{ roleIds: 'abc' }, '请求参数格式错误: roleIds'],
      [{ roleIds: [auditor], menuIds: { a: 1 } }, '请求参数格式错误: menuIds'],
      [{ roleIds: [auditor], menuIds: [true] }, '请求参数格式错误: menuIds'],
      [{ roleIds: [auditor], menuIds: ['1 or 1=1'] }, '请求参数格式错误: menuIds'],
      [{ roleIds: [auditor], dataScopeIds: ['99999999999999999999'] }, '请求参数格式错误: dataScopeIds'],
      [{ roleIds: [auditor], apiScopeIds: ['9223372036854775808'] }, '请求参数格式错误: apiScopeIds'],
      [{ roleIds: [auditor], menuIds: Array.from({ length: 5001 }, (_, i) => String(i + 1)) }, 'menuIds: 最多5000项'],
      [{ roleIds: ['123'] }, '角色不存在: 123'],
      [[auditor], '请求参数格式错误: body'],
    ];
    for (const [json, msg] of cases) {
      const res = await grant(json);
      expect([res.status, res.body.msg]).toEqual([400, msg]);
    }
    const broken = await ts.post('/api/blade-system/role/grant', { token: admin, body: '{"roleIds":', headers: { 'Content-Type': 'application/json' } });
    expect([broken.status, broken.body.msg]).toEqual([400, '消息不能读取: 请求体不是合法的 JSON']);
    expect(await grantRows(auditor)).toEqual(before);
    expect((await call('GET', 'menu/role-tree-keys', admin, {})).body.msg).toBe('缺少必要的请求参数: roleIds');
    expect((await call('GET', 'menu/role-tree-keys', admin, { query: { roleIds: 'x' } })).body.msg).toBe('请求参数格式错误: roleIds');
    expect((await call('GET', 'menu/grant-tree', admin, { query: { tenantId: 'abc' } })).body.msg).toBe('请求参数格式错误: tenantId');
    expect(ts.logged).toEqual([]);
  });
});

describe('permissions and tenant isolation', () => {
  test('the menu and its buttons as declared: 角色管理 under 权限管理, the four list buttons and 权限设置', async () => {
    const routes = (await ts.get('/api/blade-system/menu/routes', { token: editor })).body.data as Node[];
    const role = routes.find((m) => m.code === 'authority')?.children?.find((m) => m.code === 'role');
    expect(role).toMatchObject({ name: '角色管理', nameEn: 'Roles', path: '/authority/role', source: 'user-group', sort: 1 });
    const buttons = (await ts.get('/api/blade-system/menu/buttons', { token: editor })).body.data as Node[];
    expect(buttons.find((m) => m.code === 'role')?.children?.map((b) => [b.code, b.name, b.alias, b.action])).toEqual([
      ['role_add', '新增', 'add', 1],
      ['role_edit', '修改', 'edit', 2],
      ['role_delete', '删除', 'delete', 3],
      ['role_view', '查看', 'view', 2],
      ['role_grant', '权限设置', 'grant', 3],
    ]);
  });

  test('role to read; role_add, role_edit, role_delete, role_grant to write and to see the grant trees', async () => {
    expect((await get<Node[]>('role/list', {}, reader)).length).toBeGreaterThan(0);
    expect((await get<Node[]>('role/tree', {}, reader)).length).toBeGreaterThan(0);
    expect(await get('role/detail', { id: SEED.userRoleId }, reader)).toMatchObject({ roleAlias: 'user' });
    const hr = await roleId('hr');
    const refusals = [
      await submit({ roleName: 'r', roleAlias: 'r', sort: 1 }, reader),
      await submit({ id: hr, roleName: 'r', roleAlias: 'hr', sort: 1 }, reader),
      await remove(hr, reader),
      await grant({ roleIds: [hr], menuIds: [] }, reader),
      await call('GET', 'menu/grant-tree', reader),
      await call('GET', 'menu/role-tree-keys', reader, { query: { roleIds: hr } }),
    ];
    for (const res of refusals) expect([res.status, res.body.msg]).toEqual([403, '没有权限执行此操作']);

    const none = await ts.addRole({ tenantId: '000000', alias: 'nobody', codes: [] });
    await ts.addUser({ tenantId: '000000', account: 'nobody', password: 'nobody', roleId: none });
    const nobody = (await ts.signIn('nobody', 'nobody')).access_token;
    for (const [path, query] of [
      ['role/list', {}],
      ['role/tree', {}],
      ['role/tree-by-id', { roleId: hr }],
      ['role/detail', { id: hr }],
    ] as const) {
      expect((await call('GET', path, nobody, { query })).status).toBe(403);
    }
  });

  test('another tenant’s roles do not exist for detail, submit, remove, grant, keys or tree-by-id', async () => {
    const theirs = limitedRoleId;
    expect(await get('role/detail', { id: theirs })).toBeNull();
    expect(await get('role/detail', { id: SEED.userRoleId }, demo)).toBeNull();
    const steal = await submit({ id: SEED.userRoleId, roleName: 'x', roleAlias: 'x', sort: 1 }, demo);
    expect([steal.status, steal.body.msg]).toEqual([400, '数据不存在']);
    expect((await remove(SEED.userRoleId, demo)).body.success).toBe(false);
    expect((await grant({ roleIds: [SEED.userRoleId], menuIds: [] }, demo)).body.msg).toBe(`角色不存在: ${SEED.userRoleId}`);
    expect((await call('GET', 'menu/role-tree-keys', demo, { query: { roleIds: SEED.userRoleId } })).status).toBe(400);
    expect(await get('role/tree-by-id', { roleId: SEED.userRoleId }, demo)).toEqual([]);
    expect(await get('role/detail', { id: SEED.userRoleId })).toMatchObject({ roleName: '用户' });
    expect((await grantRows(SEED.userRoleId)).menus.length).toBeGreaterThan(0);
    // The administrator reaches the other tenant only when it says so.
    expect((await remove(theirs)).body.success).toBe(false);
    expect(await get('role/detail', { id: theirs, tenantId: '100001' })).toMatchObject({ roleAlias: 'limited' });
  });
});

describe('the role tree as a choice source', () => {
  test('holders of a code of a plugin that reads role.tree may read the tree; others may not', async () => {
    const pickerRole = await ts.addRole({ tenantId: '000000', alias: 'picks', codes: ['picker'] });
    await ts.addUser({ tenantId: '000000', account: 'picks', password: 'picks', roleId: pickerRole });
    const picks = (await ts.signIn('picks', 'picks')).access_token;
    expect(titles(await get<Node[]>('role/tree', {}, picks))).toContain('人事');
    const noneRole = await ts.addRole({ tenantId: '000000', alias: 'nopick', codes: [] });
    await ts.addUser({ tenantId: '000000', account: 'nopick', password: 'nopick', roleId: noneRole });
    const nopick = (await ts.signIn('nopick', 'nopick')).access_token;
    expect((await call('GET', 'role/tree', nopick)).status).toBe(403);
  });
});
