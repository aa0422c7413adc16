/**
 * The mall's order list at a million orders, on PGlite and on PostgreSQL: p50 / p99 of
 * `GET /api/mall/order/page` as the order screen sends it (page size 10, newest first, the engine's own
 * endpoint through the real HTTP stack of a server process), unfiltered and with each filter the screen
 * offers (status, order number equal and by its leading digits, the buyer's mobile, a create-time range),
 * on page 1 and on page 500, with the total the first answer gave (the engine counts at most 10,000 rows
 * past the page, so a larger total is a lower bound). Printed, never asserted.
 *
 * The orders are written straight into `mall_order` (generate_series, in chunks), spread over the 365
 * days before the load, 70 % in tenant 000000 and 30 % in 100001, in every state, each with its number,
 * buyer (a pool of 200,000 mobiles), amounts and times. Their lines are left out: the list reads none.
 *
 * - BENCH_ORDERS: how many (default 1M).
 * - BENCH_CALLS: calls per case (default 100, after a tenth of them unmeasured).
 * - BENCH_DATABASE_URL (else TEST_DATABASE_URL): the PostgreSQL to measure besides PGlite; a database
 *   `<name>_orders_<n>` is made beside it and kept, as is a PGlite folder, so a second run starts at once.
 * - BENCH_DATABASES: `pglite`, `postgres` or both (default both, PostgreSQL when a URL is set).
 *
 * Alone: `npx tsx tests/bench/mall-orders.ts`. From the bench runner: `await benchMallOrders()`.
 */
import { pathToFileURL } from 'node:url';
import { startServerProcess } from '../e2e/server-process';
import { benchTargets, fillInChunks, ID_BASE, loadOnce, ms, readyLine, time, type BenchTarget } from './bench-kit';
import { signIn } from './list-load';
import { parseSizes } from './server';

const TABLE = 'mall_order';
const PAGE_URL = '/api/mall/order/page';
/** Changes when the orders below change: a database holding another recipe is loaded again. */
const RECIPE = 'orders-v1';
const BUYERS = 200_000;
const PAGE_SIZE = 10;
const DEEP_PAGE = 500;

/**
 * Brings the target to `orders` bench orders; a database that holds them already is kept. Order g: tenant
 * 100001 when g % 10 ≥ 7; made at a random moment of the last 365 days; state by a fixed mix (pending 8 %,
 * paid 12 %, shipped 15 %, completed 55 %, cancelled 7 %, refunded 3 %); number `MO` + its second + g in 12 digits.
 */
function prepare(target: BenchTarget, orders: number) {
  return loadOnce(target, {
    table: TABLE,
    mark: `bench:${RECIPE}:${orders}`,
    load: async (server, stale) => {
      if (!stale) return;
      await fillInChunks(server, TABLE, orders, (tx, first, last) =>
        tx.query(
          `insert into ${TABLE} (id, tenant_id, order_no, buyer_name, buyer_mobile, address, amount, freight, pay_amount, item_count, status,
                                 logistics_company, logistics_no, remark, pay_time, ship_time, complete_time, cancel_time, refund_time,
                                 create_time, update_time, is_deleted)
           select $1::bigint + g, t.tenant, 'MO' || to_char(t.made, 'YYYYMMDDHH24MISS') || lpad(g::text, 12, '0'),
                  (array['王小明','李娜','张伟','刘洋','陈静','杨帆','赵磊','黄丽','周杰','吴敏'])[1 + g % 10],
                  '1' || (array['3','5','7','8','9'])[1 + (r.b * 5)::int % 5] || lpad(floor(r.b * ${BUYERS})::int::text, 9, '0'),
                  '上海市浦东新区张江路 ' || (g % 999 + 1) || ' 号', t.amount, t.freight, t.amount + t.freight, 1 + g % 3, t.status,
                  case when t.status in (2, 3) then '顺丰速运' end, case when t.status in (2, 3) then 'SF' || (1000000000 + g) end, null,
                  case when t.status in (1, 2, 3, 5) then t.made + interval '3 minutes' end,
                  case when t.status in (2, 3) then t.made + interval '1 day' end,
                  case when t.status = 3 then t.made + interval '4 days' end,
                  case when t.status = 4 then t.made + interval '1 hour' end,
                  case when t.status = 5 then t.made + interval '2 days' end,
                  t.made, t.made, 0
             from generate_series($2::int, $3::int) g,
                  lateral (select random() as a, random() as b, random() as c, random() as d, g as keep) r,
                  lateral (select case when g % 10 >= 7 then $4 else '000000' end as tenant,
                                  date_trunc('second', now() - r.a * interval '365 days') as made,
                                  (1990 + floor(r.c * 298000))::bigint as amount,
                                  case when r.c < 0.6 then 0 else 1000 end::bigint as freight,
                                  case when r.d < 0.08 then 0 when r.d < 0.20 then 1 when r.d < 0.35 then 2 when r.d < 0.90 then 3 when r.d < 0.97 then 4 else 5 end as status) t`,
          [ID_BASE, first, last, '100001'],
        ),
      );
    },
  });
}

