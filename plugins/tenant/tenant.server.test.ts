import { afterAll, beforeAll, describe, expect, test } from '@rstest/core';
import { DEMO_TENANT, md5, SEED, type ServerPlugin } from '../../core/sdk/server';
import { createTestServer, type TestServer } from '../../core/sdk/server-testing';
import datasourceServer from '../datasource/server';
import tenantServer from './server';

/** The tenant API with the datasource plugin it requires: the engine's endpoints, select and the datasource binding. */

/** The parameters of 000000 as the param plugin would give them, changed by the tests. */
const parameters = new Map<string, string>();
const paramStub: ServerPlugin = {
  manifest: { id: 'param-stub', name: { zh: '参数', en: 'Parameters' } },
  provides: {
    parameters: async (_tx, tenantId, keys) => new Map(keys.flatMap((k) => (tenantId === '000000' && parameters.has(k) ? [[k, parameters.get(k)!]] : []))),
  },
};

let ts: TestServer;
let admin: string; // administrator of 000000
let demoAdmin: string; // admin (role alias `admin`) of the demo tenant 100001
let demo: string; // demo/demo of 000000, role `user`
let otherAdministrator: string; // role alias `administrator`, but of tenant 700001

type Row = Record<string, string | number>;
const BASE = '/api/blade-system/tenant';
const list = async (query: Record<string, string | number> = {}, token = admin) => {
  const res = await ts.get(`${BASE}/list`, { token, query });
  if (res.status !== 200) throw new Error(JSON.stringify(res.body));
  return res.body.data as { records: Row[]; total: number };
};
const submit = (json: unknown, token = admin) => ts.post(`${BASE}/submit`, { token, json });
const byName = async (tenantName: string) => (await list({ tenantName, size: 100 })).records.find((r) => r.tenantName === tenantName)!;
const signInRefusal = async (tenantId: string) => (await ts.token({ tenantId, username: 'admin', password: md5('admin'), grant_type: 'password' })).body.error_description;
const codes = (nodes: { code: string; children?: unknown[] }[]): string[] =>
  nodes.flatMap((n) => [n.code, ...codes((n.children ?? []) as { code: string; children?: unknown[] }[])]);
const acme = { tenantName: 'Acme 科技', linkman: '张三', contactNumber: '13800000001', domainUrl: 'https://acme.example.com', address: '上海' };

beforeAll(async () => {
  ts = await createTestServer({ plugins: [datasourceServer, paramStub, tenantServer] });
  admin = (await ts.signIn('admin', 'admin')).access_token;
  demoAdmin = (await ts.signIn('admin', 'admin', DEMO_TENANT.tenantId)).access_token;
  demo = (await ts.signIn('demo', 'demo')).access_token;
  const { adminRoleId } = await ts.addTenant('700001');
  // The alias of the super administrator's role, given in the database to a role of another tenant.
  await ts.ctx.db.system((tx) => tx.query(`update blade_role set role_alias = 'administrator' where id = $1`, [adminRoleId]));
  await ts.addUser({ tenantId: '700001', account: 'boss', password: 'boss', roleId: adminRoleId });
  otherAdministrator = (await ts.signIn('boss', 'boss', '700001')).access_token;
});
afterAll(() => ts.close());

