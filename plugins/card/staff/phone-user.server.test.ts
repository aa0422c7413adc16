import { afterAll, beforeAll, describe, expect, test } from '@rstest/core';
import { ADMIN_TENANT, DEMO_TENANT, md5 } from '../../../core/sdk/server';
import { serverBackends, type TestServer } from '../../../core/sdk/server-testing';
import dictServer from '../../dict/server';
import visitServer from '../../visit/server';
import cardServer from '../server';

/**
 * The accounts addPhoneUser makes, in both demo tenants: they get the tenant's `user` role (100001 has one
 * too, with the same codes as 000000's), sign in and see the card and visit screens without changing
 * anything; in a tenant without that role the answer says so, and signing in is refused until one is
 * given. And the tenant's account quota holds when ten accounts are asked for at once with one place
 * left. On PGlite, and on PostgreSQL when TEST_DATABASE_URL is set (there the ten calls really run side
 * by side, each in its own connection).
 */
const BASE = '/api/staff/info';
const PASSWORD = 'Init@123456';
const en = { 'Accept-Language': 'en' };
type Node = { path: string; children?: Node[] };
const paths = (nodes: Node[]): string[] => nodes.flatMap((n) => [n.path, ...paths(n.children ?? [])]);

describe.each(serverBackends())('phone users on $name', (backend) => {
  let ts: TestServer;
  const admins = new Map<string, string>(); // tenant → its administrator's token
  let serial = 0;

  beforeAll(async () => {
    ts = await backend.start({ plugins: [dictServer, cardServer, visitServer] });
    admins.set(ADMIN_TENANT, (await ts.signIn('admin', 'admin')).access_token);
    admins.set(DEMO_TENANT.tenantId, (await ts.signIn('admin', 'admin', DEMO_TENANT.tenantId)).access_token);
  }, 120_000);
  afterAll(async () => {
    await ts?.close();
  });

  /** A new enabled staff member of the tenant's first company, with a fresh mobile; returns its id and mobile. */
  const addStaff = async (tenantId: string) => {
    const token = admins.get(tenantId)!;
    const companies = (await ts.get('/api/company/information/list', { token })).body.data as { id: string }[];
    const mobile = `1371${tenantId.slice(-2)}${String(++serial).padStart(5, '0')}`;
    const saved = await ts.post(`${BASE}/save`, { token, json: { companyId: companies[0]!.id, name: `开号员工${serial}`, mobile, status: 1 } });
    if (saved.body.success !== true) throw new Error(JSON.stringify(saved.body));
    const row = ((await ts.get(`${BASE}/page`, { token, query: { mobile } })).body.data.records as { id: string; mobile: string }[]).find((r) => r.mobile === mobile)!;
    return { id: row.id, mobile };
  };
  const phoneUser = (tenantId: string, id: string, headers?: Record<string, string>, token = admins.get(tenantId)!) =>
    ts.post(`${BASE}/addPhoneUser`, { token, json: { id }, headers });
  const userRoleCodes = (tenantId: string) =>
    ts.ctx.db.system(async (tx) =>
      (
        await tx.query<{ code: string }>(
          `select m.code from blade_role_menu rm join blade_role r on r.id = rm.role_id join blade_menu m on m.id = rm.menu_id
            where r.tenant_id = $1 and r.role_alias = 'user' and r.is_deleted = 0 and m.is_deleted = 0 order by m.code`,
          [tenantId],
        )
      ).map((r) => r.code),
    );
  const accountsOf = (tenantId: string) =>
    ts.ctx.db.system(async (tx) => (await tx.one<{ n: number }>('select count(*)::int as n from blade_user where tenant_id = $1 and is_deleted = 0', [tenantId]))!.n);

  test('the demo tenant 100001 has a 用户 (`user`) role holding the same codes as 000000’s: the card and visit screens, view only', async () => {
    const codes = await userRoleCodes(DEMO_TENANT.tenantId);
    expect(codes).toEqual(await userRoleCodes(ADMIN_TENANT));
    expect(codes).toEqual(expect.arrayContaining(['card', 'company', 'staff', 'staff_view', 'album', 'festival', 'visit', 'visit_chart']));
    expect(codes).not.toContain('staff_add');
    expect(codes).not.toContain('staff_phone_user');
    const role = await ts.ctx.db.system((tx) => tx.one<{ id: string; role_name: string }>(`select id::text as id, role_name from blade_role where tenant_id = $1 and role_alias = 'user' and is_deleted = 0`, [DEMO_TENANT.tenantId]));
    expect(role).toEqual({ id: DEMO_TENANT.userRoleId, role_name: '用户' });
  });

  test.each([ADMIN_TENANT, DEMO_TENANT.tenantId])('in tenant %s the new account gets 用户, signs in and sees the card and visit screens, read only', async (tenantId) => {
    const staff = await addStaff(tenantId);
    const made = await phoneUser(tenantId, staff.id);
    expect(made.body).toMatchObject({ success: true, data: { account: staff.mobile, password: PASSWORD, roleName: '用户' } });

    const token = (await ts.signIn(staff.mobile, PASSWORD, tenantId)).access_token;
    const routes = (await ts.get('/api/blade-system/menu/routes', { token })).body.data as Node[];
    expect(paths(routes)).toEqual(expect.arrayContaining(['/card/company', '/card/staff', '/card/album', '/card/festival', '/visit/info', '/visit/attach', '/visit/chart']));
    // It reads…
    const page = await ts.get(`${BASE}/page`, { token, query: { size: 5 } });
    expect([page.status, page.body.data.total > 0]).toEqual([200, true]);
    expect((await ts.get('/api/company/information/page', { token })).status).toBe(200);
    expect((await ts.get('/api/visit/info/system/chart', { token })).status).toBe(200);
    // …and changes nothing.
    expect((await ts.post(`${BASE}/save`, { token, json: { name: 'x', mobile: '13700009999', status: 1 } })).status).toBe(403);
    expect((await phoneUser(tenantId, staff.id, undefined, token)).status).toBe(403);
    expect((await ts.post('/api/company/information/remove', { token, query: { ids: '1' } })).status).toBe(403);
  });

  test('a tenant without a `user` role: the account is made without a role, the answer says so, and it cannot sign in until given one', async () => {
    const tenantId = DEMO_TENANT.tenantId;
    const hide = (deleted: 0 | 1) => ts.ctx.db.system((tx) => tx.query(`update blade_role set is_deleted = $2 where tenant_id = $1 and role_alias = 'user'`, [tenantId, deleted]));
    const staff = await addStaff(tenantId);
    await hide(1);
    try {
      const made = await phoneUser(tenantId, staff.id);
      expect(made.body).toMatchObject({ success: true, data: { account: staff.mobile, password: PASSWORD, roleName: '' } });
      const refused = await ts.token({ tenantId, username: staff.mobile, password: md5(PASSWORD), grant_type: 'password' }, en);
      expect([refused.status, refused.body.error_description]).toEqual([400, 'The user has no role']);
    } finally {
      await hide(0);
    }
  });

  test.each([ADMIN_TENANT, DEMO_TENANT.tenantId])('tenant %s with one place left: of ten accounts asked for at once, one is made, nine are refused', async (tenantId) => {
    const staff = [];
    for (let i = 0; i < 10; i++) staff.push(await addStaff(tenantId));
    const before = await accountsOf(tenantId);
    await ts.ctx.db.system((tx) => tx.query('update blade_tenant set account_number = $2 where tenant_id = $1', [tenantId, before + 1]));
    try {
      const answers = await Promise.all(staff.map((s, i) => phoneUser(tenantId, s.id, i % 2 ? en : undefined)));
      expect(answers.filter((a) => a.body.success === true)).toHaveLength(1);
      const refused = answers.filter((a) => a.body.success !== true).map((a) => [a.status, a.body.msg]);
      expect(refused).toHaveLength(9);
      for (const [status, msg] of refused) {
        expect(status).toBe(400);
        expect(['当前租户已到最大账号额度!', 'The tenant has reached its account quota']).toContain(msg);
      }
      expect(await accountsOf(tenantId)).toBe(before + 1);
    } finally {
      await ts.ctx.db.system((tx) => tx.query('update blade_tenant set account_number = -1 where tenant_id = $1', [tenantId]));
    }
  });
});
