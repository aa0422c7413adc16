import { createTestServer, type TestServer } from '../../../core/sdk/server-testing';
import cardServer from '../../card/server';
import dictServer from '../../dict/server';
import visitServer from '../server';
import { maskVisitorId } from './server';

/**
 * The visit records as the back office reads them (`/api/visit/info/page` and `detail`, code
 * `visit_info`): the demo visits newest first, visitor ids masked, names added, the filters of the
 * screen, read only, tenant by tenant, for the roles that hold the code.
 */
let ts: TestServer;
let admin: string;
let otherAdmin: string;
type Visit = Record<string, string | number>;

beforeAll(async () => {
  ts = await createTestServer({ plugins: [dictServer, cardServer, visitServer] });
  admin = (await ts.signIn('admin', 'admin')).access_token;
  otherAdmin = (await ts.signIn('admin', 'admin', '100001')).access_token;
});
afterAll(() => ts.close());

const page = (token: string, query: Record<string, string | number> = {}) => ts.get('/api/visit/info/page', { token, query });

describe('GET /api/visit/info/page', () => {
  it('lists the demo visits newest first, each with its staff and company names, the visitor id masked', async () => {
    const res = await page(admin, { size: 50 });
    expect(res.status).toBe(200);
    const records = res.body.data.records as Visit[];
    expect(res.body.data.total).toBeGreaterThan(1000);
    expect(records.map((r) => r.visitTime)).toEqual([...records.map((r) => r.visitTime)].sort().reverse());
    for (const r of records) {
      expect(r.visitorId).toMatch(/^.{4}\*{4}.{4}$/);
      expect(r.staffName).not.toBe('');
      expect(r.companyName).not.toBe('');
      expect([1, 2, 3, 4]).toContain(r.source);
      expect(String(r.actions).split(',')).toContain('view');
    }
    const stored = await ts.ctx.db.system((tx) => tx.one<{ visitor_id: string }>(`select visitor_id from blade_visit where id = $1`, [records[0]!.id]));
    expect(records[0]!.visitorId).toBe(maskVisitorId(stored!.visitor_id));
    expect(stored!.visitor_id).not.toContain('*');
    const detail = await ts.get('/api/visit/info/detail', { token: admin, query: { id: records[0]!.id } });
    expect(detail.body.data).toMatchObject({ id: records[0]!.id, visitorId: records[0]!.visitorId, staffName: records[0]!.staffName });
  });

  it('masks short ids too, keeping less of them', () => {
    expect(maskVisitorId('oWx_Visitor-0001')).toBe('oWx_****0001');
    expect(maskVisitorId('abcdefgh')).toBe('ab****gh');
  });

  it('filters by staff, company, source and a visit-time range, and refuses other keys', async () => {
    const [first] = (await page(admin, { size: 1 })).body.data.records as Visit[];
    const byStaff = (await page(admin, { staffId_equal: first!.staffId, size: 100 })).body.data.records as Visit[];
    expect(byStaff.length).toBeGreaterThan(10);
    expect(byStaff.every((r) => r.staffId === first!.staffId)).toBe(true);
    const byCompany = (await page(admin, { companyId_equal: first!.companyId, size: 100 })).body.data.records as Visit[];
    expect(byCompany.every((r) => r.companyId === first!.companyId)).toBe(true);
    const bySource = (await page(admin, { source_equal: 4, size: 100 })).body.data.records as Visit[];
    expect(bySource.length).toBeGreaterThan(10);
    expect(bySource.every((r) => r.source === 4)).toBe(true);
    const day = String(first!.visitTime).slice(0, 10);
    const yesterday = new Date(Date.parse(`${day}T00:00:00Z`) - 86_400_000).toISOString().slice(0, 10);
    const range = await page(admin, { visitTime_datege: `${yesterday} 00:00:00`, visitTime_datelt: `${day} 00:00:00`, size: 500 });
    const inRange = range.body.data.records as Visit[];
    expect(inRange.length).toBeGreaterThan(10);
    expect(inRange.every((r) => String(r.visitTime).startsWith(yesterday))).toBe(true);
    const refused = await page(admin, { visitorId_equal: 'x' });
    expect([refused.status, refused.body.msg]).toEqual([400, '不支持的查询条件: visitorId_equal']);
  });

  it('is read only: no save, no removal', async () => {
    for (const path of ['/api/visit/info/submit', '/api/visit/info/remove', '/api/visit/info/save']) {
      expect((await ts.post(path, { token: admin, json: { id: '1' }, query: { ids: '1' } })).status).toBe(404);
    }
  });

  it("shows a tenant its own visits only: another tenant's visit id finds nothing", async () => {
    const [mine] = (await page(admin, { size: 1 })).body.data.records as Visit[];
    const theirs = (await page(otherAdmin, { size: 200 })).body.data.records as Visit[];
    expect(theirs.length).toBeGreaterThan(0);
    expect(theirs.every((r) => r.tenantId === '100001')).toBe(true);
    expect((await ts.get('/api/visit/info/detail', { token: otherAdmin, query: { id: mine!.id } })).body.data).toBeNull();
    expect(((await page(otherAdmin, { staffId_equal: mine!.staffId })).body.data.records as Visit[]).length).toBe(0);
  });

  it('is read by holders of visit_info (the demo user role) and by nobody else', async () => {
    const demo = (await ts.signIn('demo', 'demo')).access_token;
    expect((await page(demo)).status).toBe(200);
    const roleId = await ts.addRole({ tenantId: '000000', alias: 'chart-only', codes: ['visit_chart'] });
    await ts.addUser({ tenantId: '000000', account: 'chart-only', password: 'x', roleId });
    const chartOnly = (await ts.signIn('chart-only', 'x')).access_token;
    const refused = await page(chartOnly);
    expect([refused.status, refused.body.msg]).toEqual([403, '没有权限执行此操作']);
  });

  it('has the indexes its list and filters need at a million rows', async () => {
    const indexes = await ts.ctx.db.system((tx) => tx.query<{ def: string }>(`select indexdef as def from pg_indexes where tablename = 'blade_visit'`));
    const defs = indexes.map((i) => i.def.replace(/^.* USING btree /, ''));
    expect(defs).toEqual(
      expect.arrayContaining([
        '(tenant_id, visit_time DESC NULLS LAST, id DESC)',
        '(tenant_id, staff_id, visit_time DESC NULLS LAST, id DESC)',
        '(tenant_id, company_id, visit_time DESC NULLS LAST, id DESC)',
      ]),
    );
  });
});
