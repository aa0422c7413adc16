import { afterAll, beforeAll, describe, expect, test } from '@rstest/core';
import { createTestServer, type TestServer } from '../../core/sdk/server-testing';
import datasourceServer from './server';

/** The datasource API: administrators only, the password write-only. */

let ts: TestServer;
let admin: string; // administrator of 000000
let demoAdmin: string; // admin (role alias `admin`) of the demo tenant 100001
let demo: string; // demo/demo of 000000, role `user`

type Row = Record<string, string | number>;
const BASE = '/api/blade-develop/datasource';
const list = async (query: Record<string, string | number> = {}, token = admin) => {
  const res = await ts.get(`${BASE}/list`, { token, query });
  if (res.status !== 200) throw new Error(JSON.stringify(res.body));
  return res.body.data as { records: Row[]; total: number };
};
const submit = (json: unknown, token = admin) => ts.post(`${BASE}/submit`, { token, json });
const stored = (id: string) =>
  ts.ctx.db.system((tx) => tx.one<{ password: string; url: string; name: string; is_deleted: number }>('select password, url, name, is_deleted from blade_datasource where id = $1', [id]));
const valid = { name: 'mysql', driverClass: 'com.mysql.cj.jdbc.Driver', url: 'jdbc:mysql://localhost:3306/blade', username: 'root', password: 'secret-1' };

beforeAll(async () => {
  ts = await createTestServer({ plugins: [datasourceServer] });
  admin = (await ts.signIn('admin', 'admin')).access_token;
  demoAdmin = (await ts.signIn('admin', 'admin', '100001')).access_token;
  demo = (await ts.signIn('demo', 'demo')).access_token;
});
afterAll(() => ts.close());

