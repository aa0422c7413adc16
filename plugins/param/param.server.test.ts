import { afterAll, beforeAll, describe, expect, test } from '@rstest/core';
import { md5, SEED } from '../../core/sdk/server';
import { createTestServer, type TestServer } from '../../core/sdk/server-testing';
import paramServer from './server';

/** The parameters API (list, detail, submit, remove) on the kernel with this plugin alone. */

let ts: TestServer;
let admin: string;
let demo: string; // role `user`: param + param_view only
let demoTenant: string; // admin of tenant 100001
let demoTenantOther: string; // admin of a tenant with no parameter rows

const list = async (query: Record<string, string | number> = {}, token = admin) => {
  const res = await ts.get('/api/blade-system/param/list', { token, query });
  if (res.status !== 200) throw new Error(JSON.stringify(res.body));
  return res.body.data as { records: Record<string, string | number>[]; total: number; size: number; current: number };
};

beforeAll(async () => {
  ts = await createTestServer({ plugins: [paramServer] });
  admin = (await ts.signIn('admin', 'admin')).access_token;
  demo = (await ts.signIn('demo', 'demo')).access_token;
  demoTenant = (await ts.signIn('admin', 'admin', '100001')).access_token;
  const { adminRoleId } = await ts.addTenant('100002');
  await ts.addUser({ tenantId: '100002', account: 'admin', password: 'admin', roleId: adminRoleId });
  demoTenantOther = (await ts.signIn('admin', 'admin', '100002')).access_token;
});
afterAll(() => ts.close());

describe('seed', () => {
  test('the parameters the server reads, in both seeded tenants', async () => {
    const expected = {
      'account.registerUser': 'true',
      'account.initPassword': 'Init@123456',
      'account.failCount': '5',
      'account.passwordMinLength': '8',
      'account.passwordClasses': '2',
      'tenant.default.password': 'admin',
      'tenant.default.accountNumber': '100',
      'tenant.default.expireDays': '0',
      'log.api.enabled': 'true',
      'log.retentionDays': '90',
    };
    for (const token of [admin, demoTenant]) {
      const page = await list({ size: 50 }, token);
      expect(Object.fromEntries(page.records.map((r) => [r.paramKey, r.paramValue]))).toEqual(expected);
    }
    const [row] = (await list({ paramKey: 'failCount' })).records;
    expect(row).toMatchObject({ paramName: '账号错误锁定次数', tenantId: '000000', status: 1, isDeleted: 0 });
    // The remark says what the value does, in both languages.
    expect(row!.remark).toMatch(/锁定.* \/ .*locked/);
  });

  test('the demo user sees 参数管理 with its view button only', async () => {
    const routes = (await ts.get('/api/blade-system/menu/routes', { token: demo })).body.data as { code: string; children?: { code: string }[] }[];
    expect(routes.find((m) => m.code === 'system')?.children?.map((c) => c.code)).toEqual(['param']);
    const buttons = (await ts.get('/api/blade-system/menu/buttons', { token: demo })).body.data as { code: string; children?: { code: string }[] }[];
    expect(buttons.find((m) => m.code === 'param')?.children?.map((c) => c.code)).toEqual(['param_view']);
  });
});

