/**
 * The visit statistics at a million visits, on PGlite and on PostgreSQL: p50 / p95 / p99 of
 * `GET /api/visit/info/system/chart` through the real HTTP stack (a server process) for 30 days, 366
 * days, one company and one staff member; what the same figures cost straight from the visits (why the
 * roll-up exists); 50 visits recorded at once, then the roll-up checked against the visits; and the cost
 * of one recorded visit (`POST /api/visit/record`). Printed, never asserted.
 *
 * - BENCH_VISITS: visits of the bench tenant (000000), spread over the 366 days ending today (default 1M).
 * - BENCH_CALLS: calls per case (default 200, after 20 unmeasured).
 * - BENCH_DATABASE_URL (else TEST_DATABASE_URL): the PostgreSQL to measure besides PGlite; a database
 *   `<name>_visits_<n>` is made beside it and kept, as is a PGlite folder, so a second run starts at once.
 * - BENCH_DATABASES: `pglite`, `postgres` or both (default both, PostgreSQL when a URL is set).
 *
 * Alone: `npx tsx tests/bench/visit-stats.ts`. From the bench runner: `await benchVisitStats()`.
 */
import { pathToFileURL } from 'node:url';
import { type OpenServer } from '../../core/server/start';
import { localDay, visitChart, type ChartScope } from '../../plugins/visit/records/chart';
import { directChart } from '../../plugins/visit/records/direct-chart';
import { rebuildRollUp } from '../../plugins/visit/records/rollup';
import { startServerProcess } from '../e2e/server-process';
import { benchTargets, fillInChunks, ID_BASE, loadOnce, ms, openBenchServer, readyLine, time, type BenchTarget } from './bench-kit';
import { signIn } from './list-load';
import { parseSizes } from './server';

const TENANT = '000000';
const BENCH_STAFF = 120;
/** Changes when the visits below change: a database holding another recipe is loaded again. */
const RECIPE = 'visits-v1';
/** Distinct visitors the bench tenant's cards reach in the year. */
const VISITOR_POOL = 250_000;

/** The visits and the roll-up's tables, vacuumed after a load. */
const TABLES = ['blade_visit', 'blade_visit_daily', 'blade_visit_daily_staff', 'blade_visit_last', 'blade_visit_daily_prev'];

/** An API call on the in-process server as its administrator. */
async function call(server: OpenServer, token: string, method: string, path: string, json?: unknown): Promise<{ success?: boolean; data?: unknown; msg?: string }> {
  const res = await server.app.request(path, {
    method,
    headers: { 'Blade-Auth': `bearer ${token}`, ...(json ? { 'Content-Type': 'application/json' } : {}) },
    body: json ? JSON.stringify(json) : undefined,
  });
  return (await res.json()) as { success?: boolean; data?: unknown; msg?: string };
}

/** The bench staff (made through the card plugin's own API, so its rules and names apply), by id with their company. */
async function benchStaff(server: OpenServer): Promise<{ id: string; companyId: string }[]> {
  const token = (
    (await (
      await server.app.request(`/api/blade-auth/oauth/token?${new URLSearchParams({ tenantId: TENANT, username: 'admin', password: '21232f297a57a5a743894a0e4a801fc3', grant_type: 'password', scope: 'all' })}`, {
        method: 'POST',
        headers: { Authorization: `Basic ${Buffer.from('saber:saber_secret').toString('base64')}`, 'Tenant-Id': TENANT },
      })
    ).json()) as { access_token: string }
  ).access_token;
  const companies = ((await call(server, token, 'GET', '/api/company/information/list')).data as { id: string }[]).map((c) => c.id);
  const existing = () =>
    server.ctx.db.system((tx) =>
      tx.query<{ id: string; companyId: string }>(`select id::text as id, company_id::text as "companyId" from blade_staff where tenant_id = $1 and name like '压测员工%' and is_deleted = 0 order by name`, [TENANT]),
    );
  const have = await existing();
  for (let i = have.length; i < BENCH_STAFF; i++) {
    const saved = await call(server, token, 'POST', '/api/staff/info/save', { name: `压测员工${String(i).padStart(3, '0')}`, companyId: companies[i % companies.length], mobile: `1990000${String(i).padStart(4, '0')}`, status: 1 });
    if (!saved.success) throw new Error(`bench: staff ${i} refused: ${saved.msg}`);
  }
  return existing();
}

