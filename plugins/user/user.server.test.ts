import { afterAll, beforeAll, describe, expect, test } from '@rstest/core';
import readXlsxFile from 'read-excel-file/node';
import writeXlsxFile from 'write-excel-file/node';
import { DEMO_TENANT, md5, SEED, type ServerPlugin } from '../../core/sdk/server';
import { createTestServer, type TestServer } from '../../core/sdk/server-testing';
import deptServer from '../dept/server';
import dictServer from '../dict/server';
import postServer from '../post/server';
import userServer from './server';

/**
 * The users API on the kernel with the plugins it requires: the engine's endpoints with the user rules as
 * hooks, and the plugin's own. The role plugin's server part is a stand-in here (this plugin only reads
 * the kernel's `blade_role`); departments and posts are known through what their plugins provide.
 */
const roleStub: ServerPlugin = { manifest: { id: 'role', name: { zh: '角色管理', en: 'Roles' }, offers: ['role.tree'] } };

/** The parameters as the param plugin would give them, changed by the tests. */
const parameters = new Map<string, string>();
const paramStub: ServerPlugin = {
  manifest: { id: 'param-stub', name: { zh: '参数', en: 'Parameters' } },
  provides: { parameters: async (_tx, _tenantId, keys) => new Map(keys.flatMap((k) => (parameters.has(k) ? [[k, parameters.get(k)!]] : []))) },
};
const RULE = '密码至少8位,且包含小写字母、大写字母、数字、符号中的至少2种';

let ts: TestServer;
let admin: string; // administrator of 000000
let demoAdmin: string; // admin (role alias `admin`) of 100001
let nobody: string; // 000000, no codes at all
let reader: string; // 000000, user + user_view
let manager: string; // 000000, every user code, not an administrator
let managerRoleId: string;

/** Markup and SQL as values (20 characters: the columns' size). */
const HTML = '<img src=x onerror=a';
const SQL = "x'); drop table blad";
const DEPT = { root: SEED.deptId, rd: '9000000000000000001', fe: '9000000000000000002', mk: '9000000000000000003' };
const ROLE = { administrator: SEED.administratorRoleId, user: SEED.userRoleId };
const ALL_CODES = ['user', 'user_add', 'user_edit', 'user_delete', 'user_view', 'user_role', 'user_reset', 'user_platform', 'user_import', 'user_export'];

type Row = Record<string, string | number>;
type Report = { total: number; created: number; updated: number; rejected: { row: number; account: string; reason: string }[] };

const submit = (json: unknown, token = admin) => ts.post('/api/blade-user/submit', { token, json });
const page = async (query: Record<string, string | number> = {}, token = admin) => {
  const res = await ts.get('/api/blade-user/page', { token, query: { size: 100, ...query } });
  if (res.status !== 200) throw new Error(`${res.status} ${JSON.stringify(res.body)}`);
  return res.body.data as { records: Row[]; total: number };
};
const accounts = async (query: Record<string, string | number> = {}, token = admin) => (await page(query, token)).records.map((r) => r.account).sort();
const idOf = async (account: string, token = admin) => {
  const row = (await page({ account }, token)).records.find((r) => r.account === account);
  if (!row) throw new Error(`no user ${account}`);
  return String(row.id);
};
const newUser = (account: string, extra: Record<string, unknown> = {}) => ({
  account,
  password: 'secret12',
  password2: 'secret12',
  name: account,
  realName: `名${account}`.slice(0, 20),
  roleId: ROLE.user,
  deptId: DEPT.rd,
  postId: SEED.postId,
  ...extra,
});
const signInToken = async (account: string, password: string, tenantId = '000000') =>
  ts.token({ tenantId, username: account, password: md5(password), grant_type: 'password' });
const upload = (bytes: Uint8Array, query: Record<string, string> = {}, token = admin, name = 'users.xlsx') => {
  const form = new FormData();
  form.set('file', new Blob([bytes as Uint8Array<ArrayBuffer>]), name);
  return ts.post('/api/blade-user/import-user', { token, body: form, query });
};
const sheet = async (rows: (string | number | null)[][]) => new Uint8Array(await writeXlsxFile(rows).toBuffer());

beforeAll(async () => {
  ts = await createTestServer({ plugins: [dictServer, deptServer, postServer, roleStub, paramStub, userServer] });
  await ts.ctx.db.system(async (tx) => {
    const dept = (id: string, name: string, parent: string, ancestors: string) =>
      tx.query(`insert into blade_dept (id, tenant_id, parent_id, ancestors, dept_category, dept_name, full_name, sort) values ($1, '000000', $2, $3, 2, $4, $4, 1)`, [id, parent, ancestors, name]);
    await dept(DEPT.rd, '研发部', DEPT.root, `0,${DEPT.root}`);
    await dept(DEPT.fe, '前端组', DEPT.rd, `0,${DEPT.root},${DEPT.rd}`);
    await dept(DEPT.mk, '市场部', DEPT.root, `0,${DEPT.root}`);
  });
  admin = (await ts.signIn('admin', 'admin')).access_token;
  demoAdmin = (await ts.signIn('admin', 'admin', '100001')).access_token;
  const noneId = await ts.addRole({ tenantId: '000000', alias: 'nobody', codes: [] });
  await ts.addUser({ tenantId: '000000', account: 'nobody', password: 'nobody', roleId: noneId });
  nobody = (await ts.signIn('nobody', 'nobody')).access_token;
  const readerId = await ts.addRole({ tenantId: '000000', alias: 'user_reader', codes: ['user', 'user_view'] });
  await ts.addUser({ tenantId: '000000', account: 'reader', password: 'reader', roleId: readerId });
  reader = (await ts.signIn('reader', 'reader')).access_token;
  managerRoleId = await ts.addRole({ tenantId: '000000', alias: 'manager', codes: ALL_CODES });
  await ts.addUser({ tenantId: '000000', account: 'manager', password: 'manager', roleId: managerRoleId });
  manager = (await ts.signIn('manager', 'manager')).access_token;

  for (const [account, deptId, phone] of [
    ['zhang', DEPT.rd, '13811112222'],
    ['li', DEPT.fe, '13811113333'],
    ['wang', DEPT.mk, '13922224444'],
    ['zhao', `${DEPT.root},${DEPT.mk}`, ''],
  ] as const) {
    const res = await submit(newUser(account, { deptId, phone }));
    if (res.status !== 200) throw new Error(JSON.stringify(res.body));
  }
});
afterAll(() => ts.close());

