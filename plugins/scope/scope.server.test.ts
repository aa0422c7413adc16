import { afterAll, beforeAll, describe, expect, test } from '@rstest/core';
import { defineServerPlugin, hashPassword, insertUser, md5, SEED } from '../../core/sdk/server';
import { createTestServer, type TestServer } from '../../core/sdk/server-testing';
import dictServer from '../dict/server';
import deptServer from '../dept/server';
import paramServer from '../param/server';
import scopeServer from './server';

/**
 * Data scopes (which rows of a list a role sees) and API scopes (which roles may call a path): the
 * administrator's CRUD, and end to end on the server: a scope granted to a role limits what its users get
 * from `/api/blade-system/param/list`, and an API scope refuses the roles it is not granted to.
 */

// The screens call the menu plugin's API in the browser; on the server only its presence is required.
const menuStub = defineServerPlugin({ manifest: { id: 'menu', name: { zh: '菜单管理', en: 'Menus' } } });

type Json = Record<string, any>;
let ts: TestServer;
let admin: string;
let demoAdmin: string; // tenant 100001's own admin (role alias `admin`)
let paramMenuId: string;
let paramAddButtonId: string;
let roleId: string; // the role whose data scopes are tried: codes param + param_add
const tokens: Record<string, string> = {};
const depts = { a: '', a1: '', b: '' };

const DS = '/api/blade-system/data-scope';
const AS = '/api/blade-system/api-scope';

async function addDept(name: string, parentId: string, ancestors: string): Promise<string> {
  const id = ts.ctx.ids.next();
  await ts.ctx.db.system((tx) =>
    tx.query(`insert into blade_dept (id, tenant_id, parent_id, ancestors, dept_category, dept_name, full_name, sort) values ($1, '000000', $2, $3, 2, $4, $4, 1)`, [id, parentId, ancestors, name]),
  );
  return id;
}

async function addMember(account: string, role: string, deptId: string): Promise<string> {
  const passwordHash = await hashPassword(md5(account));
  await ts.ctx.db.system((tx) => insertUser(tx, ts.ctx.ids, { tenantId: '000000', account, passwordHash, name: account, realName: account, roleIds: [role], deptIds: [deptId] }));
  return (await ts.signIn(account, account)).access_token;
}

const grant = (role: string, category: 1 | 2, scopeId: string) =>
  ts.ctx.db.system((tx) => tx.query(`insert into blade_role_scope (id, tenant_id, scope_category, scope_id, role_id) values ($1, '000000', $2, $3, $4)`, [ts.ctx.ids.next(), category, scopeId, role]));
const revokeAll = (role: string) => ts.ctx.db.system((tx) => tx.query('delete from blade_role_scope where role_id = $1', [role]));

const submitData = (json: unknown, token = admin) => ts.post(`${DS}/submit`, { token, json });
const submitApi = (json: unknown, token = admin) => ts.post(`${AS}/submit`, { token, json });
const list = async (base: string, query: Record<string, string> = {}, token = admin) => {
  const res = await ts.get(`${base}/list`, { token, query });
  if (res.status !== 200) throw new Error(JSON.stringify(res.body));
  return res.body.data as { total: number; records: Json[] };
};
const scopeId = async (base: string, scopeName: string) => (await list(base, { scopeName })).records.find((r) => r.scopeName === scopeName)!.id as string;
/** The param keys a user gets from the param list (the k.* rows the test users wrote). */
const keysSeenBy = async (token: string): Promise<string[]> => {
  const res = await ts.get('/api/blade-system/param/list', { token, query: { size: '100' } });
  if (res.status !== 200) throw new Error(JSON.stringify(res.body));
  return (res.body.data.records as Json[]).map((r) => r.paramKey as string).sort();
};