describe('/api/blade-system/param', () => {
  test('list: search on name and key (LIKE), paging, other keys refused', async () => {
    expect((await list({ paramName: '账号' })).total).toBe(3);
    expect((await list({ paramKey: 'tenant.default' })).records.map((r) => r.paramKey).sort()).toEqual([
      'tenant.default.accountNumber',
      'tenant.default.expireDays',
      'tenant.default.password',
    ]);
    expect(await list({ current: 2, size: 2 })).toMatchObject({ total: 10, size: 2, current: 2 });
    const refused = await ts.get('/api/blade-system/param/list', { token: admin, query: { paramValue: 'admin' } });
    expect([refused.status, refused.body.msg]).toEqual([400, '不支持的查询条件: paramValue']);
  });

  test('submit: name, key and value required, the unique key, then add, edit, view and remove', async () => {
    const submit = (json: unknown, token = admin) => ts.post('/api/blade-system/param/submit', { token, json });
    expect((await submit({ paramKey: 'k', paramValue: 'v' })).body.msg).toBe('请输入参数名称');
    expect((await submit({ paramName: 'n', paramValue: 'v' })).body.msg).toBe('请输入参数键名');
    expect((await submit({ paramName: 'n', paramKey: 'k' })).body.msg).toBe('请输入参数键值');
    expect((await submit({ paramName: 'n', paramKey: 'account.failCount', paramValue: '9' })).body.msg).toBe('参数键名已存在');
    expect((await submit({ paramName: 'n', paramKey: 'k', paramValue: 'x'.repeat(2001) })).body.msg).toBe('paramValue: 长度不能超过2000个字符');

    const added = await submit({ paramName: '主题', paramKey: 'site.theme', paramValue: 'line one\nline two', remark: '演示' });
    expect(added.body).toEqual({ code: 200, success: true, data: null, msg: '操作成功' });
    const [row] = (await list({ paramKey: 'site.theme' })).records;
    expect(row).toMatchObject({ paramName: '主题', paramValue: 'line one\nline two', remark: '演示', createUser: '1123598821738675201' });

    expect((await submit({ id: row.id, paramName: '主题', paramKey: 'site.theme', paramValue: 'dark' })).status).toBe(200);
    const detail = await ts.get('/api/blade-system/param/detail', { token: demo, query: { id: row.id } });
    expect(detail.body.data).toMatchObject({ id: row.id, paramValue: 'dark' });

    expect((await ts.post('/api/blade-system/param/remove', { token: admin, query: { ids: String(row.id) } })).body.success).toBe(true);
    expect((await list({ paramKey: 'site.theme' })).total).toBe(0);
    // The key is free again once the row is removed.
    expect((await submit({ paramName: '主题', paramKey: 'site.theme', paramValue: 'light' })).status).toBe(200);
  });

  test('the demo user may list and view but not add, edit or delete (403)', async () => {
    expect((await list({}, demo)).total).toBeGreaterThan(0);
    const add = await ts.post('/api/blade-system/param/submit', { token: demo, json: { paramName: 'n', paramKey: 'demo.k', paramValue: 'v' } });
    expect([add.status, add.body]).toMatchObject([403, { code: 403, success: false, data: null, msg: '没有权限执行此操作' }]);
    const [row] = (await list({ paramKey: 'initPassword' })).records;
    expect((await ts.post('/api/blade-system/param/submit', { token: demo, json: { id: row.id, paramValue: '1' } })).status).toBe(403);
    expect((await ts.post('/api/blade-system/param/remove', { token: demo, query: { ids: String(row.id) } })).status).toBe(403);
    expect((await list({ paramKey: 'initPassword' })).records[0].paramValue).toBe('Init@123456');
  });

  test('each tenant has its own parameters', async () => {
    const mine = await ts.post('/api/blade-system/param/submit', { token: demoTenant, json: { paramName: '租户参数', paramKey: 'tenant.only', paramValue: '1' } });
    expect(mine.status).toBe(200);
    expect((await list({ paramKey: 'tenant.only' }, demoTenant)).records.map((r) => r.tenantId)).toEqual(['100001']);
    expect((await list({ paramKey: 'tenant.only' })).total).toBe(0);
    const [theirs] = (await list({ paramKey: 'tenant.only' }, demoTenant)).records;
    const steal = await ts.post('/api/blade-system/param/submit', { token: admin, json: { id: theirs.id, paramValue: '2' } });
    expect([steal.status, steal.body.msg]).toEqual([400, '数据不存在']);
  });
});

describe('the parameters the server reads', () => {
  const submit = (json: unknown, token = admin) => ts.post('/api/blade-system/param/submit', { token, json });
  const rowOf = async (key: string, token = admin) => (await list({ paramKey: key }, token)).records.find((r) => r.paramKey === key)!;
  const attempt = (account: string, password: string) => ts.token({ username: account, password: md5(password), grant_type: 'password' });

  test('account.failCount set to 3: the 4th attempt is refused unchecked, and the change holds at once', async () => {
    await ts.addUser({ tenantId: '000000', account: 'three', password: 'right', roleId: SEED.userRoleId });
    const row = await rowOf('account.failCount');
    expect((await submit({ id: row.id, paramValue: '3' })).body.success).toBe(true);
    try {
      for (let i = 0; i < 3; i++) expect((await attempt('three', 'wrong')).body.error_description).toBe('用户名或密码不正确');
      expect((await attempt('three', 'right')).body.error_description).toBe('登录错误次数过多,请稍后再试');
    } finally {
      expect((await submit({ id: row.id, paramValue: '5' })).body.success).toBe(true);
    }
  });

  test('a value the server could not use is refused, with what it should be', async () => {
    const failCount = await rowOf('account.failCount');
    const refused = await submit({ id: failCount.id, paramValue: 'five' });
    expect([refused.status, refused.body.msg]).toEqual([400, '参数 account.failCount 的值应为1 到 1000 之间的整数']);
    expect((await submit({ id: (await rowOf('account.registerUser')).id, paramValue: 'yes' })).body.msg).toBe('参数 account.registerUser 的值应为true 或 false');
    // A new row for a key the server reads is held to the same rule; other keys take any value.
    const fresh = await submit({ paramName: '最少位数', paramKey: 'account.passwordMinLength', paramValue: '0' }, demoTenantOther);
    expect(fresh.body.msg).toBe('参数 account.passwordMinLength 的值应为1 到 64 之间的整数');
    expect((await rowOf('account.failCount')).paramValue).toBe('5');
  });
});