describe('/api/blade-user: page', () => {
  test('the menu and its buttons as declared: 用户管理 under 系统管理, the four list buttons and five of its own', async () => {
    type Node = { code: string; name: string; alias?: string; path?: string; source?: string; sort?: number; action?: number; children?: Node[] };
    const routes = (await ts.get('/api/blade-system/menu/routes', { token: admin })).body.data as Node[];
    expect(routes.find((m) => m.code === 'system')?.children?.find((m) => m.code === 'user')).toMatchObject({ name: '用户管理', path: '/system/user', source: 'user', sort: 1 });
    const buttons = (await ts.get('/api/blade-system/menu/buttons', { token: admin })).body.data as Node[];
    expect(buttons.find((m) => m.code === 'user')?.children?.map((b) => [b.code, b.name, b.alias, b.action])).toEqual([
      ['user_add', '新增', 'add', 1],
      ['user_edit', '修改', 'edit', 2],
      ['user_delete', '删除', 'delete', 3],
      ['user_view', '查看', 'view', 2],
      ['user_role', '角色配置', 'role', 1],
      ['user_reset', '密码重置', 'reset-password', 1],
      ['user_platform', '平台配置', 'platform', 2],
      ['user_import', '导入', 'import', 1],
      ['user_export', '导出', 'export', 1],
    ]);
  });

  test('deptId filters by the department and every department below it (ancestors)', async () => {
    expect(await accounts({ deptId: DEPT.rd })).toEqual(['li', 'zhang']);
    expect(await accounts({ deptId: DEPT.fe })).toEqual(['li']);
    expect(await accounts({ deptId: DEPT.mk })).toEqual(['wang', 'zhao']);
    const all = await accounts({ deptId: DEPT.root });
    expect(all).toEqual(expect.arrayContaining(['admin', 'demo', 'li', 'wang', 'zhang', 'zhao']));
    expect(all).not.toContain('nobody'); // no department
    expect((await page({ deptId: DEMO_TENANT.deptId })).total).toBe(0); // another tenant's department: nobody here
    const bad = await ts.get('/api/blade-user/page', { token: admin, query: { deptId: '1 or 1=1' } });
    expect([bad.status, bad.body.msg]).toEqual([400, '请求参数格式错误: deptId']);
    expect((await ts.get('/api/blade-user/page', { token: admin, query: { deptId: '9999999999999999999' } })).status).toBe(400); // beyond bigint
    // Paging: current and size, total of the whole filter.
    const second = await ts.get('/api/blade-user/page', { token: admin, query: { deptId: DEPT.root, current: 2, size: 2 } });
    expect(second.body.data).toMatchObject({ current: 2, size: 2, total: all.length, pages: Math.ceil(all.length / 2) });
    expect(second.body.data.records).toHaveLength(2);
  });

  test('UserVO: names comma-joined, labels, never the password', async () => {
    const [zhao] = (await page({ account: 'zhao' })).records;
    expect(zhao).toMatchObject({ account: 'zhao', realName: '名zhao', deptName: '布雷德科技,市场部', roleName: '用户', postName: '首席执行官', status: 1, statusName: '正常', tenantId: '000000' });
    expect(zhao).not.toHaveProperty('password');
    expect(JSON.stringify(zhao)).not.toContain('scrypt');
    const detail = await ts.get('/api/blade-user/detail', { token: admin, query: { id: String(zhao!.id) } });
    expect(detail.body.data).toMatchObject({ id: zhao!.id, deptId: `${DEPT.root},${DEPT.mk}`, roleId: ROLE.user });
    expect(detail.body.data).not.toHaveProperty('password');
  });

  test('filters: account, realName, phone (like), status_equal, create time range; unknown keys refused', async () => {
    expect(await accounts({ account: 'zha' })).toEqual(['zhang', 'zhao']);
    expect(await accounts({ realName: '名li' })).toEqual(['li']);
    expect(await accounts({ phone: '1381111' })).toEqual(['li', 'zhang']);
    expect(await accounts({ status_equal: 1, account: 'wang' })).toEqual(['wang']);
    expect(await accounts({ status_equal: 2, account: 'wang' })).toEqual([]);
    expect(await accounts({ account: 'wang', createTime_dategt: '2000-01-01 00:00:00', createTime_datelt: '2999-01-01 00:00:00' })).toEqual(['wang']);
    expect(await accounts({ account: 'wang', createTime_dategt: '2999-01-01 00:00:00' })).toEqual([]);
    const unknown = await ts.get('/api/blade-user/page', { token: admin, query: { password: 'x' } });
    expect([unknown.status, unknown.body.msg]).toEqual([400, '不支持的查询条件: password']);
    expect((await ts.get('/api/blade-user/page', { token: admin, query: { status_equal: 'x' } })).status).toBe(400);
    expect((await ts.get('/api/blade-user/page', { token: admin, query: { createTime_dategt: 'yesterday' } })).status).toBe(400);
    // A LIKE value is data, not a pattern or SQL.
    expect(await accounts({ account: "%' or '1'='1" })).toEqual([]);
  });

  test('a data scope of the caller’s role limits the page (own records: create_user)', async () => {
    const scoped = await ts.addRole({ tenantId: '000000', alias: 'scoped', codes: ['user', 'user_add'] });
    await ts.addUser({ tenantId: '000000', account: 'scoped', password: 'scoped', roleId: scoped });
    await ts.ctx.db.system(async (tx) => {
      const menu = await tx.one<{ id: string }>("select id from blade_menu where code = 'user'");
      const scopeId = ts.ctx.ids.next();
      await tx.query(
        `insert into blade_scope_data (id, menu_id, resource_code, scope_name, scope_column, scope_type) values ($1, $2, 'user', '本人创建', 'create_user', 2)`,
        [scopeId, menu!.id],
      );
      await tx.query('insert into blade_role_scope (id, tenant_id, scope_category, scope_id, role_id) values ($1, $2, 1, $3, $4)', [ts.ctx.ids.next(), '000000', scopeId, scoped]);
    });
    const token = (await ts.signIn('scoped', 'scoped')).access_token;
    expect((await page({}, token)).total).toBe(0);
    expect((await submit(newUser('scopedchild', { roleId: scoped }), token)).status).toBe(200);
    expect(await accounts({}, token)).toEqual(['scopedchild']);
    // The administrator is never limited.
    expect(await accounts({ account: 'scopedchild' })).toEqual(['scopedchild']);
  });
});