/**
 * Brings the target to `visits` bench visits of tenant 000000 over the 366 days ending today (more lately:
 * the cards grow), the staff ranked from popular to rare, visitors returning, sources mixed; then the
 * roll-up rebuilt from all the tenant's visits. A database that holds them already is kept.
 */
function prepare(target: BenchTarget, visits: number) {
  return loadOnce(target, {
    table: 'blade_visit',
    mark: `bench:${RECIPE}:${visits}:${localDay(new Date())}`,
    vacuum: TABLES,
    load: async (server, stale) => {
      const staff = await benchStaff(server);
      // The cards' links, as the card plugin signs them (the server process shares the secret).
      const tokens = new Map(staff.map((s) => [s.id, server.ctx.tokens.signFor('card', `${TENANT}:${s.id}`)]));
      if (stale) {
        await fillInChunks(server, 'blade_visit', visits, (tx, first, last) =>
          tx.query(
            `insert into blade_visit (id, tenant_id, visit_time, staff_id, company_id, visitor_nick, visitor_avatar, visitor_id, source, actions, stay_seconds, ip_region)
             select $1::bigint + g, $2, least(localtimestamp, current_date - (365 - floor(366 * sqrt(r.a)))::int + (r.b * interval '1 day')),
                    ($3::bigint[])[1 + floor(array_length($3::bigint[], 1) * r.c ^ 2)::int], ($4::bigint[])[1 + floor(array_length($3::bigint[], 1) * r.c ^ 2)::int],
                    '访客', '', 'bench_' || floor(${VISITOR_POOL} * r.d ^ 1.5)::int, case when r.e < 0.46 then 1 when r.e < 0.77 then 2 when r.e < 0.91 then 3 else 4 end,
                    'view', 30, ''
               from generate_series($5::int, $6::int) g,
                    lateral (select random() as a, random() * 0.999 as b, random() as c, random() as d, random() as e, g as keep) r`,
            [ID_BASE, TENANT, staff.map((s) => s.id), staff.map((s) => s.companyId), first, last],
          ),
        );
        await server.ctx.db.system((tx) => rebuildRollUp(tx, TENANT));
      }
      return { staff, tokens };
    },
  });
}

