import { afterAll, beforeAll, describe, expect, test } from '@rstest/core';
import { ADMIN_TENANT, DEMO_TENANT, SEED, type ServerPlugin } from '../../core/sdk/server';
import { serverBackends, type TestServer } from '../../core/sdk/server-testing';
import deptServer from '../dept/server';
import dictServer from '../dict/server';
import postServer from '../post/server';
import userServer from './server';

/**
 * The tenant's account quota when accounts are added at once through the users screen (`submit`): with
 * one place left, one of ten is made and nine are refused. On PGlite, and on PostgreSQL when
 * TEST_DATABASE_URL is set, where the ten transactions really run side by side.
 */
const roleStub: ServerPlugin = { manifest: { id: 'role', name: { zh: '角色管理', en: 'Roles' }, offers: ['role.tree'] } };
const en = { 'Accept-Language': 'en' };

describe.each(serverBackends())('the account quota on $name', (backend) => {
  let ts: TestServer;
  const admins = new Map<string, string>();

  beforeAll(async () => {
    ts = await backend.start({ plugins: [dictServer, deptServer, postServer, roleStub, userServer] });
    admins.set(ADMIN_TENANT, (await ts.signIn('admin', 'admin')).access_token);
    admins.set(DEMO_TENANT.tenantId, (await ts.signIn('admin', 'admin', DEMO_TENANT.tenantId)).access_token);
  }, 120_000);
  afterAll(async () => {
    await ts?.close();
  });

  const accountsOf = (tenantId: string) =>
    ts.ctx.db.system(async (tx) => (await tx.one<{ n: number }>('select count(*)::int as n from blade_user where tenant_id = $1 and is_deleted = 0', [tenantId]))!.n);
  const newUser: Record<string, (account: string) => Record<string, unknown>> = {
    [ADMIN_TENANT]: (account) => ({ account, password: 'secret12', password2: 'secret12', name: account, realName: account, roleId: SEED.userRoleId, deptId: SEED.deptId }),
    [DEMO_TENANT.tenantId]: (account) => ({ account, password: 'secret12', password2: 'secret12', name: account, realName: account, roleId: DEMO_TENANT.userRoleId, deptId: DEMO_TENANT.deptId }),
  };

  test.each([ADMIN_TENANT, DEMO_TENANT.tenantId])('tenant %s with one place left: of ten accounts submitted at once, one is made, nine are refused', async (tenantId) => {
    const before = await accountsOf(tenantId);
    await ts.ctx.db.system((tx) => tx.query('update blade_tenant set account_number = $2 where tenant_id = $1', [tenantId, before + 1]));
    try {
      const answers = await Promise.all(
        Array.from({ length: 10 }, (_, i) =>
          ts.post('/api/blade-user/submit', { token: admins.get(tenantId)!, json: newUser[tenantId]!(`quota${tenantId}_${i}`), headers: i % 2 ? en : undefined }),
        ),
      );
      expect(answers.filter((a) => a.body.success === true)).toHaveLength(1);
      const refused = answers.filter((a) => a.body.success !== true);
      expect(refused.map((a) => a.status)).toEqual(Array(9).fill(400));
      for (const a of refused) expect(['当前租户已到最大账号额度!', 'The tenant has reached its account quota']).toContain(a.body.msg);
      expect(await accountsOf(tenantId)).toBe(before + 1);
    } finally {
      await ts.ctx.db.system((tx) => tx.query('update blade_tenant set account_number = -1 where tenant_id = $1', [tenantId]));
    }
  });
});