describe('/api/blade-user: submit, update, remove', () => {
  test('the rules answer 400 with their message; SQL and HTML are stored as text', async () => {
    const refused = async (json: unknown, msg: string) => {
      const res = await submit(json);
      expect([res.status, res.body.msg]).toEqual([400, msg]);
    };
    await refused(newUser('r1', { password: '' }), '请输入密码');
    await refused(newUser('r1', { password2: 'other' }), '两次密码输入不一致');
    await refused(newUser('r1', { password: '1', password2: '1' }), RULE);
    await refused(newUser('r1', { password: 'abcdefgh', password2: 'abcdefgh' }), RULE);
    await refused(newUser('', {}), '请输入登录账号');
    await refused(newUser('r1', { realName: '' }), '请输入用户姓名');
    await refused(newUser('r1', { roleId: '' }), '请选择所属角色');
    await refused(newUser('r1', { deptId: '' }), '请选择所属部门');
    await refused(newUser('r1', { phone: '1381111' }), '手机号码长度不为11位');
    await refused(newUser('r1', { phone: '23811112222' }), '手机号码格式不正确');
    await refused(newUser('r1', { email: 'not-an-email' }), '邮箱格式不正确');
    await refused(newUser('r1', { account: 'a'.repeat(46) }), 'account: 长度不能超过45个字符');
    await refused(newUser('r1', { realName: '名'.repeat(21) }), 'realName: 长度不能超过20个字符');
    await refused(newUser('r1', { password: 'p'.repeat(65), password2: undefined }), 'password: 长度不能超过64个字符');
    await refused(newUser('r1', { sex: 'x' }), '请求参数格式错误: sex');
    await refused(newUser('r1', { sex: { $gt: 1 } }), '请求参数格式错误: sex');
    await refused(newUser('r1', { birthday: '1990-02-30' }), '请求参数格式错误: birthday');
    await refused(newUser('r1', { status: 7 }), '请求参数格式错误: status');
    await refused(newUser('r1', { roleId: '1,abc' }), '所属角色格式不正确');
    await refused(newUser('r1', { roleId: '123' }), '所选角色不存在');
    await refused(newUser('r1', { roleId: '9999999999999999999' }), '所选角色不存在'); // beyond bigint: no such row, not a 500
    await refused(newUser('r1', { roleId: DEMO_TENANT.adminRoleId }), '所选角色不存在'); // another tenant's role
    await refused(newUser('r1', { deptId: DEMO_TENANT.deptId }), '所选部门不存在');
    await refused(newUser('r1', { postId: '99' }), '所选岗位不存在');
    await refused(newUser('zhang'), '当前账号已被使用!');
    await refused([1, 2], '请求参数格式错误: body');
    expect((await ts.post('/api/blade-user/submit', { token: admin, body: '{not json', headers: { 'content-type': 'application/json' } })).status).toBe(400);

    const ok = await submit(newUser('html', { name: HTML, realName: SQL, roleId: [ROLE.user], deptId: [DEPT.rd, DEPT.mk], sex: 2, birthday: '1990-02-03', code: 'E001' }));
    expect(ok.status).toBe(200);
    const [row] = (await page({ account: 'html' })).records;
    expect(row).toMatchObject({ name: HTML, realName: SQL, deptId: `${DEPT.rd},${DEPT.mk}`, sex: 2, sexName: '女', birthday: '1990-02-03 00:00:00', code: 'E001' });
    expect(ts.logged).toEqual([]);
  });

  test('a new account signs in with its password; update changes it but never the password', async () => {
    expect((await signInToken('zhang', 'secret12')).status).toBe(200);
    const id = await idOf('zhang');
    const res = await ts.post('/api/blade-user/update', { token: admin, json: { id, realName: '张三', phone: '13800001111', password: 'changed', postId: '' } });
    expect(res.status).toBe(200);
    expect((await ts.get('/api/blade-user/detail', { token: admin, query: { id } })).body.data).toMatchObject({ realName: '张三', phone: '13800001111', account: 'zhang', postId: '' });
    expect((await signInToken('zhang', 'secret12')).status).toBe(200);
    expect((await signInToken('zhang', 'changed')).status).not.toBe(200);
    // submit with an id is an update too; renaming onto a taken account is refused.
    const taken = await submit({ id, account: 'li' });
    expect([taken.status, taken.body.msg]).toEqual([400, '当前账号已被使用!']);
    const missing = await ts.post('/api/blade-user/update', { token: admin, json: { id: '123', realName: 'x' } });
    expect([missing.status, missing.body.msg]).toEqual([400, '数据不存在']);
    expect((await ts.post('/api/blade-user/update', { token: admin, json: { realName: 'x' } })).body.msg).toBe('缺少必要的请求参数: id');
    expect((await ts.post('/api/blade-user/update', { token: admin, json: { id, realName: '' } })).body.msg).toBe('请输入用户姓名');
  });

  test('disabling an account ends its sessions and refuses its sign-in', async () => {
    await submit(newUser('temp'));
    const { refresh_token: session, access_token: access } = await ts.signIn('temp', 'secret12');
    const id = await idOf('temp');
    expect((await ts.get('/api/blade-user/info', { token: access })).status).toBe(200);
    expect((await ts.post('/api/blade-user/update', { token: admin, json: { id, status: 2 } })).status).toBe(200);
    // Its access token is refused at once, not when it expires.
    expect((await ts.get('/api/blade-user/info', { token: access })).status).toBe(401);
    expect((await ts.token({ grant_type: 'refresh_token', refresh_token: session })).status).not.toBe(200);
    expect((await signInToken('temp', 'secret12')).status).not.toBe(200);
    expect((await ts.post('/api/blade-user/update', { token: admin, json: { id, status: 1 } })).status).toBe(200);
    expect((await signInToken('temp', 'secret12')).status).toBe(200);
  });

  test('remove: logical, never yourself, sessions end', async () => {
    await submit(newUser('gone'));
    const { refresh_token: session, access_token: access } = await ts.signIn('gone', 'secret12');
    const id = await idOf('gone');
    const self = await ts.post('/api/blade-user/remove', { token: admin, query: { ids: `${id},${SEED.adminUserId}` } });
    expect([self.status, self.body.msg]).toEqual([400, '不能删除本账号!']);
    expect((await ts.post('/api/blade-user/remove', { token: admin, query: { ids: id } })).body.success).toBe(true);
    expect(await accounts({ account: 'gone' })).toEqual([]);
    expect((await ts.get('/api/blade-user/info', { token: access })).status).toBe(401);
    expect((await ts.token({ grant_type: 'refresh_token', refresh_token: session })).status).not.toBe(200);
    const row = await ts.ctx.db.system((tx) => tx.one<{ is_deleted: number }>('select is_deleted from blade_user where id = $1', [id]));
    expect(row?.is_deleted).toBe(1);
    // The account is free again.
    expect((await submit(newUser('gone'))).status).toBe(200);
    expect((await ts.post('/api/blade-user/remove', { token: admin, query: { ids: 'x' } })).body.msg).toBe('请求参数格式错误: ids');
    expect((await ts.post('/api/blade-user/remove', { token: admin })).body.msg).toBe('缺少必要的请求参数: ids');
  });

  test('the tenant’s account quota', async () => {
    const count = await ts.ctx.db.system((tx) => tx.one<{ n: number }>(`select count(*)::int as n from blade_user where tenant_id = '100001' and is_deleted = 0`));
    await ts.ctx.db.system((tx) => tx.query(`update blade_tenant set account_number = $1 where tenant_id = '100001'`, [count!.n + 1]));
    const demoUser = (account: string) => newUser(account, { roleId: DEMO_TENANT.adminRoleId, deptId: DEMO_TENANT.deptId, postId: '' });
    expect((await submit(demoUser('first'), demoAdmin)).status).toBe(200);
    const full = await submit(demoUser('second'), demoAdmin);
    expect([full.status, full.body.msg]).toEqual([400, '当前租户已到最大账号额度!']);
    await ts.ctx.db.system((tx) => tx.query(`update blade_tenant set account_number = -1 where tenant_id = '100001'`));
  });
});

