import { createHmac } from 'node:crypto';
import { afterAll, beforeAll, expect, test } from '@rstest/core';
import { createTestServer, type TestServer } from '../test-server';

let ts: TestServer;
beforeAll(async () => {
  ts = await createTestServer();
});
afterAll(() => ts.close());

/** The body of a 401 (it also names its request: `requestId`). */
const UNAUTHORIZED = { code: 401, success: false, data: null, msg: '请求未授权' };

test('a protected endpoint without a token, or with a malformed header: HTTP 401 请求未授权', async () => {
  const cases: Record<string, string>[] = [{}, { 'Blade-Auth': 'nonsense' }, { 'Blade-Auth': 'bearer ' }, { Authorization: 'Bearer x' }];
  for (const headers of cases) {
    const res = await ts.get('/api/blade-user/info', { headers });
    expect(res.status).toBe(401);
    expect(res.body).toMatchObject(UNAUTHORIZED);
  }
});

test('the token works in the Blade-Auth header, and only there', async () => {
  const { access_token } = await ts.signIn('demo', 'demo');
  expect((await ts.get('/api/blade-user/info', { token: access_token })).status).toBe(200);
  expect((await ts.get('/api/blade-user/info', { query: { 'blade-auth': `bearer ${access_token}` } })).status).toBe(401);
});

test('an expired access token: 401', async () => {
  const { access_token } = await ts.signIn('demo', 'demo');
  ts.advance(3601_000);
  const res = await ts.get('/api/blade-user/info', { token: access_token });
  expect(res.status).toBe(401);
  expect(res.body).toMatchObject(UNAUTHORIZED);
});

test('a tampered token: 401 (payload changed, or re-signed with another key, or alg none)', async () => {
  const { access_token } = await ts.signIn('demo', 'demo');
  const [header, payload, signature] = access_token.split('.');
  const claims = JSON.parse(Buffer.from(payload, 'base64url').toString());
  const forged = Buffer.from(JSON.stringify({ ...claims, role_name: 'administrator' })).toString('base64url');
  const otherKey = createHmac('sha512', 'another-secret-another-secret-another').update(`${header}.${forged}`).digest('base64url');
  const none = Buffer.from(JSON.stringify({ alg: 'none', typ: 'JWT' })).toString('base64url');
  for (const token of [`${header}.${forged}.${signature}`, `${header}.${forged}.${otherKey}`, `${none}.${forged}.`]) {
    const res = await ts.get('/api/blade-system/menu/routes', { token });
    expect(res.status).toBe(401);
  }
});

test('a refresh token is not an access token', async () => {
  const { refresh_token } = await ts.signIn('demo', 'demo');
  expect((await ts.get('/api/blade-user/info', { token: refresh_token })).status).toBe(401);
});

test('logout ends the session: its refresh token no longer works, other sessions do', async () => {
  const one = await ts.signIn('demo', 'demo');
  const two = await ts.signIn('demo', 'demo');
  const res = await ts.get('/api/blade-auth/oauth/logout', { token: one.access_token });
  expect(res.body).toEqual({ success: 'true', msg: 'success' });
  const refresh = (token: string) => ts.token({ refresh_token: token, grant_type: 'refresh_token' });
  expect((await refresh(one.refresh_token)).body.error_description).toBe('令牌授权已过期');
  expect((await refresh(two.refresh_token)).status).toBe(200);
  // POST, and without a token, still answer the acknowledgement.
  expect((await ts.post('/api/blade-auth/oauth/logout')).body).toEqual({ success: 'true', msg: 'success' });
});

test('user-info and clear-cache', async () => {
  const { access_token, user_id } = await ts.signIn('admin', 'admin');
  const info = await ts.get('/api/blade-auth/oauth/user-info', { token: access_token });
  expect(info.body).toMatchObject({ code: 200, success: true, msg: '操作成功', data: { userId: user_id, account: 'admin', roleName: 'administrator', tenantId: '000000' } });
  expect((await ts.get('/api/blade-auth/oauth/user-info')).status).toBe(401);
  expect((await ts.get('/api/blade-auth/oauth/clear-cache')).body).toEqual({ success: 'true', msg: 'success' });
});
