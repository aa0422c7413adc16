import { afterAll, beforeAll, describe, expect, test } from '@rstest/core';
import { md5 } from './password';
import { createTestServer, type TestServer } from '../test-server';
import { SEED } from '../seed/kernel-seed';
import { defineServerPlugin } from '../plugin';
import { DEFAULT_CLIENT } from './client';

/** The clients of this test: the default one, and `narrow`, given only the password grant, short tokens. */
const clients = defineServerPlugin({
  manifest: { id: 'clients', name: { zh: '客户端', en: 'Clients' } },
  provides: {
    clients: {
      find: async (_tx, clientId) =>
        clientId === 'saber' ? DEFAULT_CLIENT : clientId === 'narrow' ? { clientId, secret: 'narrow_secret', grantTypes: ['password'], accessValidity: 60, refreshValidity: 120 } : undefined,
    },
  },
});

let ts: TestServer;
beforeAll(async () => {
  ts = await createTestServer({ plugins: [clients] });
});
afterAll(() => ts.close());

const password = (account: string, plain: string, extra: Record<string, string> = {}) =>
  ts.token({ username: account, password: md5(plain), grant_type: 'password', ...extra });

describe('password grant', () => {
  test('admin/admin answers the raw BladeX token body', async () => {
    const res = await password('admin', 'admin');
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      tenant_id: '000000',
      user_id: SEED.adminUserId,
      role_id: SEED.administratorRoleId,
      dept_id: SEED.deptId,
      post_id: SEED.postId,
      oauth_id: '',
      account: 'admin',
      user_name: 'admin',
      nick_name: '管理员',
      real_name: '管理员',
      role_name: 'administrator',
      token_type: 'bearer',
      expires_in: 3600,
      scope: 'all',
      client_id: 'saber',
      detail: { type: 'web' },
      license: 'powered by bladex',
    });
    expect(res.body.access_token.split('.')).toHaveLength(3);
    expect(res.body.refresh_token.split('.')).toHaveLength(3);
    expect(res.body).not.toHaveProperty('code');
    const header = JSON.parse(Buffer.from(res.body.access_token.split('.')[0], 'base64url').toString());
    expect(header.alg).toBe('HS512');
    const claims = JSON.parse(Buffer.from(res.body.access_token.split('.')[1], 'base64url').toString());
    expect(claims).toMatchObject({ token_type: 'access_token', tenant_id: '000000', role_name: 'administrator', client_id: 'saber', account: 'admin' });
    expect(claims.exp - claims.nbf).toBe(3600);
  });

  test('demo/demo signs in with the user role', async () => {
    const res = await password('demo', 'demo');
    expect(res.status).toBe(200);
    expect(res.body.role_name).toBe('user');
    expect(res.body.real_name).toBe('演示用户');
  });

  test('a wrong password or unknown account: HTTP 400 用户名或密码不正确', async () => {
    for (const res of [await password('demo', 'nope'), await password('nobody', 'demo')]) {
      expect(res.status).toBe(400);
      expect(res.body).toMatchObject({ error_code: 400, error_description: '用户名或密码不正确', msg: '用户名或密码不正确', success: false });
    }
  });

  test('missing parameters name the field', async () => {
    const res = await ts.token({ grant_type: 'password', username: 'admin' });
    expect(res.status).toBe(400);
    expect(res.body.error_description).toBe('缺少必要的请求参数: password');
  });

  test('a wrong client: HTTP 401 客户端认证失败!', async () => {
    const bad = `Basic ${Buffer.from('saber:wrong').toString('base64')}`;
    const res = await ts.token({ username: 'admin', password: md5('admin'), grant_type: 'password' }, { Authorization: bad });
    expect(res.status).toBe(401);
    expect(res.body).toMatchObject({ error_code: 401, error_description: '客户端认证失败!' });
    const none = await ts.call('POST', '/api/blade-auth/oauth/token', { query: { username: 'admin', password: md5('admin'), grant_type: 'password' } });
    expect(none.status).toBe(401);
  });

  test('form-encoded parameters work as well as the query string', async () => {
    const res = await ts.call('POST', '/api/blade-auth/oauth/token', {
      headers: { Authorization: `Basic ${Buffer.from('saber:saber_secret').toString('base64')}`, 'Content-Type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ tenantId: '000000', username: 'admin', password: md5('admin'), grant_type: 'password' }).toString(),
    });
    expect(res.status).toBe(200);
    expect(res.body.account).toBe('admin');
  });

  test('an unknown tenant is refused as a wrong password; an expired one is said to whoever knows the password', async () => {
    const unknown = await password('admin', 'admin', { tenantId: '999999' });
    expect(unknown.status).toBe(400);
    expect(unknown.body.error_description).toBe('用户名或密码不正确');
    const { adminRoleId } = await ts.addTenant('300001');
    await ts.addUser({ tenantId: '300001', account: 'admin', password: 'admin', roleId: adminRoleId });
    await ts.ctx.db.system((tx) => tx.query(`update blade_tenant set expire_time = now() - interval '1 day' where tenant_id = '300001'`));
    expect((await password('admin', 'wrong', { tenantId: '300001' })).body.error_description).toBe('用户名或密码不正确');
    const expired = await password('admin', 'admin', { tenantId: '300001' });
    expect(expired.body.error_description).toBe('租户授权已过期,请联系管理员');
    const malformed = await password('admin', 'admin', { tenantId: "0' or 1=1" });
    expect(malformed.status).toBe(400);
  });

  test('a user without roles: 未获得用户的角色信息', async () => {
    await ts.addUser({ tenantId: '000000', account: 'norole', password: 'pw', roleId: '1' });
    const res = await password('norole', 'pw');
    expect(res.status).toBe(400);
    expect(res.body.error_description).toBe('未获得用户的角色信息');
  });

  test('Role-Id picks one of the user role; a role the user lacks is refused', async () => {
    const ok = await password('admin', 'admin', {}).then(() => ts.token({ username: 'admin', password: md5('admin'), grant_type: 'password' }, { 'Role-Id': SEED.administratorRoleId }));
    expect(ok.body.role_id).toBe(SEED.administratorRoleId);
    const other = await ts.token({ username: 'demo', password: md5('demo'), grant_type: 'password' }, { 'Role-Id': SEED.administratorRoleId });
    expect(other.body.error_description).toBe('未获得用户的角色信息');
  });

  test('a legacy BladeX sha1(md5) row signs in once and is upgraded to scrypt', async () => {
    const id = await ts.addUser({ tenantId: '000000', account: 'legacy', password: 'x', roleId: SEED.userRoleId });
    // BladeX's stored value for the password "admin": sha1(md5("admin")) in hex.
    await ts.ctx.db.system((tx) => tx.query(`update blade_user set password = '90b9aa7e25f80cf4f64e990b78a9fc5ebd6cecad' where id = $1`, [id]));
    expect((await password('legacy', 'admin')).status).toBe(200);
    const row = await ts.ctx.db.system((tx) => tx.one<{ password: string }>('select password from blade_user where id = $1', [id]));
    expect(row!.password).toMatch(/^scrypt\$16384\$8\$1\$/);
    expect((await password('legacy', 'admin')).status).toBe(200);
    expect((await password('legacy', 'wrong')).status).toBe(400);
  });

  test('an unknown grant type, and one the client was not given, are refused', async () => {
    expect((await ts.token({ grant_type: 'implicit' })).body.error_description).toMatch(/不支持的授权类型/);
    const narrow = { Authorization: `Basic ${Buffer.from('narrow:narrow_secret').toString('base64')}` };
    const ok = await ts.token({ username: 'admin', password: md5('admin'), grant_type: 'password' }, narrow);
    expect(ok.body.expires_in).toBe(60);
    const refused = await ts.token({ refresh_token: ok.body.refresh_token, grant_type: 'refresh_token' }, narrow);
    expect(refused.status).toBe(400);
    expect(refused.body.error_description).toMatch(/客户端未被授予该授权类型/);
  });
});