describe('/api/blade-user: reset-password, grant, platform, user-list', () => {
  test('reset-password sets the initial password (account.initPassword) and ends the sessions', async () => {
    await submit(newUser('forgot'));
    const session = (await ts.signIn('forgot', 'secret12')).refresh_token;
    const id = await idOf('forgot');
    expect((await ts.post('/api/blade-user/reset-password', { token: admin, query: { userIds: id } })).body.success).toBe(true);
    expect((await signInToken('forgot', 'secret12')).status).not.toBe(200);
    expect((await signInToken('forgot', 'Init@123456')).status).toBe(200);
    expect((await ts.token({ grant_type: 'refresh_token', refresh_token: session })).status).not.toBe(200);
    expect((await ts.post('/api/blade-user/reset-password', { token: admin, json: { userIds: [id] } })).body.success).toBe(true);
    expect((await ts.post('/api/blade-user/reset-password', { token: admin })).body.msg).toBe('缺少必要的请求参数: userIds');
  });

  test('the initial password is a new password: while account.initPassword breaks the rule, reset and import refuse', async () => {
    await submit(newUser('weakinit'));
    const id = await idOf('weakinit');
    parameters.set('account.initPassword', '123456');
    try {
      const reset = await ts.post('/api/blade-user/reset-password', { token: admin, query: { userIds: id } });
      const reason = `初始密码(参数 account.initPassword)不符合密码规则: ${RULE}`;
      expect([reset.status, reset.body.msg]).toEqual([400, reason]);
      expect((await signInToken('weakinit', 'secret12')).status).toBe(200);
      const imported = await upload(await sheet([['登录账号', '用户姓名', '所属角色', '所属部门'], ['weak2', '弱密码', '用户', '研发部']]), {}, admin);
      expect(imported.body.data).toMatchObject({ created: 0, rejected: [{ row: 2, account: 'weak2', reason }] });
      // A rule that allows it is in force at once.
      parameters.set('account.passwordClasses', '1');
      parameters.set('account.passwordMinLength', '6');
      expect((await ts.post('/api/blade-user/reset-password', { token: admin, query: { userIds: id } })).body.success).toBe(true);
      expect((await signInToken('weakinit', '123456')).status).toBe(200);
    } finally {
      parameters.clear();
    }
  });

  test('grant replaces the roles; only an administrator hands out administrator', async () => {
    const ids = [await idOf('wang'), await idOf('zhao')];
    const res = await ts.post('/api/blade-user/grant', { token: admin, query: { userIds: ids.join(','), roleIds: `${ROLE.user},${managerRoleId}` } });
    expect(res.body.success).toBe(true);
    expect((await page({ account: 'wang' })).records[0]).toMatchObject({ roleId: `${ROLE.user},${managerRoleId}`, roleName: '用户,manager' });
    // JSON body too.
    expect((await ts.post('/api/blade-user/grant', { token: admin, json: { userIds: ids, roleIds: [ROLE.user] } })).body.success).toBe(true);
    expect((await page({ account: 'zhao' })).records[0]!.roleId).toBe(ROLE.user);
    const bad = await ts.post('/api/blade-user/grant', { token: admin, query: { userIds: ids[0]!, roleIds: DEMO_TENANT.adminRoleId } });
    expect([bad.status, bad.body.msg]).toEqual([400, '所选角色不存在']);
    expect((await ts.post('/api/blade-user/grant', { token: admin, query: { userIds: ids[0]! } })).body.msg).toBe('缺少必要的请求参数: roleIds');
    // A manager (every user code, not an administrator) may neither grant administrator nor touch an administrator.
    const escalate = await ts.post('/api/blade-user/grant', { token: manager, query: { userIds: ids[0]!, roleIds: ROLE.administrator } });
    expect([escalate.status, escalate.body.msg]).toEqual([403, '没有权限执行此操作']);
    expect((await submit(newUser('sneaky', { roleId: ROLE.administrator }), manager)).status).toBe(403);
    expect((await ts.post('/api/blade-user/reset-password', { token: manager, query: { userIds: SEED.adminUserId } })).status).toBe(403);
    expect((await ts.post('/api/blade-user/update', { token: manager, json: { id: SEED.adminUserId, realName: 'x' } })).status).toBe(403);
    expect((await ts.post('/api/blade-user/remove', { token: manager, query: { ids: SEED.adminUserId } })).status).toBe(403);
    expect((await signInToken('admin', 'admin')).status).toBe(200);
    // …but may grant ordinary roles.
    expect((await ts.post('/api/blade-user/grant', { token: manager, query: { userIds: ids[0]!, roleIds: ROLE.user } })).body.success).toBe(true);
  });

  test('platform: one extension text per user and platform', async () => {
    const id = await idOf('li');
    expect((await ts.post('/api/blade-user/update-platform', { token: admin, query: { userId: id, userType: '2', userExt: '{"device":"ios"}' } })).body.success).toBe(true);
    expect((await ts.post('/api/blade-user/update-platform', { token: admin, json: { userId: id, userType: 1, userExt: '<b>web</b>' } })).body.success).toBe(true);
    expect((await ts.post('/api/blade-user/update-platform', { token: admin, query: { userId: id, userType: '1', userExt: 'web2' } })).body.success).toBe(true);
    const detail = await ts.get('/api/blade-user/platform-detail', { token: admin, query: { id } });
    expect(detail.body.data).toMatchObject({ id, account: 'li', userType: 1, userTypeName: 'WEB', userExt: 'web2', userExts: { '1': 'web2', '2': '{"device":"ios"}', '3': '' } });
    const refused = async (query: Record<string, string>, msg: string) => {
      const res = await ts.post('/api/blade-user/update-platform', { token: admin, query });
      expect([res.status, res.body.msg]).toEqual([400, msg]);
    };
    await refused({ userId: id, userType: '9' }, '请求参数格式错误: userType');
    await refused({ userId: id }, '缺少必要的请求参数: userType');
    await refused({ userId: id, userType: '1', userExt: 'x'.repeat(256) }, 'userExt: 长度不能超过255个字符');
    await refused({ userId: '123', userType: '1' }, '数据不存在');
    await refused({ userId: 'abc', userType: '1' }, '请求参数格式错误: userId');
  });

  test('user-list: any member of the tenant, names only', async () => {
    const res = await ts.get('/api/blade-user/user-list', { token: nobody });
    expect(res.status).toBe(200);
    const list = res.body.data as Row[];
    expect(list.find((u) => u.account === 'li')).toEqual({ id: await idOf('li'), account: 'li', name: 'li', realName: '名li' });
    expect(list.some((u) => u.account === 'admin')).toBe(true);
    const theirs = await ts.get('/api/blade-user/user-list', { token: demoAdmin });
    expect((theirs.body.data as Row[]).some((u) => u.account === 'li')).toBe(false);
  });
});

