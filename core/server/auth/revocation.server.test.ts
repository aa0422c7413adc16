import { afterAll, beforeAll, expect, test } from '@rstest/core';
import { ADMIN_TENANT } from '../tenant/tenants';
import { createTestServer, type TestServer } from '../test-server';
import { md5 } from './password';
import { revokeUserSessions } from './refresh-tokens';

/**
 * An access token stops working the moment its session ends, not at its expiry an hour later: after
 * sign-out, after a replayed refresh token revoked its session, after a password change elsewhere, after
 * its user's sessions were ended (disabling and removing a user do that: the user plugin's tests show it).
 * And it is accepted only in the header.
 */

let ts: TestServer;
let userRoleId: string;
beforeAll(async () => {
  ts = await createTestServer();
  ({ userRoleId } = await ts.addTenant('300001'));
  for (const account of ['outgoing', 'replayed', 'changer', 'ended']) {
    await ts.addUser({ tenantId: '300001', account, password: 'Initial-Pass1', roleId: userRoleId });
  }
});
afterAll(() => ts.close());

const signIn = (account: string, password = 'Initial-Pass1') => ts.signIn(account, password, '300001');
/** A protected write: the caller's own profile. */
const write = (token: string) => ts.post('/api/blade-user/update-info', { token, json: { phone: '13800000000' } });

test('after sign-out the old access token is refused at once (a protected write answers 401)', async () => {
  const session = await signIn('outgoing');
  const other = await signIn('outgoing');
  expect((await write(session.access_token)).status).toBe(200);
  expect((await ts.get('/api/blade-auth/oauth/logout', { token: session.access_token })).status).toBe(200);
  const refused = await write(session.access_token);
  expect(refused.status).toBe(401);
  expect(refused.body).toMatchObject({ code: 401, success: false, data: null, msg: '请求未授权' });
  // The user's other session is not this one.
  expect((await write(other.access_token)).status).toBe(200);
});

test("a replayed refresh token ends its session: that session's access token, new or old, is refused", async () => {
  const first = await signIn('replayed');
  const refresh = (token: string) => ts.token({ refresh_token: token, grant_type: 'refresh_token', tenantId: '300001' });
  const rotated = await refresh(first.refresh_token);
  expect(rotated.status).toBe(200);
  expect((await write(rotated.body.access_token)).status).toBe(200);
  // The first refresh token again: somebody kept a copy.
  expect((await refresh(first.refresh_token)).status).not.toBe(200);
  expect((await write(rotated.body.access_token)).status).toBe(401);
  expect((await write(first.access_token)).status).toBe(401);
});

test("a password change ends the user's other sessions; the one that changed it goes on", async () => {
  const changing = await signIn('changer');
  const elsewhere = await signIn('changer');
  const res = await ts.post('/api/blade-user/update-password', {
    token: changing.access_token,
    query: { oldPassword: md5('Initial-Pass1'), newPassword: md5('Changed-Pass2'), newPassword1: md5('Changed-Pass2') },
    // The typed password travels beside its md5, for the password rule.
    body: new URLSearchParams({ newPasswordPlain: 'Changed-Pass2' }),
    headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
  });
  expect(res.body).toMatchObject({ success: true });
  expect((await write(elsewhere.access_token)).status).toBe(401);
  expect((await write(changing.access_token)).status).toBe(200);
});

test('ending all of a user\'s sessions (what disabling and removing do) refuses every access token of theirs at once', async () => {
  const one = await signIn('ended');
  const two = await signIn('ended');
  const userId = one.user_id;
  await ts.ctx.db.tenant('300001', (tx) => revokeUserSessions(ts.ctx, tx, '300001', userId));
  expect((await write(one.access_token)).status).toBe(401);
  expect((await write(two.access_token)).status).toBe(401);
  expect((await ts.get('/api/blade-user/info', { token: two.access_token })).status).toBe(401);
});

test('an ended session is remembered in the database until its last access token expires', async () => {
  const session = await signIn('outgoing');
  await ts.get('/api/blade-auth/oauth/logout', { token: session.access_token });
  const row = await ts.ctx.db.system((tx) =>
    tx.one<{ until: Date }>('select expires_at as until from blade_session_revocation where family_id = $1', [
      JSON.parse(Buffer.from(session.access_token.split('.')[1]!, 'base64url').toString()).sid,
    ]),
  );
  const exp = JSON.parse(Buffer.from(session.access_token.split('.')[1]!, 'base64url').toString()).exp as number;
  expect(row?.until.getTime()).toBe(exp * 1000);
});

test('a token in the query string is not accepted (only the Blade-Auth header is)', async () => {
  const { access_token } = await ts.signIn('demo', 'demo');
  const query = await ts.get('/api/blade-user/info', { query: { 'blade-auth': `bearer ${access_token}` } });
  expect(query.status).toBe(401);
  const write = await ts.post('/api/blade-user/update-info', { query: { 'blade-auth': `bearer ${access_token}` }, json: { phone: '13800000000' } });
  expect(write.status).toBe(401);
  expect((await ts.get('/api/blade-user/info', { token: access_token })).status).toBe(200);
});

test('guest tokens carry no session: nothing to end, and they are not refused for it', async () => {
  expect(ts.ctx.revokedSessions.isRevoked(ADMIN_TENANT, '')).toBe(false);
  // A session id is always one of ours (digits); anything else is no session.
  expect(ts.ctx.revokedSessions.isRevoked(ADMIN_TENANT, 'x')).toBe(true);
});