describe('captcha grant', () => {
  const captcha = async () => {
    const res = await ts.get('/api/blade-auth/oauth/captcha');
    expect(res.status).toBe(200);
    expect(res.body.image).toMatch(/^data:image\/png;base64,/);
    const row = await ts.ctx.db.system((tx) => tx.one<{ code: string }>('select code from blade_captcha where captcha_key = $1', [res.body.key]));
    return { key: res.body.key as string, code: row!.code };
  };
  const login = (key: string, code: string) =>
    ts.token({ username: 'admin', password: md5('admin'), grant_type: 'captcha' }, { 'Captcha-Key': key, 'Captcha-Code': code });

  test('the right code (any case) signs in, once', async () => {
    const { key, code } = await captcha();
    expect((await login(key, code.toUpperCase())).status).toBe(200);
    const again = await login(key, code);
    expect(again.status).toBe(400);
    expect(again.body.error_description).toBe('验证码不正确');
  });

  test('a wrong code is refused and spends the key', async () => {
    const { key, code } = await captcha();
    const wrong = await login(key, code === 'aaaaa' ? 'ccccc' : 'aaaaa');
    expect(wrong.body.error_description).toBe('验证码不正确');
    expect((await login(key, code)).body.error_description).toBe('验证码不正确');
    expect((await login('', '')).body.error_description).toBe('验证码不正确');
  });

  test('a code older than 30 minutes is refused', async () => {
    const { key, code } = await captcha();
    ts.advance(31 * 60_000);
    expect((await login(key, code)).body.error_description).toBe('验证码不正确');
  });
});