const pad2 = (n: number) => String(n).padStart(2, '0');
/** `yyyy-MM-dd HH:mm:ss` of the local day `days` before today, at midnight. */
const dayStart = (days: number) => {
  const d = new Date();
  d.setDate(d.getDate() - days);
  return `${d.getFullYear()}-${pad2(d.getMonth() + 1)}-${pad2(d.getDate())} 00:00:00`;
};

/** The cases, each a query of the page call; `sample` is an order of the bench tenant (its number and mobile). */
function cases(sample: { orderNo: string; buyerMobile: string }): { label: string; query: Record<string, string> }[] {
  const week = { createTime_dategt: dayStart(37), createTime_datelt: dayStart(30) };
  const deep = { current: String(DEEP_PAGE) };
  return [
    { label: 'no filter', query: {} },
    { label: 'no filter, page 500', query: deep },
    { label: 'status paid', query: { status_equal: '1' } },
    { label: 'status paid, page 500', query: { status_equal: '1', ...deep } },
    { label: 'status completed, p 500', query: { status_equal: '3', ...deep } },
    { label: 'order no. equal', query: { orderNo_equal: sample.orderNo } },
    { label: 'order no. typed whole', query: { orderNo: sample.orderNo } },
    // The number's day (MO + yyyyMMdd): a day's orders, as one types the start of a number.
    { label: 'order no. of a day', query: { orderNo: sample.orderNo.slice(0, 10) } },
    { label: 'mobile equal', query: { buyerMobile_equal: sample.buyerMobile } },
    { label: 'mobile typed whole', query: { buyerMobile: sample.buyerMobile } },
    { label: 'mobile last 4 digits', query: { buyerMobile: sample.buyerMobile.slice(-4) } },
    { label: 'create time, a week', query: week },
    { label: 'a week, page 500', query: { ...week, ...deep } },
    { label: 'a week and status paid', query: { ...week, status_equal: '1' } },
  ];
}

export async function benchMallOrders(options: { log?: (line: string) => void } = {}): Promise<void> {
  const log = options.log ?? ((line: string) => console.log(line));
  const orders = parseSizes(process.env.BENCH_ORDERS ?? '1M')[0]!;
  const calls = Number(process.env.BENCH_CALLS ?? 100);
  log(`\nmall orders: GET ${PAGE_URL}?size=${PAGE_SIZE}&… (newest first) on ${orders.toLocaleString('en')} orders over 365 days in two tenants, as the administrator of 000000; ${calls} calls per case one after the other; ms`);
  for (const makeTarget of benchTargets('orders', orders, log)) {
    const target = await makeTarget();
    log(readyLine(target, await prepare(target, orders)));
    const server = await startServerProcess({ ...target.env, RATE_LIMITS: 'off' }, { browserApp: false });
    try {
      const token = await signIn(server.url, 'admin');
      const headers = { 'Blade-Auth': `bearer ${token}` };
      const page = (query: Record<string, string>) => fetch(`${server.url}${PAGE_URL}?${new URLSearchParams({ current: '1', size: String(PAGE_SIZE), ...query })}`, { headers });
      // An order of half a year ago: its number and buyer are what the lookups ask for (a recent one would
      // be found early by any walk of the list in its order, whatever the indexes).
      type Answer = { data?: { records?: { orderNo: string; buyerMobile: string }[] } };
      const older = (await (await page({ createTime_datelt: dayStart(182) })).json()) as Answer;
      const sample = older.data?.records?.[0];
      if (!sample) throw new Error('bench: the order list answered no orders');
      log(`      ${'case'.padEnd(26)}      p50      p99    total`);
      for (const c of cases(sample)) {
        const r = await time(calls, () => page(c.query));
        log(`      ${c.label.padEnd(26)} ${ms(r.p50, 8)} ${ms(r.p99, 8)} ${String(r.total).padStart(8)}${r.errors ? `  (${r.errors} errors)` : ''}`);
      }
    } finally {
      await server.stop();
    }
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  benchMallOrders().catch((error) => {
    console.error(error);
    process.exit(1);
  });
}