beforeAll(async () => {
  ts = await createTestServer({ plugins: [menuStub, dictServer, deptServer, paramServer, scopeServer] });
  admin = (await ts.signIn('admin', 'admin')).access_token;
  demoAdmin = (await ts.signIn('admin', 'admin', '100001')).access_token;
  const menus = await ts.ctx.db.system((tx) => tx.query<{ id: string; code: string }>(`select id::text as id, code from blade_menu where code in ('param', 'param_add')`));
  paramMenuId = menus.find((m) => m.code === 'param')!.id;
  paramAddButtonId = menus.find((m) => m.code === 'param_add')!.id;

  // 布雷德科技 → A → A1, 布雷德科技 → B; users a (A), a2 (A), a1 (A1), b (B), each writing one parameter.
  depts.a = await addDept('A部', SEED.deptId, `0,${SEED.deptId}`);
  depts.a1 = await addDept('A1组', depts.a, `0,${SEED.deptId},${depts.a}`);
  depts.b = await addDept('B部', SEED.deptId, `0,${SEED.deptId}`);
  roleId = await ts.addRole({ tenantId: '000000', alias: 'scoped', codes: ['param', 'param_add'] });
  for (const [account, dept] of [['a', depts.a], ['a2', depts.a], ['a1', depts.a1], ['b', depts.b]] as const) {
    tokens[account] = await addMember(account, roleId, dept);
    const res = await ts.post('/api/blade-system/param/submit', { token: tokens[account], json: { paramName: account, paramKey: `k.${account}`, paramValue: account } });
    expect(res.body.success).toBe(true);
  }
});
afterAll(() => ts.close());