describe('refresh grant', () => {
  const refresh = (token: string, path = '/api/blade-auth/oauth/token') =>
    ts.call('POST', path, {
      query: { tenantId: '000000', refresh_token: token, grant_type: 'refresh_token', scope: 'all' },
      headers: { Authorization: `Basic ${Buffer.from('saber:saber_secret').toString('base64')}`, 'Tenant-Id': '000000' },
    });

  test('rotates: a new pair each time, and a used refresh token is refused', async () => {
    const first = await ts.signIn('demo', 'demo');
    const second = await refresh(first.refresh_token);
    expect(second.status).toBe(200);
    expect(second.body.refresh_token).not.toBe(first.refresh_token);
    expect(second.body.access_token).not.toBe(first.access_token);
    expect(second.body.account).toBe('demo');
    const reuse = await refresh(first.refresh_token);
    expect(reuse.status).toBe(400);
    expect(reuse.body.error_description).toBe('令牌授权已过期');
    // The replay revoked the whole session: the token issued in between is dead too.
    expect((await refresh(second.body.refresh_token)).body.error_description).toBe('令牌授权已过期');
  });

  test('/oauth/token/refresh is the same grant', async () => {
    const first = await ts.signIn('demo', 'demo');
    const res = await refresh(first.refresh_token, '/api/blade-auth/oauth/token/refresh');
    expect(res.status).toBe(200);
    expect((await refresh(res.body.refresh_token, '/api/blade-auth/oauth/token/refresh')).status).toBe(200);
  });

  test('garbage, an access token, or an expired refresh token are refused', async () => {
    const first = await ts.signIn('demo', 'demo');
    expect((await refresh('garbage')).body.error_description).toBe('令牌授权已过期');
    expect((await refresh(first.access_token)).body.error_description).toBe('令牌授权已过期');
    ts.advance(604_800_000 + 1000);
    expect((await refresh(first.refresh_token)).body.error_description).toBe('令牌授权已过期');
  });

  test('a refresh token of another tenant than the one named is refused', async () => {
    const first = await ts.signIn('demo', 'demo');
    const res = await ts.token({ tenantId: '300002', refresh_token: first.refresh_token, grant_type: 'refresh_token' });
    expect(res.body.error_description).toBe('令牌授权已过期');
  });
});