describe('/api/blade-user: Excel', () => {
  test('export-user: an .xlsx of the filtered list, read back', async () => {
    const res = await ts.call('GET', '/api/blade-user/export-user', { token: admin, query: { deptId: DEPT.rd } });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
    expect(res.headers.get('content-disposition')).toMatch(/^attachment; filename="users-\d{8}\.xlsx"; filename\*=UTF-8''/);
    const raw = await ts.app.request('/api/blade-user/export-user?deptId=' + DEPT.rd, { headers: { 'Blade-Auth': `bearer ${admin}` } });
    const [first] = await readXlsxFile(Buffer.from(await raw.arrayBuffer()));
    const [head, ...rows] = first!.data;
    expect(head!.slice(0, 3)).toEqual(['登录账号', '用户昵称', '用户姓名']);
    const byAccount = new Map(rows.map((r) => [r[0], r]));
    expect([...byAccount.keys()].sort()).toEqual(expect.arrayContaining(['html', 'li', 'zhang']));
    expect([...byAccount.keys()]).not.toContain('wang');
    expect(byAccount.get('html')!.slice(0, 3)).toEqual(['html', HTML, SQL]);
    expect(byAccount.get('li')![8]).toBe('前端组');
    const en = await ts.app.request('/api/blade-user/export-user?language=en&account=li', { headers: { 'Blade-Auth': `bearer ${admin}` } });
    const [sheetEn] = await readXlsxFile(Buffer.from(await en.arrayBuffer()));
    expect(sheetEn!.data[0]!.slice(0, 3)).toEqual(['Account', 'Nickname', 'Real name']);
    expect(sheetEn!.data.length).toBe(2);
    expect((await ts.get('/api/blade-user/export-user', { token: admin, query: { nope: '1' } })).status).toBe(400);
  });

  test('export-template: the header row', async () => {
    const raw = await ts.app.request('/api/blade-user/export-template', { headers: { 'Blade-Auth': `bearer ${admin}` } });
    expect(raw.status).toBe(200);
    const [first] = await readXlsxFile(Buffer.from(await raw.arrayBuffer()));
    expect(first!.data).toEqual([['登录账号', '用户昵称', '用户姓名', '手机号码', '电子邮箱', '用户性别', '用户生日', '所属角色', '所属部门', '所属岗位', '用户编号']]);
  });

  test('import-user: a report per row; rejected rows write nothing; isCovered updates', async () => {
    const bytes = await sheet([
      ['登录账号', '用户姓名', '手机号码', '电子邮箱', '用户性别', '用户生日', '所属角色', '所属部门', '所属岗位', '备注'],
      ['imp1', '导入一', 13812345678, 'a@b.cn', '男', '1991-05-06', '用户', '研发部', 'ceo', 'ignored'],
      ['imp2', '导入二', null, null, 'female', null, ROLE.user, `市场部,${DEPT.fe}`, '首席执行官', null],
      ['imp1', '重复', null, null, null, null, '用户', '研发部', 'ceo', null],
      ['zhang', '已存在', null, null, null, null, '用户', '研发部', 'ceo', null],
      ['', '没有账号', null, null, null, null, '用户', '研发部', 'ceo', null],
      ['imp3', '', null, null, null, null, '用户', '研发部', 'ceo', null],
      ['imp4', '坏角色', null, null, null, null, '不存在的角色', '研发部', 'ceo', null],
      ['imp5', '坏部门', null, null, null, null, '用户', '火星部', 'ceo', null],
      ['imp6', '坏岗位', null, null, null, null, '用户', '研发部', 'xyz', null],
      ['imp7', '坏手机', '1381234', null, null, null, '用户', '研发部', 'ceo', null],
      ['imp8', '坏邮箱', null, 'nope', null, null, '用户', '研发部', 'ceo', null],
      ['imp9', '坏性别', null, null, '?', null, '用户', '研发部', 'ceo', null],
      ['imp10', '超管', null, null, null, null, '超级管理员', '研发部', 'ceo', null],
      [null, null, null, null, null, null, null, null, null, null],
      ['bad account!', '坏账号', null, null, null, null, '用户', '研发部', 'ceo', null],
    ]);
    const res = await upload(bytes, {}, manager);
    expect(res.status).toBe(200);
    const report = res.body.data as Report;
    expect(report).toMatchObject({ total: 14, created: 2, updated: 0 });
    expect(report.rejected).toEqual([
      { row: 4, account: 'imp1', reason: '文件中账号重复' },
      { row: 5, account: 'zhang', reason: '当前账号已被使用!' },
      { row: 6, account: '', reason: '请输入登录账号' },
      { row: 7, account: 'imp3', reason: '请输入用户姓名' },
      { row: 8, account: 'imp4', reason: '角色不存在: 不存在的角色' },
      { row: 9, account: 'imp5', reason: '部门不存在: 火星部' },
      { row: 10, account: 'imp6', reason: '岗位不存在: xyz' },
      { row: 11, account: 'imp7', reason: '手机号码长度不为11位' },
      { row: 12, account: 'imp8', reason: '邮箱格式不正确' },
      { row: 13, account: 'imp9', reason: '用户性别格式不正确' },
      { row: 14, account: 'imp10', reason: '没有权限执行此操作' },
      { row: 16, account: 'bad account!', reason: '账号只能包含字母、数字和 _ . @ -' },
    ]);
    const [imp1] = (await page({ account: 'imp1' })).records;
    expect(imp1).toMatchObject({ name: '导入一', realName: '导入一', phone: '13812345678', email: 'a@b.cn', sex: 1, birthday: '1991-05-06 00:00:00', roleId: ROLE.user, deptId: DEPT.rd, postId: SEED.postId });
    expect((await page({ account: 'imp2' })).records[0]).toMatchObject({ sex: 2, deptId: `${DEPT.mk},${DEPT.fe}` });
    expect(await accounts({ account: 'imp' })).toEqual(['imp1', 'imp2']);
    expect((await signInToken('imp2', 'Init@123456')).status).toBe(200);

    // Covering: the existing account is updated (password kept), a new one created.
    const again = await sheet([
      ['Account', 'Real name', 'Departments'],
      ['imp2', '导入二改', '前端组'],
      ['imp11', '导入十一', '前端组'],
    ]);
    const refusedNew = (await upload(again, {}, admin)).body.data as Report;
    expect(refusedNew.rejected).toEqual([
      { row: 2, account: 'imp2', reason: '当前账号已被使用!' },
      { row: 3, account: 'imp11', reason: '请选择所属角色' },
    ]);
    const covered = (await upload(again, { isCovered: '1' }, admin)).body.data as Report;
    expect(covered).toMatchObject({ total: 2, created: 0, updated: 1 });
    expect((await page({ account: 'imp2' })).records[0]).toMatchObject({ realName: '导入二改', deptId: DEPT.fe, roleId: ROLE.user });
    expect((await signInToken('imp2', 'Init@123456')).status).toBe(200);
  });

  test('import-user: the quota stops new accounts row by row', async () => {
    const count = await ts.ctx.db.system((tx) => tx.one<{ n: number }>(`select count(*)::int as n from blade_user where tenant_id = '100001' and is_deleted = 0`));
    await ts.ctx.db.system((tx) => tx.query(`update blade_tenant set account_number = $1 where tenant_id = '100001'`, [count!.n + 2]));
    const bytes = await sheet([
      ['账号', '姓名', '角色', '部门'],
      ['q1', 'q1', '管理员', '演示租户'],
      ['q2', 'q2', '管理员', '演示租户'],
      ['q3', 'q3', '管理员', '演示租户'],
    ]);
    const report = (await upload(bytes, {}, demoAdmin)).body.data as Report;
    expect(report).toMatchObject({ total: 3, created: 2, rejected: [{ row: 4, account: 'q3', reason: '当前租户已到最大账号额度!' }] });
    await ts.ctx.db.system((tx) => tx.query(`update blade_tenant set account_number = -1 where tenant_id = '100001'`));
    // Another tenant's users are neither seen nor updated by this tenant's import.
    expect(await accounts({ account: 'q' })).toEqual([]);
  });

  test('import-user: bad files are a 400, never a 500', async () => {
    const refused = async (bytes: Uint8Array, msg: string | RegExp) => {
      const res = await upload(bytes);
      expect(res.status).toBe(400);
      expect(res.body.msg).toMatch(msg);
    };
    await refused(new TextEncoder().encode('account,realName\nx,y'), '导入文件格式错误,请上传 .xlsx 文件');
    await refused(new Uint8Array([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1, 0, 0, 0]), '导入文件格式错误,请上传 .xlsx 文件'); // .xls
    await refused(new Uint8Array([0x50, 0x4b, 0x03, 0x04, ...new Array(40).fill(7)]), '导入文件格式错误,请上传 .xlsx 文件'); // a broken zip
    await refused(new Uint8Array(2.5 * 1024 * 1024).fill(65), '请求内容过大');
    await refused(await sheet([['昵称', '邮箱'], ['x', 'y']]), '导入文件缺少列: 登录账号、用户姓名');
    await refused(await sheet([['登录账号', '用户姓名']]), '导入文件中没有数据');
    const many = await sheet([['登录账号', '用户姓名'], ...Array.from({ length: 5001 }, (_, i) => [`many${i}`, 'x'])]);
    await refused(many, '导入数据不能超过5000行');
    // An archive whose directory says it unpacks into 50 MB is refused before anything unpacks it.
    const bomb = await sheet([['登录账号', '用户姓名'], ['b', 'b']]);
    const view = new DataView(bomb.buffer, bomb.byteOffset, bomb.byteLength);
    for (let at = bomb.length - 22; at > 0; at--) {
      if (view.getUint32(at, true) !== 0x06054b50) continue;
      const dir = view.getUint32(at + 16, true);
      view.setUint32(dir + 24, 50 * 1024 * 1024, true);
      break;
    }
    await refused(bomb, '导入文件格式错误,请上传 .xlsx 文件');
    expect((await ts.post('/api/blade-user/import-user', { token: admin, json: { file: 'x' } })).status).toBe(400);
    const noFile = new FormData();
    noFile.set('isCovered', '1');
    expect((await ts.post('/api/blade-user/import-user', { token: admin, body: noFile })).body.msg).toBe('缺少必要的请求参数: file');
    expect((await upload(await sheet([['登录账号', '用户姓名'], ['ok', 'ok']]), { isCovered: 'maybe' })).body.msg).toBe('请求参数格式错误: isCovered');
    expect(ts.logged).toEqual([]);
  });
});

