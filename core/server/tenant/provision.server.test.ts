import { afterAll, beforeAll, describe, expect, test } from '@rstest/core';
import { hashPassword, md5 } from '../auth/password';
import { DEMO_TENANT } from '../seed/kernel-seed';
import { defineServerPlugin } from '../plugin';
import { createTestServer, type TestServer } from '../test-server';
import { provisionTenant } from './provision';
import { assertAccountQuota, MSG_QUOTA, nextTenantId } from './tenants';

/**
 * A new tenant is ready to sign in to, with what plugins add to it; quota and expiry are set through
 * tenant/setting and honoured.
 */

/** A plugin of this test: it gives each new tenant's administrator a unit, and names units. */
const unitPlugin = defineServerPlugin({
  manifest: { id: 'units', name: { zh: '单位', en: 'Units' } },
  provides: { names: { dept: async (_tx, _tenantId, ids) => ids.map((id) => (id === '42' ? `${created} 总部` : '')) } },
  async onTenantCreated(tx, tenant) {
    created = tenant.tenantName;
    await tx.query(`update blade_user set dept_id = '42' where id = $1`, [tenant.adminUserId]);
  },
});
let created = '';

let ts: TestServer;
let admin: string;
let tenantId: string;

beforeAll(async () => {
  ts = await createTestServer({ plugins: [unitPlugin] });
  admin = (await ts.signIn('admin', 'admin')).access_token;
  const passwordHash = await hashPassword(md5('admin'));
  tenantId = await ts.ctx.db.system(async (tx) => {
    const id = await nextTenantId(tx);
    await provisionTenant(tx, ts.ctx.ids, ts.ctx.extensions, { tenantId: id, tenantName: '新租户', adminPasswordHash: passwordHash });
    return id;
  });
});
afterAll(() => ts.close());

const setting = (query: Record<string, string>, token = admin) => ts.post('/api/blade-system/tenant/setting', { token, query });

describe('provisionTenant', () => {
  test('its admin signs in with the tenant administrator role and sees the menus', async () => {
    expect(tenantId).toMatch(/^\d{6}$/);
    const signedIn = await ts.signIn('admin', 'admin', tenantId);
    expect(signedIn.role_name).toBe('admin');
    const token = signedIn.access_token;
    const routes = await ts.get('/api/blade-system/menu/routes', { token });
    expect((routes.body.data as { code: string }[]).map((m) => m.code)).toContain('desk');
    const tops = await ts.get('/api/blade-system/menu/top-menu', { token });
    // Top menus are the topmenu plugin's (not installed here): none.
    expect(tops.body.data).toEqual([]);
    const info = await ts.get('/api/blade-user/info', { token });
    // The kernel made the tenant, role and user; the plugin's step attached its unit, whose name it provides.
    expect(info.body.data).toMatchObject({ tenantId, account: 'admin', deptName: '新租户 总部', postName: '' });
  });

  test('it has a role 用户 (`user`) for its people’s accounts, holding what 000000’s `user` role holds', async () => {
    const codes = (tenant: string) =>
      ts.ctx.db.system(async (tx) =>
        (
          await tx.query<{ code: string; role_name: string }>(
            `select m.code, r.role_name from blade_role_menu rm join blade_role r on r.id = rm.role_id join blade_menu m on m.id = rm.menu_id
              where r.tenant_id = $1 and r.role_alias = 'user' and r.is_deleted = 0 order by m.code`,
            [tenant],
          )
        ).map((r) => `${r.role_name}:${r.code}`),
      );
    const expected = await codes('000000');
    expect(expected.length).toBeGreaterThan(0);
    expect(await codes(tenantId)).toEqual(expected);
  });
});

describe('POST /blade-system/tenant/setting: quota and expiry', () => {
  test('an expired tenant cannot sign in, with a clear message; clearing the expiry lets it in again', async () => {
    expect((await setting({ ids: tenantId, expireTime: '2000-01-01 00:00:00' })).body.success).toBe(true);
    const refused = await ts.token({ tenantId, username: 'admin', password: md5('admin'), grant_type: 'password' });
    expect(refused.body.error_description).toBe('租户授权已过期,请联系管理员');
    expect((await setting({ ids: tenantId, expireTime: '' })).body.success).toBe(true);
    await ts.signIn('admin', 'admin', tenantId);
  });

  test('the account quota is stored and enforced for new accounts', async () => {
    expect((await setting({ ids: `${tenantId},${DEMO_TENANT.tenantId}`, accountNumber: '1' })).body.success).toBe(true);
    await expect(ts.ctx.db.tenant(tenantId, (tx) => assertAccountQuota(tx, tenantId))).rejects.toThrow(MSG_QUOTA.zh);
    expect((await setting({ ids: tenantId, accountNumber: '-1' })).body.success).toBe(true);
    await ts.ctx.db.tenant(tenantId, (tx) => assertAccountQuota(tx, tenantId));
  });

  test('bad options are 400s that change nothing; only administrators of 000000 may call it', async () => {
    for (const [query, msg] of [
      [{ ids: tenantId, accountNumber: 'many' }, '请求参数格式错误: accountNumber'],
      [{ ids: tenantId, accountNumber: '-2' }, '请求参数格式错误: accountNumber'],
      [{ ids: tenantId, expireTime: '2024-13-45 00:00:00' }, '请求参数格式错误: expireTime'],
      [{ ids: tenantId, expireTime: "1' or '1'='1" }, '请求参数格式错误: expireTime'],
    ] as const) {
      const res = await setting(query);
      expect([res.status, res.body.msg]).toEqual([400, msg]);
    }
    const demoAdmin = (await ts.signIn('admin', 'admin', DEMO_TENANT.tenantId)).access_token;
    expect((await setting({ ids: DEMO_TENANT.tenantId, accountNumber: '5' }, demoAdmin)).status).toBe(403);
    expect((await ts.get('/api/blade-system/plugin/list', { token: demoAdmin })).status).toBe(403);
    expect(((await ts.get('/api/blade-system/plugin/list', { token: admin })).body.data as { id: string }[]).map((p) => p.id)).toEqual(['units']);
  });
});