describe('/api/blade-system/data-scope', () => {
  test('submit: defaults from the menu, the list by menu with scopeTypeName, detail, edit and remove', async () => {
    expect((await submitData({ menuId: paramMenuId, scopeName: '本人参数', scopeType: 2 })).body.success).toBe(true);
    const created = (await list(DS, { menuId: paramMenuId })).records.find((r) => r.scopeName === '本人参数')!;
    expect(created).toMatchObject({
      menuId: paramMenuId, resourceCode: 'param', scopeName: '本人参数', scopeField: '*', scopeClass: '', scopeColumn: 'create_user',
      scopeType: 2, scopeTypeName: '本人可见', scopeValue: '', remark: '', status: 1, isDeleted: 0,
    });
    expect(created.createUser).toBe(SEED.adminUserId);
    expect((await ts.get(`${DS}/detail`, { token: admin, query: { id: created.id } })).body.data).toMatchObject({ id: created.id, scopeTypeName: '本人可见' });

    // Another type takes the department column by default; filters.
    expect((await submitData({ menuId: paramMenuId, scopeName: '机构参数', scopeType: 3, scopeClass: 'org.springblade.system.mapper.ParamMapper.selectParamPage', remark: '<script>x</script>' })).body.success).toBe(true);
    const dept = (await list(DS, { scopeName: '机构', menuId: paramMenuId })).records;
    expect(dept.map((r) => [r.scopeColumn, r.scopeTypeName, r.remark])).toEqual([['create_dept', '所在机构可见', '<script>x</script>']]);
    expect((await list(DS, { scopeType_equal: '2' })).records.map((r) => r.scopeName)).toEqual(['本人参数']);
    expect((await list(DS, { resourceCode: 'param' })).total).toBe(2);
    expect((await list(DS, { menuId: paramAddButtonId })).total).toBe(0);

    // Edit: the menu stays, absent keys are kept, a change to type 5 needs a rule.
    expect((await submitData({ id: created.id, menuId: '1', scopeName: '只看本人' })).body.success).toBe(true);
    expect((await ts.get(`${DS}/detail`, { token: admin, query: { id: created.id } })).body.data).toMatchObject({ menuId: paramMenuId, scopeName: '只看本人', scopeType: 2, scopeColumn: 'create_user' });
    const noRule = await submitData({ id: created.id, scopeType: 5 });
    expect([noRule.status, noRule.body.msg]).toEqual([400, '请输入规则值']);

    const dropped = dept[0]!.id as string;
    expect((await ts.post(`${DS}/remove`, { token: admin, query: { ids: dropped } })).body.success).toBe(true);
    expect((await ts.get(`${DS}/detail`, { token: admin, query: { id: dropped } })).body.data).toBeNull();
    expect((await ts.post(`${DS}/remove`, { token: admin, query: { ids: dropped } })).body.success).toBe(false);
    expect((await submitData({ id: dropped, scopeName: 'x' })).body.msg).toBe('数据不存在');
  });

  test('scopeTypeName follows the system dictionary data_scope_type when an administrator renames an entry', async () => {
    const rename = (value: string) =>
      ts.ctx.db.system((tx) => tx.query(`update blade_dict set dict_value = $1 where code = 'data_scope_type' and dict_key = '2' and parent_id <> 0`, [value]));
    await rename('仅本人');
    try {
      expect((await list(DS, { scopeType_equal: '2' })).records.map((r) => r.scopeTypeName)).toEqual(['仅本人']);
      // In English, the entry's English value.
      const english = await ts.get(`${DS}/list`, { token: admin, query: { scopeType_equal: '2' }, headers: { 'Accept-Language': 'en' } });
      expect(english.body.data.records.map((r: Json) => r.scopeTypeName)).toEqual(['Own records']);
    } finally {
      await rename('本人可见');
    }
  });

  test('bad input: 400 with a message, nothing written', async () => {
    const before = (await list(DS)).total;
    const refused = async (json: unknown, msg: string | RegExp) => {
      const res = await submitData(json);
      expect(res.status).toBe(400);
      expect(res.body.msg).toMatch(msg);
    };
    await refused({ scopeName: 'x', scopeType: 1 }, '请选择菜单');
    await refused({ menuId: 'abc', scopeName: 'x', scopeType: 1 }, '请求参数格式错误: menuId');
    await refused({ menuId: '123456', scopeName: 'x', scopeType: 1 }, '所选菜单不存在');
    await refused({ menuId: paramAddButtonId, scopeName: 'x', scopeType: 1 }, '所选菜单不存在'); // a button is not a menu
    await refused({ menuId: paramMenuId, scopeType: 1 }, '请输入数据权限名称');
    await refused({ menuId: paramMenuId, scopeName: 'x' }, '请选择数据权限类型');
    await refused({ menuId: paramMenuId, scopeName: 'x', scopeType: 9 }, '请求参数格式错误: scopeType');
    await refused({ menuId: paramMenuId, scopeName: 'x', scopeType: 2, scopeColumn: 'create_user; drop table blade_param' }, '权限字段只能包含小写字母、数字和下划线，且不能以数字开头');
    await refused({ menuId: paramMenuId, scopeName: 'x'.repeat(256), scopeType: 1 }, 'scopeName: 长度不能超过255个字符');
    await refused({ menuId: paramMenuId, scopeName: 'x', scopeType: 1, scopeClass: 'c'.repeat(501) }, 'scopeClass: 长度不能超过500个字符');
    await refused({ menuId: paramMenuId, scopeName: 'x', scopeType: 5 }, '请输入规则值');
    // A custom rule is parsed: SQL that is not the rule language is refused with the parser's message.
    await refused({ menuId: paramMenuId, scopeName: 'x', scopeType: 5, scopeValue: "create_user = 1; drop table blade_param" }, /^自定义规则格式错误/);
    await refused({ menuId: paramMenuId, scopeName: 'x', scopeType: 5, scopeValue: 'create_user = ${password}' }, '自定义规则格式错误: 未知的变量 ${password}');
    await refused({ menuId: paramMenuId, scopeName: 'x', scopeType: 5, scopeValue: '(create_user = 1' }, /^自定义规则格式错误/);
    await refused([1], '请求参数格式错误: body');
    expect((await list(DS)).total).toBe(before);
    expect((await ts.get(`${DS}/list`, { token: admin, query: { menuId: 'x' } })).body.msg).toBe('请求参数格式错误: menuId');
    expect((await ts.get(`${DS}/list`, { token: admin, query: { scopeValue: 'x' } })).body.msg).toBe('不支持的查询条件: scopeValue');
    expect((await ts.get(`${DS}/detail`, { token: admin, query: { id: '1 or 1=1' } })).body.msg).toBe('请求参数格式错误: id');
    expect((await ts.post(`${DS}/remove`, { token: admin })).body.msg).toBe('缺少必要的请求参数: ids');
    // Ids beyond bigint are ids of nothing, never a 500.
    const huge = '9223372036854775808';
    expect((await ts.get(`${DS}/detail`, { token: admin, query: { id: huge } })).status).toBeLessThan(500);
    expect((await ts.get(`${DS}/list`, { token: admin, query: { menuId: huge } })).status).toBeLessThan(500);
    expect((await submitData({ id: huge, scopeName: 'x' })).status).toBe(400);
    expect((await submitData({ menuId: huge, scopeName: 'x', scopeType: 1 })).status).toBe(400);
    expect((await ts.post(`${DS}/remove`, { token: admin, query: { ids: huge } })).status).toBeLessThan(500);
    expect(ts.logged).toEqual([]);
  });

  test('administrator only: a tenant’s own admin and a user holding param codes get 403 everywhere', async () => {
    for (const token of [demoAdmin, tokens.a!]) {
      for (const [method, path] of [['GET', `${DS}/list`], ['GET', `${DS}/detail?id=1`], ['POST', `${DS}/submit`], ['POST', `${DS}/remove?ids=1`], ['GET', `${AS}/list`], ['GET', `${AS}/detail?id=1`], ['POST', `${AS}/submit`], ['POST', `${AS}/remove?ids=1`]] as const) {
        const res = await ts.call(method, path, { token, json: method === 'POST' ? { menuId: paramMenuId, scopeName: 'x', scopeType: 1, resourceCode: 'x', scopePath: '/x' } : undefined });
        expect([path, res.status, res.body.msg]).toEqual([path, 403, '没有权限执行此操作']);
      }
    }
    const menus = await ts.ctx.db.system((tx) => tx.query<{ code: string; administrator_only: number }>(`select code, administrator_only from blade_menu where code like 'data_scope%' or code like 'api_scope%'`));
    expect(menus).toHaveLength(12);
    expect(menus.every((m) => m.administrator_only === 1)).toBe(true);
  });
});

