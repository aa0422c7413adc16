import { afterAll, beforeAll, expect, rs, test } from '@rstest/core';
import { SEED } from '../seed/kernel-seed';
import { createTestServer, type TestServer } from '../test-server';
import { hashGate, md5 } from './password';

/**
 * What a failed sign-in tells: an unknown tenant, an unknown account, a wrong password and a tenant whose
 * licence has expired get the same answer in the same time, so that neither tenants nor accounts can be
 * listed by probing. The licence is mentioned only to whoever gives the right password. The same time
 * comes from the same work, a password hash each (what nearly all of the time is): the work is asserted,
 * the times are a figure of `npm run bench` (tests/bench/limits.ts).
 */

let ts: TestServer;
beforeAll(async () => {
  ts = await createTestServer();
  await ts.addUser({ tenantId: '000000', account: 'known', password: 'right', roleId: SEED.userRoleId });
  const { userRoleId } = await ts.addTenant('200002');
  await ts.addUser({ tenantId: '200002', account: 'expired', password: 'right', roleId: userRoleId });
  await ts.ctx.db.system((tx) => tx.query(`update blade_tenant set expire_time = now() - interval '1 day' where tenant_id = '200002'`));
});
afterAll(() => ts.close());

const signIn = (tenantId: string, account: string, plain: string, ip: string) =>
  ts.token({ tenantId, username: account, password: md5(plain), grant_type: 'password' }, {}, { ip });

const cases = {
  'unknown tenant': (i: number) => signIn('987654', 'known', 'right', `192.0.2.${i}`),
  'unknown account': (i: number) => signIn('000000', `nobody${i}`, 'right', `192.0.2.${i}`),
  'wrong password': (i: number) => signIn('000000', 'known', 'wrong', `192.0.2.${i}`),
  'expired tenant': (i: number) => signIn('200002', 'expired', 'wrong', `192.0.2.${i}`),
};

test('unknown tenant, unknown account, wrong password and expired tenant answer byte for byte the same', async () => {
  const answers = await Promise.all(Object.values(cases).map((run) => run(0)));
  // Each answer names its own request (for the logs); everything else is the same.
  const bodies = answers.map((answer) => {
    const { requestId: _requestId, ...rest } = answer.body as unknown as Record<string, unknown>;
    return JSON.stringify(rest);
  });
  for (const [i, answer] of answers.entries()) {
    expect(answer.status).toBe(400);
    expect(bodies[i]).toBe(bodies[0]);
  }
  expect(answers[0]!.body.error_description).toBe('用户名或密码不正确');
  // With the right password, the expired licence is said.
  expect((await signIn('200002', 'expired', 'right', '192.0.2.200')).body.error_description).toBe('租户授权已过期,请联系管理员');
});

test('and take the same time: each checks one password hash, the only slow step, whatever the reason', async () => {
  const hashes = rs.spyOn(hashGate, 'run');
  try {
    for (const [name, run] of Object.entries(cases)) {
      hashes.mockClear();
      const answer = await run(1);
      expect([name, answer.status, hashes.mock.calls.length]).toEqual([name, 400, 1]);
    }
  } finally {
    hashes.mockRestore();
  }
});