describe('/api/blade-user: departments and posts as their plugins know them', () => {
  test('a removed department is no longer named, chosen, found by its subtree or imported, by name or by id', async () => {
    const old = '9000000000000000009';
    await ts.ctx.db.system((tx) =>
      tx.query(`insert into blade_dept (id, tenant_id, parent_id, ancestors, dept_category, dept_name, full_name, sort) values ($1, '000000', $2, $3, 2, '旧部门', '旧部门', 1)`, [
        old,
        DEPT.root,
        `0,${DEPT.root}`,
      ]),
    );
    expect((await submit(newUser('mover', { deptId: `${old},${DEPT.mk}` }))).status).toBe(200);
    expect((await page({ account: 'mover' })).records[0]).toMatchObject({ deptName: '旧部门,市场部' });
    expect(await accounts({ deptId: old })).toEqual(['mover']);
    await ts.ctx.db.system((tx) => tx.query('update blade_dept set is_deleted = 1 where id = $1', [old]));
    expect((await page({ account: 'mover' })).records[0]).toMatchObject({ deptId: `${old},${DEPT.mk}`, deptName: '市场部' });
    expect(await accounts({ deptId: old })).toEqual([]);
    const [mover] = (await page({ account: 'mover' })).records;
    expect((await ts.post('/api/blade-user/update', { token: admin, json: { id: mover!.id, deptId: `${old},${DEPT.mk}` } })).body.msg).toBe('所选部门不存在');
    const report = (await upload(await sheet([['登录账号', '用户姓名', '所属角色', '所属部门', '所属岗位'], ['olddept', 'x', '用户', old, 'cto'], ['oldname', 'x', '用户', '旧部门', SEED.postId], ['byid', 'x', '用户', DEPT.fe, 'cto']]))).body.data as Report;
    expect(report.rejected).toEqual([
      { row: 2, account: 'olddept', reason: `部门不存在: ${old}` },
      { row: 3, account: 'oldname', reason: '部门不存在: 旧部门' },
    ]);
    expect((await page({ account: 'byid' })).records[0]).toMatchObject({ deptName: '前端组', postName: '首席技术官' });
  });
});