describe('data scopes applied: /api/blade-system/param/list for a role granted one', () => {
  const all = ['k.a', 'k.a1', 'k.a2', 'k.b'];
  const theirs = async (account: string) => (await keysSeenBy(tokens[account]!)).filter((k) => k.startsWith('k.'));
  const tryScope = async (json: Json) => {
    const res = await submitData({ menuId: paramMenuId, ...json });
    expect(res.body).toMatchObject({ success: true });
    await revokeAll(roleId);
    await grant(roleId, 1, await scopeId(DS, json.scopeName));
  };

  test('no scope granted: everything (as BladeX)', async () => {
    await revokeAll(roleId);
    expect(await theirs('a')).toEqual(all);
    expect((await keysSeenBy(tokens.a!)).length).toBeGreaterThan(4); // the seeded parameters too
  });

  test('type 2, own rows: only what the user created', async () => {
    await tryScope({ scopeName: 'T2', scopeType: 2 });
    expect(await keysSeenBy(tokens.a!)).toEqual(['k.a']);
    expect(await keysSeenBy(tokens.b!)).toEqual(['k.b']);
    // The administrator is never limited.
    expect((await keysSeenBy(admin)).filter((k) => k.startsWith('k.'))).toEqual(all);
  });

  test('type 3, own department: the rows created in the user’s department', async () => {
    await tryScope({ scopeName: 'T3', scopeType: 3 });
    expect(await keysSeenBy(tokens.a!)).toEqual(['k.a', 'k.a2']);
    expect(await keysSeenBy(tokens.a1!)).toEqual(['k.a1']);
  });

  test('type 4, own department and below', async () => {
    await tryScope({ scopeName: 'T4', scopeType: 4 });
    expect(await keysSeenBy(tokens.a!)).toEqual(['k.a', 'k.a1', 'k.a2']);
    expect(await keysSeenBy(tokens.a1!)).toEqual(['k.a1']);
    expect(await keysSeenBy(tokens.b!)).toEqual(['k.b']);
  });

  test('type 5, a custom rule with placeholders', async () => {
    await tryScope({ scopeName: 'T5', scopeType: 5, scopeValue: "create_user = ${userId} or param_key = 'k.b'" });
    expect(await keysSeenBy(tokens.a!)).toEqual(['k.a', 'k.b']);
    expect(await keysSeenBy(tokens.a1!)).toEqual(['k.a1', 'k.b']);
    await tryScope({ scopeName: 'T5b', scopeType: 5, scopeValue: 'create_dept in (${deptId}) and param_key like \'k.%\'' });
    expect(await keysSeenBy(tokens.a2!)).toEqual(['k.a', 'k.a2']);
  });

  test('type 1, all rows; and a removed scope no longer applies', async () => {
    await tryScope({ scopeName: 'T1', scopeType: 1 });
    expect(await theirs('b')).toEqual(all);
    await tryScope({ scopeName: 'T2again', scopeType: 2 });
    expect(await keysSeenBy(tokens.b!)).toEqual(['k.b']);
    expect((await ts.post(`${DS}/remove`, { token: admin, query: { ids: await scopeId(DS, 'T2again') } })).body.success).toBe(true);
    expect(await theirs('b')).toEqual(all);
    await revokeAll(roleId);
  });
});

