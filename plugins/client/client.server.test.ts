import { afterAll, beforeAll, describe, expect, test } from '@rstest/core';
import { md5 } from '../../core/sdk/server';
import { createTestServer, type TestServer } from '../../core/sdk/server-testing';
import clientServer from './server';

/** The API of the OAuth clients (`blade_client`) and the token endpoint honouring what it stores. */

let ts: TestServer;
let admin: string; // administrator of 000000, signed in through `saber`
let demoAdmin: string; // admin (role alias `admin`) of the demo tenant 100001
let demo: string; // demo/demo of 000000, role `user`

type Row = Record<string, string | number>;
const BASE = '/api/blade-system/client';
const list = async (query: Record<string, string | number> = {}, token = admin) => {
  const res = await ts.get(`${BASE}/list`, { token, query });
  if (res.status !== 200) throw new Error(JSON.stringify(res.body));
  return res.body.data as { records: Row[]; total: number };
};
const submit = (json: unknown, token = admin) => ts.post(`${BASE}/submit`, { token, json });
const rowOf = async (clientId: string) => (await list({ clientId })).records.find((r) => r.clientId === clientId)!;
const basic = (id: string, secret: string) => `Basic ${Buffer.from(`${id}:${secret}`).toString('base64')}`;
/** POST /api/blade-auth/oauth/token as admin/admin of 000000 through the given client. */
const tokenVia = (authorization: string, grantType = 'password', headers: Record<string, string> = {}) =>
  ts.token({ username: 'admin', password: md5('admin'), grant_type: grantType }, { Authorization: authorization, ...headers });

const app1 = {
  clientId: 'app1',
  clientSecret: 'app1_secret',
  scope: 'all',
  authorizedGrantTypes: 'refresh_token,password',
  accessTokenValidity: 120,
  refreshTokenValidity: 3600,
  webServerRedirectUri: 'https://app1.example.com/callback',
};

beforeAll(async () => {
  ts = await createTestServer({ plugins: [clientServer] });
  admin = (await ts.signIn('admin', 'admin')).access_token;
  demoAdmin = (await ts.signIn('admin', 'admin', '100001')).access_token;
  demo = (await ts.signIn('demo', 'demo')).access_token;
});
afterAll(() => ts.close());