describe('/api/blade-user: permissions and tenants', () => {
  test('each endpoint refuses a user without its code (403)', async () => {
    const id = await idOf('li');
    const calls: [string, string, Parameters<TestServer['call']>[2]][] = [
      ['GET', '/api/blade-user/page', {}],
      ['GET', '/api/blade-user/detail', { query: { id } }],
      ['POST', '/api/blade-user/submit', { json: newUser('nope') }],
      ['POST', '/api/blade-user/update', { json: { id, realName: 'x' } }],
      ['POST', '/api/blade-user/remove', { query: { ids: id } }],
      ['POST', '/api/blade-user/reset-password', { query: { userIds: id } }],
      ['POST', '/api/blade-user/grant', { query: { userIds: id, roleIds: ROLE.user } }],
      ['GET', '/api/blade-user/platform-detail', { query: { id } }],
      ['POST', '/api/blade-user/update-platform', { query: { userId: id, userType: '1', userExt: 'x' } }],
      ['GET', '/api/blade-user/export-user', {}],
      ['GET', '/api/blade-user/export-template', {}],
    ];
    for (const [method, path, options] of calls) {
      const res = await ts.call(method, path, { ...options, token: nobody });
      expect([path, res.status, res.body.msg]).toEqual([path, 403, '没有权限执行此操作']);
    }
    expect((await upload(await sheet([['登录账号', '用户姓名'], ['x', 'x']]), {}, nobody)).status).toBe(403);
    // The reader (user + user_view) reads, and writes nothing.
    expect((await page({}, reader)).total).toBeGreaterThan(0);
    expect((await ts.get('/api/blade-user/detail', { token: reader, query: { id } })).status).toBe(200);
    for (const [method, path, options] of calls.slice(2)) {
      expect([path, (await ts.call(method, path, { ...options, token: reader })).status]).toEqual([path, 403]);
    }
    expect((await signInToken('li', 'secret12')).status).toBe(200); // nothing changed
  });

  test('another tenant’s users do not exist here', async () => {
    const theirs = await idOf('first', demoAdmin);
    expect((await accounts({ account: 'first' })).length).toBe(0);
    expect((await ts.get('/api/blade-user/detail', { token: admin, query: { id: theirs } })).body.data).toBeNull();
    expect((await ts.get('/api/blade-user/platform-detail', { token: admin, query: { id: theirs } })).body.data).toBeNull();
    const steal = await ts.post('/api/blade-user/update', { token: admin, json: { id: theirs, realName: '偷' } });
    expect([steal.status, steal.body.msg]).toEqual([400, '数据不存在']);
    expect((await submit({ id: theirs, realName: '偷' })).body.msg).toBe('数据不存在');
    expect((await ts.post('/api/blade-user/remove', { token: admin, query: { ids: theirs } })).body.success).toBe(false);
    expect((await ts.post('/api/blade-user/reset-password', { token: admin, query: { userIds: theirs } })).body.success).toBe(false);
    expect((await ts.post('/api/blade-user/grant', { token: admin, query: { userIds: theirs, roleIds: ROLE.user } })).body.success).toBe(false);
    expect((await ts.post('/api/blade-user/update-platform', { token: admin, query: { userId: theirs, userType: '1' } })).body.msg).toBe('数据不存在');
    const mine = await ts.get('/api/blade-user/detail', { token: demoAdmin, query: { id: theirs } });
    expect(mine.body.data).toMatchObject({ account: 'first', realName: '名first', roleId: DEMO_TENANT.adminRoleId });
    expect((await signInToken('first', 'secret12', '100001')).status).toBe(200);
    // And the demo tenant sees none of 000000's users.
    expect((await accounts({}, demoAdmin)).includes('zhang')).toBe(false);
    expect((await ts.get('/api/blade-user/detail', { token: demoAdmin, query: { id: SEED.adminUserId } })).body.data).toBeNull();
  });
});
