import { afterAll, beforeAll, describe, expect, test } from '@rstest/core';
import { createTestServer, type TestServer } from '../test-server';

/**
 * Tenancy is enforced twice: the data layer filters by the caller's tenant, and PostgreSQL row-level
 * security confines every request transaction to it even when a query forgets the filter.
 */
let ts: TestServer;
let a: { token: string; userId: string };
let b: { token: string; userId: string };

beforeAll(async () => {
  ts = await createTestServer();
  for (const tenantId of ['500001', '500002']) {
    const { userRoleId } = await ts.addTenant(tenantId);
    await ts.addUser({ tenantId, account: 'alice', password: 'pw', roleId: userRoleId, realName: `alice of ${tenantId}` });
  }
  const sa = await ts.signIn('alice', 'pw', '500001');
  const sb = await ts.signIn('alice', 'pw', '500002');
  a = { token: sa.access_token, userId: sa.user_id };
  b = { token: sb.access_token, userId: sb.user_id };
});
afterAll(() => ts.close());

describe('row-level security (PGlite)', () => {
  test('every table with tenant_id has RLS enabled, with the tenant policy', async () => {
    const rows = await ts.ctx.db.system((tx) =>
      tx.query<{ relname: string; relrowsecurity: boolean; relforcerowsecurity: boolean; policies: number }>(
        `select c.relname, c.relrowsecurity, c.relforcerowsecurity,
                (select count(*)::int from pg_policies p where p.tablename = c.relname and p.policyname = 'tenant_isolation') as policies
           from pg_class c join information_schema.columns col on col.table_name = c.relname and col.column_name = 'tenant_id'
          where c.relkind = 'r' and col.table_schema = 'public' order by 1`,
      ),
    );
    expect(rows.map((r) => r.relname)).toEqual(
      expect.arrayContaining(['blade_user', 'blade_role', 'blade_role_menu', 'blade_refresh_token', 'blade_attach', 'blade_log_error', 'blade_tenant']),
    );
    // Not forced: the owner (migrations, system look-ups, the engine's list reads) reads every row anyway.
    for (const row of rows) expect(row).toMatchObject({ relrowsecurity: true, relforcerowsecurity: false, policies: 1 });
  });

  test('a query WITHOUT a tenant filter sees only the caller tenant rows, as a non-superuser', async () => {
    const seen = await ts.ctx.db.tenant('500001', async (tx) => ({
      who: await tx.one<{ current_user: string; super: boolean }>(`select current_user, (select rolsuper from pg_roles where rolname = current_user) as super`),
      users: await tx.query<{ tenant_id: string }>('select tenant_id from blade_user'),
      tenants: await tx.query<{ tenant_id: string }>('select tenant_id from blade_tenant'),
    }));
    expect(seen.who).toEqual({ current_user: 'blade_app', super: false });
    expect(seen.users.length).toBe(1);
    expect(new Set(seen.users.map((u) => u.tenant_id))).toEqual(new Set(['500001']));
    expect(seen.tenants).toEqual([{ tenant_id: '500001' }]);
    const all = await ts.ctx.db.system((tx) => tx.query('select 1 from blade_user'));
    expect(all.length).toBeGreaterThan(3);
  });

  test('writing or changing another tenant rows is impossible even without a filter', async () => {
    await expect(
      ts.ctx.db.tenant('500001', (tx) => tx.query(`insert into blade_role (id, tenant_id, role_name, role_alias) values (1, '500002', 'x', 'x')`)),
    ).rejects.toThrow(/row-level security/);
    const changed = await ts.ctx.db.tenant('500001', (tx) => tx.query(`update blade_user set real_name = 'hacked' where account = 'alice' returning tenant_id`));
    expect(changed).toEqual([{ tenant_id: '500001' }]);
    const other = await ts.ctx.db.system((tx) => tx.one<{ real_name: string }>(`select real_name from blade_user where tenant_id = '500002' and account = 'alice'`));
    expect(other!.real_name).toBe('alice of 500002');
    const moved = ts.ctx.db.tenant('500001', (tx) => tx.query(`update blade_user set tenant_id = '500002' where account = 'alice'`));
    await expect(moved).rejects.toThrow(/row-level security/);
  });

  test('a public (global) transaction sees no tenant row at all', async () => {
    const rows = await ts.ctx.db.global((tx) => tx.query('select 1 from blade_user'));
    expect(rows).toEqual([]);
    expect((await ts.ctx.db.global((tx) => tx.query('select 1 from blade_menu'))).length).toBeGreaterThan(0);
  });

  test('the role and tenant setting do not leak out of the transaction', async () => {
    await ts.ctx.db.tenant('500001', (tx) => tx.query('select 1'));
    const after = await ts.ctx.db.system((tx) => tx.one<{ current_user: string; tenant: string | null }>(`select current_user, current_setting('app.tenant_id', true) as tenant`));
    expect(after!.current_user).not.toBe('blade_app');
    expect(after!.tenant || '').toBe('');
  });
});

describe('through the API, a user of one tenant never reaches the other', () => {
  test('same account name in two tenants: each sees and changes only its own', async () => {
    const infoA = await ts.get('/api/blade-user/info', { token: a.token });
    const infoB = await ts.get('/api/blade-user/info', { token: b.token });
    expect(infoA.body.data).toMatchObject({ tenantId: '500001', id: a.userId });
    expect(infoB.body.data).toMatchObject({ tenantId: '500002', id: b.userId });
    await ts.post('/api/blade-user/update-info', { token: a.token, json: { realName: 'A renamed', tenantId: '500002', id: b.userId } });
    expect((await ts.get('/api/blade-user/info', { token: b.token })).body.data.realName).not.toBe('A renamed');
    expect((await ts.get('/api/blade-user/info', { token: a.token })).body.data.realName).toBe('A renamed');
  });

  test('the menu, top menus and uploads of one tenant are not the other', async () => {
    const top = await ts.get('/api/blade-system/menu/top-menu', { token: a.token });
    for (const t of top.body.data) expect(t.tenantId).toBe('500001');
    const png = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 1, 2, 3]);
    const form = new FormData();
    form.append('file', new File([png], 'a.png', { type: 'image/png' }));
    const up = await ts.post('/api/blade-resource/oss/endpoint/put-file', { token: a.token, body: form });
    const seenByB = await ts.ctx.db.tenant('500002', (tx) => tx.query('select 1 from blade_attach where id = $1', [up.body.data.attachId]));
    expect(seenByB).toEqual([]);
  });

  test('a token of tenant A cannot be refreshed as tenant B', async () => {
    const s = await ts.signIn('alice', 'pw', '500001');
    const res = await ts.token({ tenantId: '500002', refresh_token: s.refresh_token, grant_type: 'refresh_token' });
    expect(res.body.error_description).toBe('令牌授权已过期');
  });
});