describe('/api/blade-system/tenant', () => {
  test('the menu and its buttons as declared: 租户管理 under 系统管理, the super administrator’s alone', async () => {
    type Node = { code: string; name: string; alias?: string; path?: string; source?: string; sort?: number; action?: number; children?: Node[] };
    const routes = (await ts.get('/api/blade-system/menu/routes', { token: admin })).body.data as Node[];
    expect(routes.find((m) => m.code === 'system')?.children?.find((m) => m.code === 'tenant')).toMatchObject({ name: '租户管理', path: '/system/tenant', source: 'team', sort: 11 });
    const buttons = (await ts.get('/api/blade-system/menu/buttons', { token: admin })).body.data as Node[];
    expect(buttons.find((m) => m.code === 'tenant')?.children?.map((b) => [b.code, b.name, b.alias, b.action])).toEqual([
      ['tenant_add', '新增', 'add', 1],
      ['tenant_edit', '修改', 'edit', 2],
      ['tenant_delete', '删除', 'delete', 3],
      ['tenant_view', '查看', 'view', 2],
      ['tenant_setting', '授权配置', 'setting', 1],
      ['tenant_datasource', '数据源', 'datasource', 2],
    ]);
    const theirs = (await ts.get('/api/blade-system/menu/routes', { token: demoAdmin })).body.data as Node[];
    expect(codes(theirs)).not.toContain('tenant');
  });

  test('list: every tenant, paged, with quota, expiry, plugins and datasource; filters on id, name and contact', async () => {
    const page = await list();
    expect(page.records.map((r) => r.tenantId).sort()).toEqual(['000000', '100001', '700001']);
    expect(page.records.find((r) => r.tenantId === '000000')).toMatchObject({
      id: SEED.tenantRowId,
      tenantName: '管理组',
      linkman: 'admin',
      contactNumber: '666666',
      accountNumber: -1,
      expireTime: '',
      plugins: '*',
      datasourceId: '',
      datasourceName: '',
    });
    expect((await list({ tenantName: '演示' })).records.map((r) => r.tenantId)).toEqual(['100001']);
    expect((await list({ tenantId: '00000' })).records.map((r) => r.tenantId)).toEqual(['000000']);
    expect((await list({ linkman: 'ADMIN' })).total).toBe(2);
    expect((await list({ size: 1, current: 2 })).records).toHaveLength(1);
    expect((await ts.get(`${BASE}/list`, { token: admin, query: { plugins: '*' } })).body.msg).toBe('不支持的查询条件: plugins');
    expect((await ts.get(`${BASE}/list`, { token: admin, query: { descs: 'password' } })).body.msg).toBe('不支持的排序字段: password');
    expect((await list({ tenantName: "' or 1=1 --" })).total).toBe(0);
  });

  test('select: every live tenant as { id, tenantId, tenantName }', async () => {
    const res = await ts.get(`${BASE}/select`, { token: admin });
    expect(res.body.data).toEqual([
      { id: SEED.tenantRowId, tenantId: '000000', tenantName: '管理组' },
      { id: DEMO_TENANT.tenantRowId, tenantId: '100001', tenantName: '演示租户' },
      expect.objectContaining({ tenantId: '700001' }),
    ]);
  });

  test('add: the rules, then a provisioned tenant whose admin/admin signs in and sees its menus, not the administrators’', async () => {
    const msg = async (json: unknown) => {
      const res = await submit(json);
      expect(res.status).toBe(400);
      return res.body.msg;
    };
    expect(await msg({ ...acme, tenantName: ' ' })).toBe('请输入租户名称');
    expect(await msg({ ...acme, linkman: undefined })).toBe('请输入联系人');
    expect(await msg({ ...acme, tenantName: 'x'.repeat(51) })).toBe('tenantName: 长度不能超过50个字符');
    expect(await msg({ ...acme, domainUrl: 'acme.example.com' })).toBe('域名地址须为 http(s) 地址');
    expect(await msg({ ...acme, backgroundUrl: 'javascript:alert(1)' })).toBe('背景图地址须为 http(s) 地址或 / 开头的路径');
    expect(await msg({ ...acme, accountNumber: -2 })).toBe('accountNumber: 不能小于-1');
    expect(await msg({ ...acme, expireTime: 'tomorrow' })).toBe('请求参数格式错误: expireTime');
    expect(await msg({ ...acme, id: 'abc' })).toBe('请求参数格式错误: id');
    expect(await msg(['x'])).toBe('请求参数格式错误: body');
    expect((await list()).total).toBe(3);

    // The tenant id is generated: one sent is ignored.
    expect((await submit({ ...acme, tenantId: '000000', accountNumber: 10 })).body.success).toBe(true);
    const row = await byName('Acme 科技');
    expect(String(row.tenantId)).toMatch(/^\d{6}$/);
    expect(row.tenantId).not.toBe('000000');
    expect(row).toMatchObject({ linkman: '张三', domainUrl: 'https://acme.example.com', accountNumber: 10, expireTime: '', plugins: '*', createUser: SEED.adminUserId });

    const signedIn = await ts.signIn('admin', 'admin', String(row.tenantId));
    expect(signedIn.role_name).toBe('admin');
    const menu = codes((await ts.get('/api/blade-system/menu/routes', { token: signedIn.access_token })).body.data);
    expect(menu).toContain('desk');
    for (const adminOnly of ['tenant', 'client', 'datasource']) expect(menu).not.toContain(adminOnly);
    const buttons = codes((await ts.get('/api/blade-system/menu/buttons', { token: signedIn.access_token })).body.data);
    expect(buttons.filter((c) => c.startsWith('tenant') || c.startsWith('datasource'))).toEqual([]);
    // Its admin is a tenant's admin, not the super administrator.
    expect((await ts.get(`${BASE}/list`, { token: signedIn.access_token })).status).toBe(403);
    const info = await ts.get('/api/blade-system/tenant/info', { query: { domain: 'https://ACME.example.com/' } });
    expect(info.body.data).toMatchObject({ tenantId: row.tenantId, tenantName: 'Acme 科技' });
  });

  test("a new tenant starts from 000000's tenant defaults: admin password, and the quota and licence left empty", async () => {
    parameters.set('tenant.default.password', 'Start#2024');
    parameters.set('tenant.default.accountNumber', '7');
    parameters.set('tenant.default.expireDays', '30');
    try {
      expect((await submit({ tenantName: '默认值租户', linkman: '赵六' })).body.success).toBe(true);
      const row = await byName('默认值租户');
      expect(row.accountNumber).toBe(7);
      const days = (new Date(String(row.expireTime).replace(' ', 'T')).getTime() - Date.now()) / 86_400_000;
      expect(days).toBeGreaterThan(29.9);
      expect(days).toBeLessThan(30.1);
      expect((await ts.signIn('admin', 'Start#2024', String(row.tenantId))).role_name).toBe('admin');
      // Given values win over the defaults.
      expect((await submit({ tenantName: '给定值租户', linkman: '赵六', accountNumber: -1, expireTime: '2099-01-01 00:00:00' })).body.success).toBe(true);
      expect(await byName('给定值租户')).toMatchObject({ accountNumber: -1, expireTime: '2099-01-01 00:00:00' });
    } finally {
      parameters.clear();
    }
  });

  test('the domain is unique among tenants; edit changes the fields but never the tenant id', async () => {
    const dup = await submit({ ...acme, tenantName: 'Other', domainUrl: 'https://ACME.example.com/' });
    expect([dup.status, dup.body.msg]).toEqual([400, '域名已被使用']);
    const row = await byName('Acme 科技');
    const edited = await submit({ id: row.id, tenantId: '999999', tenantName: 'Acme 集团', linkman: '李四', domainUrl: 'https://acme.example.com/', expireTime: '2099-12-31 23:59:59' });
    expect(edited.status).toBe(200);
    const detail = (await ts.get(`${BASE}/detail`, { token: admin, query: { id: row.id } })).body.data;
    expect(detail).toMatchObject({ id: row.id, tenantId: row.tenantId, tenantName: 'Acme 集团', linkman: '李四', contactNumber: '13800000001', expireTime: '2099-12-31 23:59:59', accountNumber: 10 });
    expect((await ts.get(`${BASE}/detail`, { token: admin, query: { id: '999999999' } })).body.data).toBeNull();
    const other = await byName('演示租户');
    expect((await submit({ id: other.id, tenantName: '演示租户', linkman: 'admin', domainUrl: 'https://acme.example.com' })).body.msg).toBe('域名已被使用');
    expect((await submit({ id: '999999999', ...acme, domainUrl: '' })).body.msg).toBe('数据不存在');
    // Clearing optional fields: no domain, unlimited accounts, never expires.
    expect((await submit({ id: row.id, domainUrl: '', accountNumber: '', expireTime: '' })).status).toBe(200);
    expect(await byName('Acme 集团')).toMatchObject({ domainUrl: '', accountNumber: -1, expireTime: '' });
  });

  test('settings through the kernel: an expired tenant cannot sign in; the quota is stored and shown', async () => {
    const row = await byName('Acme 集团');
    const tenantId = String(row.tenantId);
    const set = (query: Record<string, string>) => ts.post('/api/blade-system/tenant/setting', { token: admin, query: { ids: String(row.id), ...query } });
    expect((await set({ expireTime: '2000-01-01 00:00:00', accountNumber: '5' })).body.success).toBe(true);
    expect(await byName('Acme 集团')).toMatchObject({ expireTime: '2000-01-01 00:00:00', accountNumber: 5 });
    expect((await ts.get(`${BASE}/detail`, { token: admin, query: { id: row.id } })).body.data).toMatchObject({ accountNumber: 5 });
    expect(await signInRefusal(tenantId)).toBe('租户授权已过期,请联系管理员');
    expect((await set({ expireTime: '' })).body.success).toBe(true);
    await ts.signIn('admin', 'admin', tenantId);
    // The same through an edit.
    expect((await submit({ id: row.id, expireTime: '2001-02-03 04:05:06' })).status).toBe(200);
    expect(await signInRefusal(tenantId)).toBe('租户授权已过期,请联系管理员');
    expect((await submit({ id: row.id, expireTime: '' })).status).toBe(200);
    await ts.signIn('admin', 'admin', tenantId);
  });

  test('datasource: bind an existing datasource, show its name, unbind; bad input is a 400 that changes nothing', async () => {
    const [source] = (await ts.get('/api/blade-develop/datasource/select', { token: admin })).body.data as { id: string; name: string }[];
    const bind = (query: Record<string, string | undefined>) => ts.post(`${BASE}/datasource`, { token: admin, query });
    expect((await bind({ tenantId: '100001', datasourceId: source!.id })).body.success).toBe(true);
    expect(await byName('演示租户')).toMatchObject({ datasourceId: source!.id, datasourceName: 'postgresql' });

    expect((await bind({ tenantId: '100001', datasourceId: '123456789' })).body.msg).toBe('数据源不存在');
    expect((await bind({ tenantId: '100001', datasourceId: 'x' })).body.msg).toBe('请求参数格式错误: datasourceId');
    expect((await bind({ tenantId: '100001' })).body.msg).toBe('缺少必要的请求参数: datasourceId');
    expect((await bind({ tenantId: '555555', datasourceId: source!.id })).body.msg).toBe('租户不存在');
    expect((await bind({ tenantId: "1' or '1'='1", datasourceId: '' })).body.msg).toBe('请求参数格式错误: tenantId');
    expect((await bind({ datasourceId: '' })).body.msg).toBe('缺少必要的请求参数: tenantId');
    expect(await byName('演示租户')).toMatchObject({ datasourceName: 'postgresql' });

    // A removed datasource is no binding.
    await ts.post('/api/blade-develop/datasource/submit', { token: admin, json: { name: 'tmp', driverClass: 'org.postgresql.Driver', url: 'jdbc:postgresql://x/y', username: 'u', password: 'p' } });
    const tmp = ((await ts.get('/api/blade-develop/datasource/select', { token: admin })).body.data as { id: string; name: string }[]).find((d) => d.name === 'tmp')!;
    expect((await bind({ tenantId: '700001', datasourceId: tmp.id })).body.success).toBe(true);
    expect(await byName('租户700001')).toMatchObject({ datasourceId: tmp.id, datasourceName: 'tmp' });
    expect((await ts.post('/api/blade-develop/datasource/remove', { token: admin, query: { ids: tmp.id } })).body.success).toBe(true);
    expect(await byName('租户700001')).toMatchObject({ datasourceId: '', datasourceName: '' });

    // A form body works as well as the query.
    const form = new URLSearchParams({ tenantId: '100001', datasourceId: '' });
    const unbound = await ts.post(`${BASE}/datasource`, { token: admin, body: form, headers: { 'Content-Type': 'application/x-www-form-urlencoded' } });
    expect(unbound.body.success).toBe(true);
    expect(await byName('演示租户')).toMatchObject({ datasourceId: '', datasourceName: '' });
  });

  test('SQL and HTML are stored and answered as text', async () => {
    const name = `<script>alert(1)</script>'; drop table blade_tenant; --`.slice(0, 50);
    expect((await submit({ ...acme, domainUrl: '', tenantName: name, address: '<img src=x onerror=alert(1)>' })).status).toBe(200);
    const row = await byName(name);
    expect(row).toMatchObject({ tenantName: name });
    expect((await ts.get(`${BASE}/detail`, { token: admin, query: { id: row.id } })).body.data.address).toBe('<img src=x onerror=alert(1)>');
  });

  test('remove: never tenant 000000; a removed tenant’s users can no longer sign in', async () => {
    const row = await byName('Acme 集团');
    const tenantId = String(row.tenantId);
    const { access_token: tenantAdmin } = await ts.signIn('admin', 'admin', tenantId);
    expect((await ts.get('/api/blade-user/info', { token: tenantAdmin })).status).toBe(200);
    const refused = await ts.post(`${BASE}/remove`, { token: admin, query: { ids: `${row.id},${SEED.tenantRowId}` } });
    expect([refused.status, refused.body.msg]).toEqual([400, '不能删除管理组租户']);
    expect((await byName('Acme 集团')).id).toBe(row.id); // nothing removed

    expect((await ts.post(`${BASE}/remove`, { token: admin, query: { ids: String(row.id) } })).body.success).toBe(true);
    expect(await signInRefusal(tenantId)).toBe('租户授权已过期,请联系管理员');
    // The token its administrator held is refused at once.
    expect((await ts.get('/api/blade-user/info', { token: tenantAdmin })).status).toBe(401);
    expect((await ts.get(`${BASE}/detail`, { token: admin, query: { id: row.id } })).body.data).toBeNull();
    expect((await list({ tenantId })).total).toBe(0);
    expect((await ts.post(`${BASE}/remove`, { token: admin, query: { ids: String(row.id) } })).body.success).toBe(false);
    expect((await ts.post(`${BASE}/remove`, { token: admin, query: { ids: '000000' } })).status).toBe(400);
    // Ids beyond bigint: 400s, never a 500.
    const big = '9999999999999999999';
    expect((await ts.get(`${BASE}/detail`, { token: admin, query: { id: big } })).body.msg).toBe('请求参数格式错误: id');
    expect((await ts.post(`${BASE}/remove`, { token: admin, query: { ids: big } })).body.msg).toBe('请求参数格式错误: ids');
    expect((await submit({ ...acme, id: big })).body.msg).toBe('请求参数格式错误: id');
    expect((await ts.post(`${BASE}/datasource`, { token: admin, query: { tenantId: '100001', datasourceId: big } })).body.msg).toBe('请求参数格式错误: datasourceId');
    expect(ts.logged).toEqual([]);
    const stored = await ts.ctx.db.system((tx) => tx.one<{ is_deleted: number }>('select is_deleted from blade_tenant where id = $1', [row.id]));
    expect(stored!.is_deleted).toBe(1);
  });

  test('administrators of tenant 000000 only: 403 on every endpoint for anyone else, nothing changes', async () => {
    const demoRow = await byName('演示租户');
    for (const token of [demoAdmin, otherAdministrator, demo]) {
      for (const [method, path, json] of [
        ['GET', `${BASE}/list`],
        ['GET', `${BASE}/select`],
        ['GET', `${BASE}/detail?id=${demoRow.id}`],
        ['POST', `${BASE}/submit`, acme],
        ['POST', `${BASE}/submit`, { id: demoRow.id, tenantName: 'stolen', linkman: 'x' }],
        ['POST', `${BASE}/remove?ids=${demoRow.id}`],
        ['POST', `${BASE}/datasource?tenantId=100001&datasourceId=`],
        ['POST', '/api/blade-system/tenant/setting?ids=100001&accountNumber=1'],
        ['GET', '/api/blade-system/plugin/list'],
      ] as const) {
        const res = await ts.call(method, path, { token, json });
        expect([path, res.status, res.body.msg]).toEqual([path, 403, '没有权限执行此操作']);
      }
    }
    expect((await ts.get(`${BASE}/list`)).status).toBe(401);
    expect(await byName('演示租户')).toMatchObject({ tenantName: '演示租户', accountNumber: -1 });
    await ts.signIn('admin', 'admin', DEMO_TENANT.tenantId);
  });
});
