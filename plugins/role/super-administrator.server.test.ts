import { afterAll, beforeAll, expect, test } from '@rstest/core';
import { DEMO_TENANT } from '../../core/sdk/server';
import { createTestServer, type TestServer } from '../../core/sdk/server-testing';
import clientServer from '../client/server';
import dictServer from '../dict/server';
import menuServer from '../menu/server';
import roleServer from './server';

/**
 * The super administrator is the role alias `administrator` in tenant 000000, nowhere the alias alone: the
 * role API does not give that alias to a role of another tenant, and a role that has it anyway (written
 * into the database) does not make its holders able to write what every tenant shares.
 */

const ELSEWHERE = '角色别名 administrator 仅可用于管理组租户 000000';

let ts: TestServer;
let admin: string;
beforeAll(async () => {
  ts = await createTestServer({ plugins: [dictServer, clientServer, menuServer, roleServer] });
  admin = (await ts.signIn('admin', 'admin')).access_token;
});
afterAll(() => ts.close());

const submitRole = (json: unknown, token = admin) => ts.post('/api/blade-system/role/submit', { token, json });

test("000000's administrator cannot give a role of tenant 100001 the alias administrator", async () => {
  const create = await submitRole({ tenantId: DEMO_TENANT.tenantId, roleName: '超管', roleAlias: 'administrator', sort: 9 });
  expect([create.status, create.body.msg]).toEqual([400, ELSEWHERE]);
  const rename = await submitRole({ tenantId: DEMO_TENANT.tenantId, id: DEMO_TENANT.adminRoleId, roleName: '管理员', roleAlias: 'Administrator', sort: 1 });
  expect([rename.status, rename.body.msg]).toEqual([400, ELSEWHERE]);
  const stored = await ts.ctx.db.system((tx) => tx.query<{ role_alias: string }>(`select role_alias from blade_role where tenant_id = $1 and is_deleted = 0`, [DEMO_TENANT.tenantId]));
  expect(stored.map((r) => r.role_alias)).not.toContain('administrator');
  // In 000000 the alias is still the super administrator's to give.
  expect((await submitRole({ roleName: '另一个超管', roleAlias: 'administrator', sort: 9 })).body.msg).toBe('角色别名已存在');
});

test('a role of 100001 aliased administrator in the database still cannot write clients, menus or system dictionaries', async () => {
  await ts.ctx.db.system((tx) => tx.query(`update blade_role set role_alias = 'administrator' where id = $1`, [DEMO_TENANT.adminRoleId]));
  try {
    const forged = await ts.signIn('admin', 'admin', DEMO_TENANT.tenantId);
    expect(forged.role_name).toBe('administrator');
    const token = forged.access_token;
    const writes = [
      ['/api/blade-system/client/submit', { clientId: 'forged', clientSecret: 'forged_secret', scope: 'all', authorizedGrantTypes: 'password', accessTokenValidity: 60, refreshTokenValidity: 60 }],
      ['/api/blade-system/menu/submit', { code: 'forged', name: '伪造', alias: 'forged', path: '/forged', category: 1, action: 0, sort: 1, parentId: '0' }],
      ['/api/blade-system/dict/submit', { code: 'forged', dictKey: '-1', dictValue: '伪造', sort: 1, isSealed: 0, parentId: null }],
    ] as const;
    for (const [path, json] of writes) {
      const res = await ts.post(path, { token, json });
      expect([path, res.status]).toEqual([path, 403]);
    }
    // The same writes are the super administrator's (the check is the role, not the routes).
    expect((await ts.post(writes[2][0], { token: admin, json: writes[2][1] })).body.success).toBe(true);
  } finally {
    await ts.ctx.db.system((tx) => tx.query(`update blade_role set role_alias = 'admin' where id = $1`, [DEMO_TENANT.adminRoleId]));
  }
});
