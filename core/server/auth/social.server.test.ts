import { afterAll, beforeAll, describe, expect, test } from '@rstest/core';
import { md5 } from './password';
import { createOAuthCode } from './social/codes';
import { defineServerPlugin } from '../plugin';
import { createTestServer, type TestServer } from '../test-server';

// The parameters as a provider gives them (the param plugin in the product), changed by the tests.
const parameters = new Map<string, string>();
const parameterSource = defineServerPlugin({
  manifest: { id: 'params-under-test', name: { zh: '参数', en: 'Parameters' } },
  provides: { parameters: async (_tx, _tenantId, keys) => new Map(keys.flatMap((k) => (parameters.has(k) ? [[k, parameters.get(k)!]] : []))) },
});

let ts: TestServer;
beforeAll(async () => {
  ts = await createTestServer({ plugins: [parameterSource] });
});
afterAll(() => ts.close());

/** Visits the demo provider and returns the one-time code it sends back to /login. */
async function demoCode(state = 'st-1'): Promise<string> {
  const res = await ts.get('/api/blade-auth/oauth/render/demo', { query: { state } });
  expect(res.status).toBe(302);
  const location = new URL(res.headers.get('location')!, 'http://x');
  expect(location.pathname).toBe('/login');
  expect(location.searchParams.get('source')).toBe('demo');
  expect(location.searchParams.get('state')).toBe(state);
  return location.searchParams.get('code')!;
}

const social = (code: string, tenantId = '000000') => ts.token({ tenantId, grant_type: 'social', source: 'demo', code, state: 'st-1' });

async function guest() {
  const res = await social(await demoCode());
  expect(res.status).toBe(200);
  return res.body;
}

describe('third-party sign-in (demo provider)', () => {
  test('a new identity gets a guest token that grants no menu and no API', async () => {
    const g = await guest();
    expect(g).toMatchObject({ role_name: 'guest', user_id: '', refresh_token: '', tenant_id: '000000' });
    expect(g.oauth_id).toMatch(/^[0-9a-f-]{36}$/);
    expect(g.nick_name).toMatch(/^访客/);
    expect((await ts.get('/api/blade-system/menu/routes', { token: g.access_token })).body.data).toEqual([]);
    expect((await ts.get('/api/blade-system/menu/buttons', { token: g.access_token })).body.data).toEqual([]);
    expect((await ts.get('/api/blade-system/menu/top-menu', { token: g.access_token })).body.data).toEqual([]);
    const refused = await ts.get('/api/blade-user/info', { token: g.access_token });
    expect(refused.status).toBe(403);
    expect(refused.body.msg).toBe('请求被拒绝');
  });

  test('each visit is a new identity; a code works once', async () => {
    const code = await demoCode();
    const first = await social(code);
    expect(first.status).toBe(200);
    const again = await social(code);
    expect(again.status).toBe(400);
    expect(again.body.error_description).toBe('第三方授权已失效,请重新登录');
    expect((await guest()).oauth_id).not.toBe(first.body.oauth_id);
  });

  test('an unknown source or a missing code is refused', async () => {
    expect((await ts.token({ grant_type: 'social', source: 'github', code: 'x' })).body.error_description).toMatch(/不支持的第三方登录/);
    expect((await ts.token({ grant_type: 'social', source: 'demo' })).body.error_description).toBe('缺少必要的请求参数: code');
    expect((await ts.get('/api/blade-auth/oauth/render/github')).status).toBe(400);
    const longState = await ts.get('/api/blade-auth/oauth/render/demo', { query: { state: 'x'.repeat(129) } });
    expect(longState.status).toBe(400);
    expect(longState.body.msg).toBe('state: 长度不能超过128个字符');
  });
});

