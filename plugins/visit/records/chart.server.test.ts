import { clearOfMidnight, createTestServer, type TestServer } from '../../../core/sdk/server-testing';
import cardServer from '../../card/server';
import dictServer from '../../dict/server';
import visitServer from '../server';
import { chartRange, localDay, type ChartScope, type VisitChart } from './chart';
import { directChart } from './direct-chart';

/**
 * The statistics call against the demo visits (90 days for every demo staff member of both demo
 * tenants): its shape, that every figure equals an aggregate straight over the visits, its validation,
 * its tenant and its permission.
 */
let ts: TestServer;
let admin: string;
let otherAdmin: string;
const EN = { 'Accept-Language': 'en' };

beforeAll(async () => {
  ts = await createTestServer({ plugins: [dictServer, cardServer, visitServer] });
  clearOfMidnight(ts); // the chart ends today
  admin = (await ts.signIn('admin', 'admin')).access_token;
  otherAdmin = (await ts.signIn('admin', 'admin', '100001')).access_token;
});
afterAll(() => ts.close());

const chart = (token: string, query: Record<string, string> = {}, headers: Record<string, string> = {}) => ts.get('/api/visit/info/system/chart', { token, query, headers });

/** The tenant's staff and companies that have visits, by number of visits. */
async function visited(tenantId: string) {
  return ts.ctx.db.system(async (tx) => ({
    staff: (await tx.query<{ id: string; company: string }>(`select staff_id::text as id, company_id::text as company from blade_visit where tenant_id = $1 group by 1, 2 order by count(*) desc`, [tenantId])),
    companies: (await tx.query<{ id: string }>(`select company_id::text as id from blade_visit where tenant_id = $1 group by 1 order by count(*) desc`, [tenantId])).map((r) => r.id),
  }));
}

/** The call's answer against the aggregates straight over the visits, figure by figure. */
async function expectMatchesVisits(tenantId: string, data: VisitChart, scope: ChartScope) {
  const direct = await ts.ctx.db.system((tx) => directChart(tx, tenantId, data, scope));
  for (const day of data.days) expect({ date: day.date, pv: day.pv, uv: day.uv }).toEqual({ date: day.date, ...(direct.days[day.date] ?? { pv: 0, uv: 0 }) });
  expect(Object.fromEntries(data.sources.filter((s) => s.count > 0).map((s) => [s.source, s.count]))).toEqual(direct.sources);
  expect(data.totals).toEqual({ pv: direct.pv, visitors: direct.visitors });
  const ranked = Object.entries(direct.staff).sort(([a, x], [b, y]) => y - x || (a < b ? -1 : 1)).slice(0, 10);
  expect(data.topStaff.map((s) => [s.staffId, s.count])).toEqual(ranked);
}