export async function benchVisitStats(options: { log?: (line: string) => void } = {}): Promise<void> {
  const log = options.log ?? ((line: string) => console.log(line));
  const visits = parseSizes(process.env.BENCH_VISITS ?? '1M')[0]!;
  const calls = Number(process.env.BENCH_CALLS ?? 200);
  log(`\nvisit statistics: GET /api/visit/info/system/chart on ${visits.toLocaleString('en')} visits of one tenant (${BENCH_STAFF} staff, 366 days), ${calls} calls per case one after the other; ms`);
  for (const makeTarget of benchTargets('visits', visits, log)) {
    const target = await makeTarget();
    const loaded = await prepare(target, visits);
    log(readyLine(target, loaded));
    const prepared = loaded.value;
    const today = localDay(new Date());
    const yearAgo = localDay(new Date(Date.now() - 365 * 86_400_000));
    const [popular] = prepared.staff;
    const cases: { label: string; query: Record<string, string>; scope: ChartScope }[] = [
      { label: '30 days', query: {}, scope: { scope: 't', id: '0' } },
      { label: '366 days', query: { startDate: yearAgo, endDate: today }, scope: { scope: 't', id: '0' } },
      { label: 'one company, 366 d', query: { startDate: yearAgo, endDate: today, companyId: popular!.companyId }, scope: { scope: 'c', id: popular!.companyId } },
      { label: 'one staff, 366 d', query: { startDate: yearAgo, endDate: today, staffId: popular!.id }, scope: { scope: 's', id: popular!.id } },
    ];
    // Limits off: the bench records a few hundred visits a second from one address, which they exist to refuse.
    const server = await startServerProcess({ ...target.env, RATE_LIMITS: 'off' }, { browserApp: false });
    try {
      const token = await signIn(server.url, 'admin');
      const headers = { 'Blade-Auth': `bearer ${token}` };
      const chart = (query: Record<string, string>) => fetch(`${server.url}/api/visit/info/system/chart?${new URLSearchParams(query)}`, { headers });
      const first = (await (await chart(cases[1]!.query)).json()) as { data: { totals: { pv: number; visitors: number } } };
      log(`      366 days: ${first.data.totals.pv.toLocaleString('en')} visits, ${first.data.totals.visitors.toLocaleString('en')} distinct visitors`);
      log(`      ${'case'.padEnd(20)}     p50     p95     p99`);
      for (const c of cases) {
        const r = await time(calls, () => chart(c.query));
        log(`      ${c.label.padEnd(20)} ${ms(r.p50)} ${ms(r.p95)} ${ms(r.p99)}${r.errors ? `  (${r.errors} errors)` : ''}`);
      }

      const record = (staffId: string, visitor: string) =>
        fetch(`${server.url}/api/visit/record`, {
          method: 'POST',
          headers: { 'Content-Type': 'application/json' },
          body: JSON.stringify({ t: prepared.tokens.get(staffId), visitorId: visitor, source: 2, actions: ['view'], staySeconds: 12 }),
        });
      // 50 at once, over a few cards and returning visitors (checked against the visits below).
      const burst = await Promise.all(Array.from({ length: 50 }, (_, i) => record(prepared.staff[i % 5]!.id, `bench_burst_${i % 17}`)));
      const refused = burst.filter((r) => !r.ok).length;
      log(`      50 visits recorded at once${refused ? `: ${refused} REFUSED` : ''}`);
      let n = 0;
      const recorded = await time(calls, () => record(prepared.staff[n % prepared.staff.length]!.id, `bench_single_${n++ % 3000}`));
      log(`      ${'record one visit'.padEnd(20)} ${ms(recorded.p50)} ${ms(recorded.p95)} ${ms(recorded.p99)}${recorded.errors ? `  (${recorded.errors} errors)` : ''}`);
    } finally {
      await server.stop();
    }

    // In-process: today's roll-up against the visits (after the burst), and the figures straight from the
    // visits for comparison (once per case, after one unmeasured).
    const direct = await openBenchServer(target);
    try {
      const verdicts: string[] = [];
      for (const c of cases) {
        const day = { startDate: today, endDate: today };
        const [kept, counted] = await direct.ctx.db.system(async (tx) => [await visitChart(tx, direct.ctx, TENANT, day, c.scope), await directChart(tx, TENANT, day, c.scope)] as const);
        const same = kept.totals.pv === counted.pv && kept.totals.visitors === counted.visitors && kept.days[0]!.uv === (counted.days[today]?.uv ?? 0);
        verdicts.push(`${c.scope.scope === 't' ? 'tenant' : c.scope.scope === 'c' ? 'company' : 'staff'} ${same ? 'equal' : `DIFFERENT (${kept.totals.pv}/${kept.totals.visitors} against ${counted.pv}/${counted.visitors})`}`);
      }
      log(`      today's roll-up against the visits: ${[...new Set(verdicts)].join(', ')}`);
      const figures: string[] = [];
      for (const c of cases) {
        const range = { startDate: c.query.startDate ?? localDay(new Date(Date.now() - 29 * 86_400_000)), endDate: today };
        await direct.ctx.db.system((tx) => directChart(tx, TENANT, range, c.scope));
        const started = performance.now();
        await direct.ctx.db.system((tx) => directChart(tx, TENANT, range, c.scope));
        figures.push(`${c.label} ${(performance.now() - started).toFixed(0)}`);
      }
      log(`      without the roll-up (aggregates over the visits): ${figures.join(', ')} ms`);
    } finally {
      await direct.close();
    }
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  benchVisitStats().catch((error) => {
    console.error(error);
    process.exit(1);
  });
}