describe('guest registration', () => {
  /** The contract's fields in the query; the typed password in the form body, where the rule is checked. */
  const register = (token: string, q: Record<string, string>, plain?: string) =>
    ts.post('/api/blade-user/register-guest', {
      token,
      query: q,
      body: plain === undefined ? undefined : new URLSearchParams({ passwordPlain: plain }),
      headers: plain === undefined ? undefined : { 'Content-Type': 'application/x-www-form-urlencoded' },
    });
  const PASSWORD = 'Secret123';
  const formOf = (g: { oauth_id: string }, account: string, tenantId = '000000') => ({ tenantId, name: '访客', account, password: md5(PASSWORD), oauthId: g.oauth_id });

  test('creates a pending user bound to the identity; the pending user cannot sign in until approved', async () => {
    const g = await guest();
    const form = { ...formOf(g, 'newguest'), name: '新访客' };
    const res = await register(g.access_token, form, PASSWORD);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ code: 200, success: true });
    expect(res.body.msg).toMatch(/审核/);

    const pending = await ts.token({ username: 'newguest', password: md5(PASSWORD), grant_type: 'password' });
    expect(pending.status).toBe(400);
    expect(pending.body.error_description).toBe('账号正在审核中,请等待管理员审核');

    // The same identity comes back through the provider: still pending.
    const user = await ts.ctx.db.system((tx) => tx.one<{ id: string; status: number; role_id: string }>(`select id, status, role_id from blade_user where account = 'newguest'`));
    expect(user).toMatchObject({ status: 0, role_id: '1123598816738675202' });
    const code = await ts.ctx.db.global((tx) =>
      createOAuthCode(tx, { source: 'demo', uuid: g.oauth_id, username: g.account, nickname: g.nick_name, avatar: '' }, ts.ctx.now()),
    );
    expect((await social(code)).body.error_description).toBe('账号正在审核中,请等待管理员审核');

    // An administrator approves (the users screen comes later): both sign-ins now work.
    await ts.ctx.db.system((tx) => tx.query('update blade_user set status = 1 where id = $1', [user!.id]));
    const approved = await ts.token({ username: 'newguest', password: md5(PASSWORD), grant_type: 'password' });
    expect(approved.status).toBe(200);
    expect(approved.body.role_name).toBe('user');
    const code2 = await ts.ctx.db.global((tx) =>
      createOAuthCode(tx, { source: 'demo', uuid: g.oauth_id, username: g.account, nickname: g.nick_name, avatar: '' }, ts.ctx.now()),
    );
    const viaProvider = await social(code2);
    expect(viaProvider.body).toMatchObject({ user_id: user!.id, oauth_id: g.oauth_id, role_name: 'user' });
  });

  test('checks: the caller is that guest, the account is free, the input is well formed, the password follows the rule', async () => {
    const g = await guest();
    const form = formOf(g, 'someone');
    const send = (q: Record<string, string>, plain: string | null = PASSWORD) => register(g.access_token, q, plain ?? undefined);
    expect((await send({ ...form, oauthId: 'someone-else' })).body.msg).toBe('第三方授权信息不匹配');
    expect((await send({ ...form, account: 'admin' })).body.msg).toBe('当前账号已被使用!');
    const missing = await send({ ...form, tenantId: '' });
    expect(missing.status).toBe(400);
    expect(missing.body.msg).toBe('缺少必要的请求参数: tenantId');
    expect((await send({ ...form, password: 'plain' })).body.msg).toBe('请求参数格式错误: password');
    expect((await send({ ...form, name: 'x'.repeat(21) })).body.msg).toBe('name: 长度不能超过20个字符');
    // The guest's form can show the rule of the tenant it signed in to.
    expect((await ts.get('/api/blade-user/password-rule', { token: g.access_token })).body.data).toEqual({ minLength: 8, classes: 2 });
    // The md5 alone cannot be held to the rule; the typed text must be the md5's; and it must follow the rule.
    expect((await send(form, null)).body.msg).toBe('缺少必要的请求参数: passwordPlain');
    expect((await send(form, 'Secret124')).body.msg).toBe('请求参数格式错误: passwordPlain');
    const weak = await send({ ...form, password: md5('1') }, '1');
    expect([weak.status, weak.body.msg]).toEqual([400, '密码至少8位,且包含小写字母、大写字母、数字、符号中的至少2种']);
    expect((await send({ ...form, password: md5('abcdefgh') }, 'abcdefgh')).status).toBe(400);
    // A signed-in user is not a guest; no token at all is 401.
    const admin = await ts.signIn('admin', 'admin');
    expect((await register(admin.access_token, form, PASSWORD)).body.msg).toBe('当前用户已注册');
    expect((await ts.post('/api/blade-user/register-guest', { query: form })).status).toBe(401);
    // The identity registers once.
    expect((await send(form)).status).toBe(200);
    expect((await send({ ...form, account: 'someone2' })).body.msg).toBe('该第三方账号已绑定用户');
  });

  test('only in the tenant of the third-party sign-in', async () => {
    await ts.addTenant('400001');
    const g = await guest(); // signed in through tenant 000000
    for (const tenantId of ['400001', '888888']) {
      const res = await register(g.access_token, formOf(g, 'cross', tenantId), PASSWORD);
      expect([res.status, res.body.msg]).toEqual([400, '只能在第三方登录所在的租户注册']);
    }
    expect(await ts.ctx.db.system((tx) => tx.one(`select 1 from blade_user where account = 'cross'`))).toBeUndefined();
    // A guest who signed in through 400001 registers there, and the identity is bound there.
    const there = (await social(await demoCode(), '400001')).body;
    expect(there.tenant_id).toBe('400001');
    expect((await register(there.access_token, formOf(there, 'cross', '400001'), PASSWORD)).status).toBe(200);
    const row = await ts.ctx.db.system((tx) =>
      tx.one<{ tenant_id: string; bound: boolean }>(`select tenant_id, user_id is not null as bound from blade_user_oauth where uuid = $1 and tenant_id = '400001'`, [there.oauth_id]),
    );
    expect(row).toEqual({ tenant_id: '400001', bound: true });
  });

  test("pending accounts count against the tenant's quota", async () => {
    const { userRoleId } = await ts.addTenant('400002');
    await ts.addUser({ tenantId: '400002', account: 'first', password: 'pw', roleId: userRoleId });
    await ts.ctx.db.system((tx) => tx.query(`update blade_tenant set account_number = 2 where tenant_id = '400002'`));
    const [one, two] = [(await social(await demoCode(), '400002')).body, (await social(await demoCode(), '400002')).body];
    expect((await register(one.access_token, formOf(one, 'second', '400002'), PASSWORD)).status).toBe(200);
    const over = await register(two.access_token, formOf(two, 'third', '400002'), PASSWORD);
    expect([over.status, over.body.msg]).toEqual([400, '当前租户已到最大账号额度!']);
  });

  test('account.registerUser off: registration is refused', async () => {
    parameters.set('account.registerUser', 'false');
    try {
      const g = await guest();
      const res = await register(g.access_token, formOf(g, 'closed'), PASSWORD);
      expect([res.status, res.body.msg]).toEqual([400, '当前租户未开放注册']);
    } finally {
      parameters.clear();
    }
  });
});
