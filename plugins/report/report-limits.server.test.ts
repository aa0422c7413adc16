import { afterAll, beforeAll, describe, expect, test } from '@rstest/core';
import { DEMO_TENANT } from '../../core/sdk/server';
import { serverBackends, type TestServer } from '../../core/sdk/server-testing';
import dictServer from '../dict/server';
import mallServer from '../mall/server';
import reportServer from './server';

/**
 * The limits of a run on both databases: the time-out (enforced by PostgreSQL; on PGlite, which cannot
 * interrupt a query, the planner's estimate is refused before the query runs), row-level security against
 * a SQL that names another tenant, and a read-only transaction. PostgreSQL runs when TEST_DATABASE_URL
 * names one.
 */
const BASE = '/api/blade-report/report/rest';

describe.each(serverBackends())('report limits on $name', (backend) => {
  let ts: TestServer;
  let admin: string;
  let demoAdmin: string;

  beforeAll(async () => {
    ts = await backend.start({ plugins: [dictServer, mallServer, reportServer] });
    admin = (await ts.signIn('admin', 'admin')).access_token;
    demoAdmin = (await ts.signIn('admin', 'admin', DEMO_TENANT.tenantId)).access_token;
  });
  afterAll(() => ts?.close());

  const attempt = (sql: string, timeoutMs: number, token = admin, headers?: Record<string, string>) => ts.post(`${BASE}/try`, { token, json: { sql, timeoutMs }, headers });

  /**
   * What stops a query beyond its time-out: PostgreSQL cancels it there (the time-out's own message comes
   * only from that cancellation), PGlite refuses it on the planner's estimate before it runs. How soon the
   * answer comes is a figure of `npm run bench` (tests/bench/limits.ts), not asserted here.
   */
  const stoppedAt = (ms: number) => (backend.name === 'PostgreSQL' ? `报表运行超时（超过 ${ms} 毫秒）` : `报表查询预估开销超过 ${ms} 毫秒的时限，请缩小范围或增加条件`);

  test('a slow query is stopped at its time-out, with the limit in the message', async () => {
    // A hundred million rows: tens of seconds on either database.
    const slow = `select count(*) as n from generate_series(1, 100000000) as g(i)`;
    const res = await attempt(slow, 300);
    expect([res.status, res.body.msg]).toEqual([400, stoppedAt(300)]);
    expect((await attempt(slow, 300, admin, { 'Accept-Language': 'en' })).body.msg).toMatch(/300 ms time-out|time-out \(300 ms\)/);
    // The server is free again at once.
    expect((await attempt('select 1 as one', 300)).body.data.rows).toEqual([[1]]);
  });

  test('a cross join of the orders is refused or stopped, never left to run', async () => {
    const res = await attempt(`select count(*) as n from mall_order a, mall_order b, mall_order c, mall_order d, mall_order e`, 200);
    expect([res.status, res.body.msg]).toEqual([400, stoppedAt(200)]);
  });

  test("a query naming another tenant's rows finds none of them", async () => {
    const res = await attempt(`select count(*) as n, count(distinct tenant_id) as tenants from mall_order where tenant_id = '000000'`, 5000, demoAdmin);
    expect(res.body.data.rows).toEqual([[0, 0]]);
    const own = await attempt(`select count(*) as n from mall_order`, 5000, demoAdmin);
    expect(own.body.data.rows[0][0]).toBeGreaterThan(0);
  });

  test('the transaction a report runs in refuses writes', async () => {
    const message = await ts.ctx.db
      .tenant('000000', async (tx) => {
        await tx.query(`select set_config('transaction_read_only', 'on', true)`);
        await tx.query(`delete from mall_order where false`);
      })
      .catch((error: Error) => error.message);
    expect(message).toBe('cannot execute DELETE in a read-only transaction');
  });

  test('the seeded daily sales report runs', async () => {
    const list = (await ts.get(`${BASE}/list`, { token: admin })).body.data.records as { id: string; name: string }[];
    const sales = list.find((r) => r.name === '商城每日销售')!;
    const res = await ts.post(`${BASE}/run`, { token: admin, json: { id: sales.id, params: { start: '2020-02-27', end: '2020-03-01' } } });
    expect(res.body.data.rows.map((r: unknown[]) => r[0])).toEqual(['2020-02-27', '2020-02-28', '2020-02-29', '2020-03-01']);
  });
});