describe('/api/blade-system/client', () => {
  test('list: the seeded saber client, its secret masked; detail gives the secret to edit', async () => {
    const page = await list();
    expect(page.records).toEqual([
      expect.objectContaining({
        id: '1123598811738675202',
        clientId: 'saber',
        clientSecret: '******',
        scope: 'all',
        authorizedGrantTypes: 'refresh_token,password,captcha,social',
        accessTokenValidity: 3600,
        refreshTokenValidity: 604800,
        status: 1,
      }),
    ]);
    expect(JSON.stringify(page)).not.toContain('saber_secret');
    const detail = await ts.get(`${BASE}/detail`, { token: admin, query: { id: '1123598811738675202' } });
    expect(detail.body.data).toMatchObject({ clientId: 'saber', clientSecret: 'saber_secret' });
  });

  test('submit: the rules and their messages; nothing is written', async () => {
    const msg = async (json: unknown) => {
      const res = await submit(json);
      expect(res.status).toBe(400);
      return res.body.msg;
    };
    expect(await msg({ ...app1, clientId: '' })).toBe('请输入客户端id');
    expect(await msg({ ...app1, clientId: 'app 1' })).toBe('客户端id只能包含字母、数字、下划线和短横线');
    expect(await msg({ ...app1, clientId: "x' or '1'='1" })).toBe('客户端id只能包含字母、数字、下划线和短横线');
    expect(await msg({ ...app1, clientId: 'saber' })).toBe('客户端id已存在');
    expect(await msg({ ...app1, clientId: 'x'.repeat(49) })).toBe('clientId: 长度不能超过48个字符');
    expect(await msg({ ...app1, clientSecret: undefined })).toBe('请输入客户端密钥');
    expect(await msg({ ...app1, scope: '' })).toBe('请输入授权范围');
    expect(await msg({ ...app1, authorizedGrantTypes: '' })).toBe('请选择授权类型');
    expect(await msg({ ...app1, authorizedGrantTypes: ' , ' })).toBe('请选择授权类型');
    expect(await msg({ ...app1, authorizedGrantTypes: 'password,implicit' })).toBe('授权类型不正确');
    expect(await msg({ ...app1, accessTokenValidity: undefined })).toBe('请输入令牌过期秒数');
    expect(await msg({ ...app1, accessTokenValidity: 59 })).toBe('accessTokenValidity: 不能小于60');
    expect(await msg({ ...app1, accessTokenValidity: 31_536_001 })).toBe('accessTokenValidity: 不能大于31536000');
    expect(await msg({ ...app1, accessTokenValidity: 1.5 })).toBe('请求参数格式错误: accessTokenValidity');
    expect(await msg({ ...app1, refreshTokenValidity: '' })).toBe('请输入刷新令牌过期秒数');
    expect(await msg({ ...app1, webServerRedirectUri: 'javascript:alert(1)' })).toBe('回调地址须为 http(s) 地址');
    expect(await msg({ ...app1, additionalInformation: 'x'.repeat(4097) })).toBe('additionalInformation: 长度不能超过4096个字符');
    expect(await msg({ ...app1, status: 2 })).toBe('请求参数格式错误: status');
    expect(await msg('app1')).toBe('请求参数格式错误: body');
    expect((await list()).total).toBe(1);
  });

  test('the token endpoint honours a client’s row: lifetime, grant types, removal', async () => {
    // A JSON array and duplicates are accepted and stored comma-joined.
    expect((await submit({ ...app1, authorizedGrantTypes: ['password', 'refresh_token', 'password'] })).body.success).toBe(true);
    const row = await rowOf('app1');
    expect(row).toMatchObject({ clientSecret: '******', authorizedGrantTypes: 'password,refresh_token', accessTokenValidity: 120, status: 1, createUser: '1123598821738675201' });

    const issued = await tokenVia(basic('app1', 'app1_secret'));
    expect(issued.status).toBe(200);
    expect(issued.body).toMatchObject({ expires_in: 120, client_id: 'app1' });
    const refreshed = await ts.token({ grant_type: 'refresh_token', refresh_token: issued.body.refresh_token! }, { Authorization: basic('app1', 'app1_secret') });
    expect(refreshed.body.expires_in).toBe(120);

    const captcha = await tokenVia(basic('app1', 'app1_secret'), 'captcha', { 'Captcha-Key': 'k', 'Captcha-Code': 'c' });
    expect([captcha.status, captcha.body.error_description]).toEqual([400, '客户端未被授予该授权类型: captcha']);
    expect((await tokenVia(basic('app1', 'wrong'))).body.error_description).toBe('客户端认证失败!');

    // Changing the row changes what the endpoint does.
    expect((await submit({ id: row.id, accessTokenValidity: 300 })).status).toBe(200);
    expect((await tokenVia(basic('app1', 'app1_secret'))).body.expires_in).toBe(300);

    expect((await ts.post(`${BASE}/remove`, { token: admin, query: { ids: String(row.id) } })).body.success).toBe(true);
    const removed = await tokenVia(basic('app1', 'app1_secret'));
    expect([removed.status, removed.body.error_description]).toEqual([401, '客户端认证失败!']);
    expect((await list({ clientId: 'app1' })).total).toBe(0);
  });

  test('status: a disabled client is refused by the token endpoint until enabled again', async () => {
    expect((await submit({ ...app1, clientId: 'app2', status: 0 })).status).toBe(200);
    const row = await rowOf('app2');
    expect(row.status).toBe(0);
    expect((await tokenVia(basic('app2', 'app1_secret'))).body.error_description).toBe('客户端认证失败!');
    expect((await submit({ id: row.id, status: 1 })).status).toBe(200);
    expect((await tokenVia(basic('app2', 'app1_secret'))).status).toBe(200);
    // The client id is the row's key: an edit cannot change it.
    expect((await submit({ id: row.id, clientId: 'renamed', scope: 'server' })).status).toBe(200);
    expect(await rowOf('app2')).toMatchObject({ scope: 'server' });
  });

  test('neither removing nor disabling the client of the caller’s own session', async () => {
    const saber = await rowOf('saber');
    const remove = await ts.post(`${BASE}/remove`, { token: admin, query: { ids: String(saber.id) } });
    expect([remove.status, remove.body.msg]).toEqual([400, '不能删除当前使用的客户端']);
    const disable = await submit({ id: saber.id, status: 0 });
    expect([disable.status, disable.body.msg]).toEqual([400, '不能停用当前使用的客户端']);
    expect(await rowOf('saber')).toMatchObject({ status: 1 });

    // Signed in through app2, saber is just another client (not removed here: the tests sign in with it).
    const viaApp2 = (await tokenVia(basic('app2', 'app1_secret'))).body.access_token!;
    const app2 = await rowOf('app2');
    expect((await ts.post(`${BASE}/remove`, { token: viaApp2, query: { ids: String(app2.id) } })).body.msg).toBe('不能删除当前使用的客户端');
    expect((await ts.post(`${BASE}/remove`, { token: viaApp2, query: { ids: `${saber.id},${app2.id}` } })).body.msg).toBe('不能删除当前使用的客户端');
    expect((await submit({ id: saber.id, scope: 'all' }, viaApp2)).status).toBe(200);
    expect((await tokenVia(basic('saber', 'saber_secret'))).status).toBe(200);
  });

  test('SQL and HTML are stored and answered as text; bad ids are 400s', async () => {
    const info = `'); delete from blade_client; -- <script>alert(1)</script>`;
    expect((await submit({ ...app1, clientId: 'app3', additionalInformation: info, authorities: '<b>x</b>' })).status).toBe(200);
    const row = await rowOf('app3');
    expect(row).toMatchObject({ additionalInformation: info, authorities: '<b>x</b>' });
    expect((await list()).total).toBe(3);
    expect((await ts.get(`${BASE}/detail`, { token: admin, query: { id: '1;drop' } })).status).toBe(400);
    expect((await ts.post(`${BASE}/remove`, { token: admin, query: { ids: '-1' } })).status).toBe(400);
    expect((await ts.post(`${BASE}/remove`, { token: admin })).status).toBe(400);
    expect((await submit({ id: '999999', ...app1 })).body.msg).toBe('数据不存在');
    const big = '9999999999999999999';
    expect((await ts.get(`${BASE}/detail`, { token: admin, query: { id: big } })).body.msg).toBe('请求参数格式错误: id');
    expect((await ts.post(`${BASE}/remove`, { token: admin, query: { ids: big } })).body.msg).toBe('请求参数格式错误: ids');
    expect((await submit({ id: big, ...app1 })).body.msg).toBe('请求参数格式错误: id');
    expect(ts.logged).toEqual([]);
    expect((await ts.get(`${BASE}/list`, { token: admin, query: { clientSecret_like: 's' } })).body.msg).toBe('不支持的查询条件: clientSecret_like');
  });

  test('administrators only: a tenant’s own admin and a plain user get 403 on every endpoint, nothing changes', async () => {
    const saber = await rowOf('saber');
    for (const token of [demoAdmin, demo]) {
      for (const [method, path, json] of [
        ['GET', `${BASE}/list`],
        ['GET', `${BASE}/detail?id=${saber.id}`],
        ['POST', `${BASE}/submit`, { ...app1, clientId: 'evil' }],
        ['POST', `${BASE}/submit`, { id: saber.id, clientSecret: 'stolen', status: 0 }],
        ['POST', `${BASE}/remove?ids=${saber.id}`],
      ] as const) {
        const res = await ts.call(method, path, { token, json });
        expect([path, res.status, res.body.msg]).toEqual([path, 403, '没有权限执行此操作']);
      }
    }
    expect((await ts.get(`${BASE}/list`)).status).toBe(401);
    expect((await tokenVia(basic('saber', 'saber_secret'))).status).toBe(200);
    expect((await list({ clientId: 'evil' })).total).toBe(0);
  });
});