describe('/api/blade-develop/datasource', () => {
  test('the menu and its buttons: 数据源管理 under the tools at /tool/datasource, for the super administrator only', async () => {
    type Menu = { code: string; name: string; path: string; children?: Menu[] };
    const tools = async (token: string) => ((await ts.get('/api/blade-system/menu/routes', { token })).body.data as Menu[]).find((m) => m.code === 'tools')?.children ?? [];
    expect((await tools(admin)).filter((m) => m.code === 'datasource').map((m) => [m.name, m.path])).toEqual([['数据源管理', '/tool/datasource']]);
    const buttons = (await ts.get('/api/blade-system/menu/buttons', { token: admin })).body.data as Menu[];
    expect(buttons.find((m) => m.code === 'datasource')?.children?.map((c) => c.code)).toEqual(['datasource_add', 'datasource_edit', 'datasource_delete', 'datasource_view']);
    for (const token of [demoAdmin, demo]) expect((await tools(token)).some((m) => m.code === 'datasource')).toBe(false);
  });

  test('the seeded PostgreSQL sample; list and detail never carry the password', async () => {
    const page = await list();
    expect(page.total).toBe(1);
    const [row] = page.records;
    expect(row).toMatchObject({ name: 'postgresql', driverClass: 'org.postgresql.Driver', url: 'jdbc:postgresql://127.0.0.1:5432/blade_demo', username: 'demo', password: '' });
    expect((await stored(String(row!.id)))!.password).toBe('demo-password');
    const detail = await ts.get(`${BASE}/detail`, { token: admin, query: { id: row!.id } });
    expect(detail.body.data).toMatchObject({ id: row!.id, name: 'postgresql', password: '' });
    expect(JSON.stringify(detail.body)).not.toContain('demo-password');
    expect(JSON.stringify(await list())).not.toContain('demo-password');
  });

  test('submit: required fields, driver choice, the jdbc: url, lengths and the unique name', async () => {
    const msg = async (json: unknown) => {
      const res = await submit(json);
      expect(res.status).toBe(400);
      return res.body.msg;
    };
    expect(await msg({ ...valid, name: '' })).toBe('请输入名称');
    expect(await msg({ ...valid, driverClass: undefined })).toBe('请选择驱动类');
    expect(await msg({ ...valid, url: ' ' })).toBe('请输入连接地址');
    expect(await msg({ ...valid, username: undefined })).toBe('请输入用户名');
    expect(await msg({ ...valid, password: '' })).toBe('请输入密码');
    expect(await msg({ ...valid, driverClass: 'org.h2.Driver' })).toBe('请求参数格式错误: driverClass');
    expect(await msg({ ...valid, url: 'mysql://localhost/blade' })).toBe('连接地址须以 jdbc: 开头');
    expect(await msg({ ...valid, name: 'x'.repeat(101) })).toBe('name: 长度不能超过100个字符');
    expect(await msg({ ...valid, url: `jdbc:${'x'.repeat(600)}` })).toBe('url: 长度不能超过500个字符');
    expect(await msg({ ...valid, name: 'postgresql' })).toBe('数据源名称已存在');
    expect(await msg({ ...valid, name: { $ne: 1 } })).toBe('请求参数格式错误: name');
    expect(await msg([valid])).toBe('请求参数格式错误: body');
    expect(await msg({ ...valid, id: "1 or 1=1" })).toBe('请求参数格式错误: id');
    expect((await ts.post(`${BASE}/submit`, { token: admin, body: '{broken', headers: { 'Content-Type': 'application/json' } })).status).toBe(400);
    expect((await list()).total).toBe(1); // nothing was written
  });

  test('add, then edit: an empty password keeps the stored one, a new one replaces it; &amp; in the url is undone', async () => {
    expect((await submit({ ...valid, url: 'jdbc:mysql://localhost:3306/blade?useSSL=false&amp;serverTimezone=UTC', remark: '测试' })).body.success).toBe(true);
    const [row] = (await list({ name: 'mysql' })).records;
    expect(row).toMatchObject({ name: 'mysql', url: 'jdbc:mysql://localhost:3306/blade?useSSL=false&serverTimezone=UTC', password: '', remark: '测试', status: 1 });
    const id = String(row!.id);
    expect((await stored(id))!.password).toBe('secret-1');

    const url = 'jdbc:mysql://localhost:3306/blade?useSSL=false&serverTimezone=UTC';
    expect((await submit({ id, ...valid, url, name: 'mysql-main', password: '' })).status).toBe(200);
    expect(await stored(id)).toMatchObject({ name: 'mysql-main', password: 'secret-1' });
    expect((await submit({ id, name: 'mysql-main', driverClass: valid.driverClass, url, username: 'root' })).status).toBe(200);
    expect((await stored(id))!.password).toBe('secret-1');
    // The stored password is for the stored address and account: either changed, it must be typed again.
    for (const moved of [{ url: valid.url }, { url, username: 'other' }]) {
      const refused = await submit({ id, ...valid, name: 'mysql-main', password: '', ...moved });
      expect([refused.status, refused.body.msg]).toEqual([400, '修改了连接地址或用户名时请重新输入密码']);
    }
    expect(await stored(id)).toMatchObject({ url, password: 'secret-1' });
    expect((await submit({ id, ...valid, name: 'mysql-main', password: 'secret-2' })).status).toBe(200);
    expect((await stored(id))!.password).toBe('secret-2');

    const missing = await submit({ id: '999999999', ...valid });
    expect([missing.status, missing.body.msg]).toEqual([400, '数据不存在']);
  });

  test('select: every live datasource as { id, name }', async () => {
    const res = await ts.get(`${BASE}/select`, { token: admin });
    expect(res.status).toBe(200);
    const items = res.body.data as { id: string; name: string }[];
    expect(items.map((i) => i.name).sort()).toEqual(['mysql-main', 'postgresql']);
    expect(Object.keys(items[0]!).sort()).toEqual(['id', 'name']);
  });

  test('SQL and HTML are stored and answered as text', async () => {
    const name = `x'); drop table blade_datasource; --<script>alert(1)</script>`;
    expect((await submit({ ...valid, name, remark: '<img src=x onerror=alert(1)>' })).status).toBe(200);
    const [row] = (await list({ name: 'drop table' })).records;
    expect(row).toMatchObject({ name, remark: '<img src=x onerror=alert(1)>' });
    expect((await list({ name: "' or '1'='1" })).total).toBe(0);
  });

  test('remove: logical; the removed row is gone from list, detail and select', async () => {
    const [row] = (await list({ name: 'drop table' })).records;
    const id = String(row!.id);
    expect((await ts.post(`${BASE}/remove`, { token: admin, query: { ids: id } })).body.success).toBe(true);
    expect((await stored(id))!.is_deleted).toBe(1);
    expect((await ts.get(`${BASE}/detail`, { token: admin, query: { id } })).body.data).toBeNull();
    expect(((await ts.get(`${BASE}/select`, { token: admin })).body.data as Row[]).some((r) => r.id === id)).toBe(false);
    expect((await ts.post(`${BASE}/remove`, { token: admin, query: { ids: id } })).body.success).toBe(false);
    expect((await ts.post(`${BASE}/remove`, { token: admin, query: { ids: 'abc' } })).status).toBe(400);
    expect((await ts.get(`${BASE}/detail`, { token: admin, query: { id: 'abc' } })).status).toBe(400);
    const big = '9999999999999999999';
    expect((await ts.get(`${BASE}/detail`, { token: admin, query: { id: big } })).body.msg).toBe('请求参数格式错误: id');
    expect((await ts.post(`${BASE}/remove`, { token: admin, query: { ids: big } })).body.msg).toBe('请求参数格式错误: ids');
    expect((await submit({ ...valid, id: big })).body.msg).toBe('请求参数格式错误: id');
    expect(ts.logged).toEqual([]);
    expect((await ts.get(`${BASE}/list`, { token: admin, query: { password: 'x' } })).body.msg).toBe('不支持的查询条件: password');
  });

  test('administrators only: a tenant’s own admin and a plain user get 403 on every endpoint, nothing changes', async () => {
    const [row] = (await list({ name: 'postgresql' })).records;
    const id = String(row!.id);
    for (const token of [demoAdmin, demo]) {
      for (const [method, path, json] of [
        ['GET', `${BASE}/list`],
        ['GET', `${BASE}/select`],
        ['GET', `${BASE}/detail?id=${id}`],
        ['POST', `${BASE}/submit`, valid],
        ['POST', `${BASE}/submit`, { ...valid, id, name: 'stolen' }],
        ['POST', `${BASE}/remove?ids=${id}`],
      ] as const) {
        const res = await ts.call(method, path, { token, json });
        expect([path, res.status, res.body.msg]).toEqual([path, 403, '没有权限执行此操作']);
      }
    }
    expect((await ts.get(`${BASE}/list`)).status).toBe(401);
    expect(await stored(id)).toMatchObject({ name: 'postgresql', is_deleted: 0 });
    expect((await list()).total).toBe(2);
  });
});
