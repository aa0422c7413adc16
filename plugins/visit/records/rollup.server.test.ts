import { createTestServer, type TestServer } from '../../../core/sdk/server-testing';
import cardServer from '../../card/server';
import dictServer from '../../dict/server';
import visitServer from '../server';
import { localDay, type ChartScope, type VisitChart } from './chart';
import { directChart } from './direct-chart';
import { rebuildRollUp, ROLLUP_TABLES } from './rollup';

/**
 * The roll-up kept by recorded visits is what a rebuild from the visits makes, and what aggregates
 * straight over the visits answer: after random visits over several days (returning visitors, every
 * source, several staff members), including 50 recorded at once.
 */
let ts: TestServer;
let admin: string;
let staff: { id: string; companyId: string }[];
const TENANT = '100001';
const DAY = 86_400_000;

beforeAll(async () => {
  ts = await createTestServer({ plugins: [dictServer, cardServer, visitServer] });
  admin = (await ts.signIn('admin', 'admin', TENANT)).access_token;
  staff = await ts.ctx.db.system((tx) =>
    tx.query<{ id: string; companyId: string }>(`select id::text as id, company_id::text as "companyId" from blade_staff where tenant_id = $1 and is_deleted = 0 and status = 1 order by id`, [TENANT]),
  );
});
afterAll(() => ts.close());

/** A small seeded generator: the same visits on every run. */
function generator(seed: number): () => number {
  let a = seed;
  return () => {
    a = (a * 1103515245 + 12345) % 2147483648;
    return a / 2147483648;
  };
}

const random = generator(7);
const pick = <T>(list: readonly T[]) => list[Math.floor(random() * list.length)]!;

/** One visit of a random card by one of 12 visitors (so most come back), from a random source. */
function randomVisit() {
  const member = pick(staff);
  return { t: ts.ctx.tokens.signFor('card', `${TENANT}:${member.id}`), visitorId: `oRollup_visitor_${Math.floor(random() * 12)}`, source: 1 + Math.floor(random() * 4) };
}

async function recordAll(visits: readonly ReturnType<typeof randomVisit>[]) {
  const answers = await Promise.all(visits.map((json) => ts.post('/api/visit/record', { json })));
  expect(answers.map((a) => a.status)).toEqual(visits.map(() => 200));
}

/** The tenant's roll-up rows, table by table, in a fixed order. */
async function rollUpRows() {
  return ts.ctx.db.system(async (tx) => {
    const rows: Record<string, string[]> = {};
    for (const table of ROLLUP_TABLES) {
      rows[table] = (await tx.query<{ r: string }>(`select x::text as r from ${table} x where tenant_id = $1 order by 1`, [TENANT])).map((r) => r.r);
    }
    return rows;
  });
}

describe('the roll-up', () => {
  it('after random visits over several days, some 50 at a time, equals a rebuild from the visits and the aggregates over them', async () => {
    // Ten days back, so the days before today already hold the demo visits: some of these visitors are new.
    ts.advance(-10 * DAY);
    for (let day = 0; day < 10; day++) {
      for (let i = 0; i < 6; i++) await recordAll([randomVisit()]);
      if (day % 3 === 0) await recordAll(Array.from({ length: 50 }, randomVisit));
      ts.advance(DAY);
    }
    await recordAll(Array.from({ length: 50 }, randomVisit));

    const kept = await rollUpRows();
    expect(kept.blade_visit_daily!.length).toBeGreaterThan(0);
    await ts.ctx.db.system((tx) => rebuildRollUp(tx, TENANT));
    expect(await rollUpRows()).toEqual(kept);

    const today = localDay(ts.ctx.now());
    const start = localDay(new Date(ts.ctx.now().getTime() - 12 * DAY));
    const scopes: ChartScope[] = [{ scope: 't', id: '0' }, { scope: 'c', id: staff[0]!.companyId }, { scope: 's', id: staff[1]!.id }];
    for (const scope of scopes) {
      // Ranges that start before, on and after the days the test's visitors first came.
      for (const from of [start, localDay(new Date(ts.ctx.now().getTime() - 5 * DAY)), today]) {
        const query = { startDate: from, endDate: today, ...(scope.scope === 'c' ? { companyId: scope.id } : scope.scope === 's' ? { staffId: scope.id } : {}) };
        const data = (await ts.get('/api/visit/info/system/chart', { token: admin, query })).body.data as VisitChart;
        const direct = await ts.ctx.db.system((tx) => directChart(tx, TENANT, data, scope));
        expect(data.totals).toEqual({ pv: direct.pv, visitors: direct.visitors });
        expect(Object.fromEntries(data.days.filter((d) => d.pv > 0).map((d) => [d.date, { pv: d.pv, uv: d.uv }]))).toEqual(direct.days);
        expect(Object.fromEntries(data.sources.filter((s) => s.count > 0).map((s) => [s.source, s.count]))).toEqual(direct.sources);
      }
    }
  });

  it('counts a visitor once a day per scope however many visits they pay, each in its own scopes', async () => {
    const [a, b] = staff;
    const before = (await ts.get('/api/visit/info/system/chart', { token: admin, query: { staffId: a!.id } })).body.data as VisitChart;
    const t = (id: string) => ts.ctx.tokens.signFor('card', `${TENANT}:${id}`);
    await recordAll([1, 2, 3].map(() => ({ t: t(a!.id), visitorId: 'oRollup_once_a_day', source: 4 })));
    await recordAll([{ t: t(b!.id), visitorId: 'oRollup_once_a_day', source: 4 }]);
    const after = (await ts.get('/api/visit/info/system/chart', { token: admin, query: { staffId: a!.id } })).body.data as VisitChart;
    expect(after.days.at(-1)!.pv - before.days.at(-1)!.pv).toBe(3);
    expect(after.days.at(-1)!.uv - before.days.at(-1)!.uv).toBe(1);
    expect(after.totals.visitors - before.totals.visitors).toBe(1);
    expect(after.sources[3]!.count - before.sources[3]!.count).toBe(3);
  });
});
