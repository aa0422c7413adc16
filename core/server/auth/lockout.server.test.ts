import { afterAll, beforeAll, expect, test } from '@rstest/core';
import { defineServerPlugin } from '../plugin';
import { md5 } from './password';
import { createTestServer, type TestServer } from '../test-server';
import { SEED } from '../seed/kernel-seed';

/**
 * The sign-in lock-out: counted before the password is checked (concurrent guesses cannot outrun it), per
 * tenant, account and client address, with its limit from the parameter `account.failCount`.
 */

const LOCKED = '登录错误次数过多,请稍后再试';
const WRONG = '用户名或密码不正确';

// The parameters as a provider gives them (the param plugin in the product), changed by the tests.
const parameters = new Map<string, string>();
const parameterSource = defineServerPlugin({
  manifest: { id: 'params-under-test', name: { zh: '参数', en: 'Parameters' } },
  provides: { parameters: async (_tx, tenantId, keys) => new Map(keys.flatMap((k) => (tenantId === '000000' && parameters.has(k) ? [[k, parameters.get(k)!]] : []))) },
});

let ts: TestServer;
beforeAll(async () => {
  ts = await createTestServer({ plugins: [parameterSource] });
  for (const account of ['locky', 'resetty', 'windowy', 'racy', 'superb', 'threes']) await ts.addUser({ tenantId: '000000', account, password: 'right', roleId: SEED.userRoleId });
});
afterAll(() => ts.close());

const attempt = (account: string, plain: string, ip?: string) => ts.token({ username: account, password: md5(plain), grant_type: 'password' }, {}, { ip });

test('5 wrong passwords lock the account for 30 minutes, even against the right password', async () => {
  for (let i = 0; i < 5; i++) expect((await attempt('locky', 'wrong')).body.error_description).toBe(WRONG);
  const locked = await attempt('locky', 'right');
  expect(locked.status).toBe(400);
  expect(locked.body.error_description).toBe(LOCKED);
  // Other accounts of the tenant are not affected.
  expect((await attempt('demo', 'demo')).status).toBe(200);
  ts.advance(29 * 60_000);
  expect((await attempt('locky', 'right')).body.error_description).toBe(LOCKED);
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

test('9 wrong passwords and the right one sent together: 5 are checked, the right one is refused, the account is locked', async () => {
  const answers = await Promise.all([...Array.from({ length: 9 }, () => attempt('racy', 'wrong')), attempt('racy', 'right')]);
  const said = answers.map((a) => a.body.error_description ?? 'token');
  expect(said.filter((m) => m === WRONG)).toHaveLength(5);
  expect(said.filter((m) => m === LOCKED)).toHaveLength(5);
  expect(said.at(-1)).toBe(LOCKED);
  expect((await attempt('racy', 'right')).body.error_description).toBe(LOCKED);
});

test('guesses from one address lock the account there only: its owner signs in from another', async () => {
  const guesser = '203.0.113.5';
  const owner = '198.51.100.7';
  for (let i = 0; i < 5; i++) expect((await attempt('superb', 'wrong', guesser)).body.error_description).toBe(WRONG);
  expect((await attempt('superb', 'right', guesser)).body.error_description).toBe(LOCKED);
  expect((await attempt('superb', 'right', owner)).status).toBe(200);
  // The owner's success does not unlock the guesser.
  expect((await attempt('superb', 'right', guesser)).body.error_description).toBe(LOCKED);
});

test('the limit is the parameter account.failCount, read at each attempt', async () => {
  parameters.set('account.failCount', '3');
  try {
    for (let i = 0; i < 3; i++) expect((await attempt('threes', 'wrong')).body.error_description).toBe(WRONG);
    expect((await attempt('threes', 'right')).body.error_description).toBe(LOCKED);
    // A value that is no count falls back to 5, and this 5th attempt is within it.
    parameters.set('account.failCount', 'many');
    expect((await attempt('threes', 'right')).status).toBe(200);
  } finally {
    parameters.clear();
  }
});

test('the count lives in the database (a second instance sees it) and covers unknown accounts', async () => {
  for (let i = 0; i < 5; i++) await attempt('ghost', 'x');
  const row = await ts.ctx.db.system((tx) =>
    tx.one<{ fail_count: number; locked: boolean }>(
      `select fail_count, locked_until is not null as locked from blade_login_failure where tenant_id = '000000' and account = 'ghost'`,
    ),
  );
  expect(row).toEqual({ fail_count: 5, locked: true });
  expect((await attempt('ghost', 'x')).body.error_description).toBe(LOCKED);
});