describe('GET /api/visit/info/system/chart', () => {
  it('answers the last 30 days by default, every day present, with sources, top staff named and totals', async () => {
    const res = await chart(admin);
    expect(res.status).toBe(200);
    const data = res.body.data as VisitChart;
    const today = localDay(ts.ctx.now());
    expect(data.endDate).toBe(today);
    expect(data.days).toHaveLength(30);
    expect(data.days[0]!.date).toBe(data.startDate);
    expect(data.days.at(-1)!.date).toBe(today);
    for (let i = 1; i < data.days.length; i++) expect(Date.parse(data.days[i]!.date) - Date.parse(data.days[i - 1]!.date)).toBe(86_400_000);
    expect(data.sources.map((s) => s.source)).toEqual([1, 2, 3, 4]);
    expect(data.totals.pv).toBe(data.days.reduce((sum, d) => sum + d.pv, 0));
    expect(data.totals.pv).toBeGreaterThan(1000); // the demo visits
    // Distinct over the range: more than any one day, fewer than the sum of the days.
    expect(data.totals.visitors).toBeGreaterThan(Math.max(...data.days.map((d) => d.uv)));
    expect(data.totals.visitors).toBeLessThan(data.days.reduce((sum, d) => sum + d.uv, 0));
    expect(data.topStaff.length).toBeGreaterThan(3);
    expect(data.topStaff.length).toBeLessThanOrEqual(10);
    expect(data.topStaff.every((s) => s.staffName !== '')).toBe(true);
    expect(data.topStaff.map((s) => s.count)).toEqual([...data.topStaff.map((s) => s.count)].sort((a, b) => b - a));
    await expectMatchesVisits('000000', data, { scope: 't', id: '0' });
  });

  it('equals the aggregates over the visits for the tenant, a company and a staff member, over ranges up to 366 days', async () => {
    const { staff, companies } = await visited('000000');
    const today = localDay(ts.ctx.now());
    const ranges = [chartRange({ endDate: today }, today), chartRange({ startDate: '2000-01-01', endDate: '2000-01-31' }, today), { ...chartRange({}, today), startDate: shift(today, -365) }];
    for (const range of ranges) {
      const tenant = await chart(admin, { startDate: range.startDate, endDate: range.endDate });
      expect(tenant.status).toBe(200);
      await expectMatchesVisits('000000', tenant.body.data, { scope: 't', id: '0' });
      const company = await chart(admin, { ...range, companyId: companies[1]! });
      await expectMatchesVisits('000000', company.body.data, { scope: 'c', id: companies[1]! });
      expect(company.body.data.topStaff.every((s: { staffId: string }) => staff.find((m) => m.id === s.staffId)?.company === companies[1])).toBe(true);
      const one = await chart(admin, { ...range, staffId: staff[2]!.id, companyId: companies[0]! });
      await expectMatchesVisits('000000', one.body.data, { scope: 's', id: staff[2]!.id });
    }
  });

  it('refuses bad dates, a start after the end and ranges over 366 days, in the caller\'s language', async () => {
    const cases: [Record<string, string>, string, string][] = [
      [{ startDate: '2024/01/01' }, '日期格式应为 yyyy-MM-dd', 'Dates are written yyyy-MM-dd'],
      [{ endDate: '2024-02-30' }, '日期格式应为 yyyy-MM-dd', 'Dates are written yyyy-MM-dd'],
      [{ startDate: '2024-03-02', endDate: '2024-03-01' }, '开始日期不能晚于结束日期', 'The start date must not be after the end date'],
      [{ startDate: '2023-01-01', endDate: '2024-01-02' }, '日期范围不能超过366天', 'A date range has at most 366 days'],
      [{ staffId: 'abc' }, '请求参数格式错误: staffId', 'Malformed parameter: staffId'],
      [{ companyId: '-1' }, '请求参数格式错误: companyId', 'Malformed parameter: companyId'],
    ];
    for (const [query, zh, en] of cases) {
      const inChinese = await chart(admin, query);
      expect([inChinese.status, inChinese.body.msg]).toEqual([400, zh]);
      expect((await chart(admin, query, EN)).body.msg).toBe(en);
    }
    const leapYear = await chart(admin, { startDate: '2024-01-01', endDate: '2024-12-31' });
    expect(leapYear.status).toBe(200);
    expect(leapYear.body.data.days).toHaveLength(366);
  });

  it("is the caller's tenant's alone: another tenant's figures differ, and its company and staff ids are refused", async () => {
    const mine = (await chart(admin)).body.data as VisitChart;
    const theirs = (await chart(otherAdmin)).body.data as VisitChart;
    expect(theirs.totals.pv).toBeGreaterThan(0);
    expect(theirs.totals.pv).not.toBe(mine.totals.pv);
    await expectMatchesVisits('100001', theirs, { scope: 't', id: '0' });
    const foreign = await visited('100001');
    expect(mine.topStaff.some((s) => foreign.staff.some((f) => f.id === s.staffId))).toBe(false);
    const staff = await chart(admin, { staffId: foreign.staff[0]!.id });
    expect([staff.status, staff.body.msg]).toEqual([400, '员工不存在']);
    const company = await chart(admin, { companyId: foreign.companies[0]! }, EN);
    expect([company.status, company.body.msg]).toEqual([400, 'No such company']);
  });

  it('needs visit_chart: the demo user role reads it, a role without it is refused before its input is judged', async () => {
    const demo = (await ts.signIn('demo', 'demo')).access_token;
    expect((await chart(demo)).status).toBe(200);
    const roleId = await ts.addRole({ tenantId: '000000', alias: 'records-only', codes: ['visit_info'] });
    await ts.addUser({ tenantId: '000000', account: 'records-only', password: 'x', roleId });
    const recordsOnly = (await ts.signIn('records-only', 'x')).access_token;
    const refused = await chart(recordsOnly, { startDate: 'nonsense' });
    expect([refused.status, refused.body.msg]).toEqual([403, '没有权限执行此操作']);
  });
});

function shift(date: string, days: number): string {
  return new Date(Date.parse(`${date}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);
}
