import { afterAll, beforeAll, expect, test } from '@rstest/core';
import { md5 } from './password';
import { createTestServer, type TestServer } from '../test-server';
import { SEED } from '../seed/kernel-seed';

let ts: TestServer;
beforeAll(async () => {
  ts = await createTestServer();
  for (const account of ['locky', 'resetty', 'windowy']) await ts.addUser({ tenantId: '000000', account, password: 'right', roleId: SEED.userRoleId });
});
afterAll(() => ts.close());

const attempt = (account: string, plain: string) => ts.token({ username: account, password: md5(plain), grant_type: 'password' });

test('5 wrong passwords lock the account for 30 minutes, even against the right password', async () => {
  for (let i = 0; i < 5; i++) expect((await attempt('locky', 'wrong')).body.error_description).toBe('用户名或密码不正确');
  const locked = await attempt('locky', 'right');
  expect(locked.status).toBe(400);
  expect(locked.body.error_description).toBe('登录错误次数过多,请稍后再试');
  // Other accounts of the tenant are not affected.
  expect((await attempt('demo', 'demo')).status).toBe(200);
  ts.advance(29 * 60_000);
  expect((await attempt('locky', 'right')).body.error_description).toBe('登录错误次数过多,请稍后再试');
  ts.advance(2 * 60_000);
  expect((await attempt('locky', 'right')).status).toBe(200);
});

test('a successful sign-in clears the counter', async () => {
  for (let i = 0; i < 4; i++) await attempt('resetty', 'wrong');
  expect((await attempt('resetty', 'right')).status).toBe(200);
  for (let i = 0; i < 4; i++) await attempt('resetty', 'wrong');
  expect((await attempt('resetty', 'right')).status).toBe(200);
});

test('failures older than the 30-minute window do not add up', async () => {
  for (let i = 0; i < 4; i++) await attempt('windowy', 'wrong');
  ts.advance(31 * 60_000);
  await attempt('windowy', 'wrong');
  expect((await attempt('windowy', 'right')).status).toBe(200);
});

test('the count lives in the database (a second instance sees it) and covers unknown accounts', async () => {
  for (let i = 0; i < 5; i++) await attempt('ghost', 'x');
  const row = await ts.ctx.db.system((tx) =>
    tx.one<{ fail_count: number; locked: boolean }>(
      `select fail_count, locked_until is not null as locked from blade_login_failure where tenant_id = '000000' and account = 'ghost'`,
    ),
  );
  expect(row).toEqual({ fail_count: 5, locked: true });
  expect((await attempt('ghost', 'x')).body.error_description).toBe('登录错误次数过多,请稍后再试');
});