describe('/api/blade-system/api-scope', () => {
  test('CRUD: rules and messages, scopeTypeName', async () => {
    const refused = async (json: unknown, msg: string) => {
      const res = await submitApi(json);
      expect([res.status, res.body.msg]).toEqual([400, msg]);
    };
    const good = { menuId: paramMenuId, resourceCode: 'param', scopeName: '参数接口', scopePath: '/blade-system/dict', scopeType: 2 };
    await refused({ ...good, menuId: undefined }, '请选择菜单');
    await refused({ ...good, resourceCode: '' }, '请输入资源编号');
    await refused({ ...good, scopeName: ' ' }, '请输入接口权限名称');
    await refused({ ...good, scopePath: undefined }, '请输入接口权限路径');
    await refused({ ...good, scopePath: 'blade-system/param' }, '接口路径须以 / 开头，且不能包含空格');
    await refused({ ...good, scopePath: '/blade-system/ param' }, '接口路径须以 / 开头，且不能包含空格');
    await refused({ ...good, scopePath: '/' }, '接口路径须以 / 开头，且不能包含空格');
    await refused({ ...good, scopePath: `/${'p'.repeat(255)}` }, 'scopePath: 长度不能超过255个字符');
    await refused({ ...good, scopeType: 3 }, '请求参数格式错误: scopeType');
    expect((await list(AS)).total).toBe(0);

    expect((await submitApi(good)).body.success).toBe(true);
    const row = (await list(AS, { menuId: paramMenuId })).records[0]!;
    expect(row).toMatchObject({ menuId: paramMenuId, resourceCode: 'param', scopeName: '参数接口', scopePath: '/blade-system/dict', scopeType: 2, scopeTypeName: '业务接口', remark: '' });
    expect((await list(AS, { scopePath: 'dict' })).total).toBe(1);
    expect((await list(AS, { scopeType_equal: '1' })).total).toBe(0);
    expect((await ts.post(`${AS}/remove`, { token: admin, query: { ids: row.id } })).body.success).toBe(true);
    expect((await list(AS)).total).toBe(0);
  });

  test('enforced by the kernel: a path covered by a scope answers only the roles granted it', async () => {
    const roleA = await ts.addRole({ tenantId: '000000', alias: 'api_a', codes: ['param'] });
    const roleB = await ts.addRole({ tenantId: '000000', alias: 'api_b', codes: ['param'] });
    const ua = await addMember('ua', roleA, depts.a);
    const ub = await addMember('ub', roleB, depts.b);
    const status = async (token: string) => (await ts.get('/api/blade-system/param/list', { token })).status;
    expect([await status(ua), await status(ub)]).toEqual([200, 200]);

    expect((await submitApi({ menuId: paramMenuId, resourceCode: 'param', scopeName: '参数列表', scopePath: '/blade-system/param', scopeType: 2 })).body.success).toBe(true);
    const id = await scopeId(AS, '参数列表');
    await grant(roleA, 2, id);
    expect(await status(ua)).toBe(200);
    const refused = await ts.get('/api/blade-system/param/list', { token: ub });
    expect([refused.status, refused.body.msg]).toEqual([403, '没有权限执行此操作']);
    expect(await status(admin)).toBe(200);

    // Editing the path elsewhere frees param at once (the kernel's cache is dropped on every write).
    expect((await submitApi({ id, scopePath: '/blade-system/dict' })).body.success).toBe(true);
    expect(await status(ub)).toBe(200);
    expect((await submitApi({ id, scopePath: '/blade-system/param' })).body.success).toBe(true);
    expect(await status(ub)).toBe(403);
    // Removing it too.
    expect((await ts.post(`${AS}/remove`, { token: admin, query: { ids: id } })).body.success).toBe(true);
    expect(await status(ub)).toBe(200);
  });
});
