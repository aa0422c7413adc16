import { afterAll, beforeAll, describe, expect, test } from '@rstest/core';
import { DEMO_TENANT } from '../../../core/sdk/server';
import { createTestServer, type TestServer } from '../../../core/sdk/server-testing';
import dictServer from '../../dict/server';
import cardServer from '../server';

/**
 * 系统员工 (`/api/staff/system/*`: page, detail, remove): every tenant's staff for the super administrator,
 * each row with its tenant and company; refused to everyone else, a tenant's own administrator included.
 */
const BASE = '/api/staff/system';
type Row = Record<string, unknown> & { id: string; name: string; tenantId: string };

let ts: TestServer;
let admin: string; // the super administrator (administrator of 000000)
let demoAdmin: string; // the administrator of 100001
let manager: string; // 000000, granted the system staff codes, not an administrator

const page = (query: Record<string, string> = {}, token = admin) => ts.get(`${BASE}/page`, { token, query: { size: 100, ...query } });

beforeAll(async () => {
  ts = await createTestServer({ plugins: [dictServer, cardServer] });
  admin = (await ts.signIn('admin', 'admin')).access_token;
  demoAdmin = (await ts.signIn('admin', 'admin', DEMO_TENANT.tenantId)).access_token;
  const roleId = await ts.addRole({ tenantId: '000000', alias: 'manager', codes: ['staff_system', 'staff_system_view', 'staff_system_delete', 'staff', 'staff_view'] });
  await ts.addUser({ tenantId: '000000', account: 'manager', password: 'manager', roleId });
  manager = (await ts.signIn('manager', 'manager')).access_token;
});
afterAll(() => ts.close());

describe('system staff', () => {
  test('the menu is the super administrator’s, under 系统管理, with view and delete', async () => {
    type Node = { code: string; name: string; path?: string; children?: Node[] };
    const routes = (await ts.get('/api/blade-system/menu/routes', { token: admin })).body.data as Node[];
    expect(routes.find((m) => m.code === 'system')?.children?.find((m) => m.code === 'staff_system')).toMatchObject({ name: '系统员工', path: '/system/staff' });
    const buttons = (await ts.get('/api/blade-system/menu/buttons', { token: admin })).body.data as Node[];
    expect(buttons.find((m) => m.code === 'staff_system')?.children?.map((b) => b.code)).toEqual(['staff_system_delete', 'staff_system_view']);
    const theirs = (await ts.get('/api/blade-system/menu/routes', { token: demoAdmin })).body.data as Node[];
    expect(JSON.stringify(theirs)).not.toContain('staff_system');
  });

  test('lists the staff of every tenant with the tenant’s and the company’s names; filters by name and tenant', async () => {
    const res = await page();
    expect(res.status).toBe(200);
    const rows = res.body.data.records as Row[];
    expect(new Set(rows.map((r) => r.tenantId))).toEqual(new Set(['000000', DEMO_TENANT.tenantId]));
    expect(rows.length).toBe(16);
    const spruce = rows.find((r) => r.name === '郑嘉怡')!;
    expect(spruce).toMatchObject({ tenantId: DEMO_TENANT.tenantId, tenantName: '演示租户', companyName: '云杉家居', userAccount: '13760320011' });
    expect(String(spruce.cardUrl)).toMatch(/\/card\?t=/);
    expect(ts.ctx.tokens.verifyFor('card', new URL(String(spruce.cardUrl)).searchParams.get('t')!)).toBe(`${DEMO_TENANT.tenantId}:${spruce.id}`);
    expect(((await page({ name: '清和' })).body.data.records as Row[]).map((r) => r.name)).toEqual(['沈清和']);
    expect(((await page({ tenantId_equal: '000000' })).body.data.records as Row[]).every((r) => r.tenantId === '000000')).toBe(true);
    const detail = (await ts.get(`${BASE}/detail`, { token: admin, query: { id: spruce.id } })).body.data as Row;
    expect(detail).toMatchObject({ name: '郑嘉怡', tenantName: '演示租户', companyName: '云杉家居' });
  });

  test('removes across tenants: the tenant’s own list no longer has the row', async () => {
    const target = ((await page({ name: '韩明轩' })).body.data.records as Row[])[0]!;
    expect((await ts.post(`${BASE}/remove`, { token: admin, query: { ids: target.id } })).body.success).toBe(true);
    const theirs = (await ts.get('/api/staff/info/page', { token: demoAdmin, query: { size: 100 } })).body.data.records as Row[];
    expect(theirs.some((r) => r.id === target.id)).toBe(false);
    expect((await ts.get(`${BASE}/detail`, { token: admin, query: { id: target.id } })).body.data).toBeNull();
  });

  test('refused (403) to a tenant’s administrator and to a user of 000000 holding the codes; there is no save', async () => {
    const some = ((await page()).body.data.records as Row[])[0]!;
    for (const token of [demoAdmin, manager]) {
      for (const res of [
        await page({}, token),
        await ts.get(`${BASE}/detail`, { token, query: { id: some.id } }),
        await ts.post(`${BASE}/remove`, { token, query: { ids: some.id } }),
      ]) {
        expect([res.status, res.body.code]).toEqual([403, 403]);
      }
    }
    expect((await ts.get(`${BASE}/detail`, { token: admin, query: { id: some.id } })).body.data.id).toBe(some.id);
    expect((await ts.post(`${BASE}/save`, { token: admin, json: { name: 'x' } })).status).toBe(404);
    expect((await ts.post(`${BASE}/update`, { token: admin, json: { id: some.id, name: 'x' } })).status).toBe(404);
  });
});
