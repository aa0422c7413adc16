import { DEMO_TENANT, formatDateTime, type ServerContext, type Tx } from '../../../core/sdk/server';
import { DEMO_VISITORS, type DemoVisitors } from '../demo-visitors';
import { rebuildRollUp } from './rollup';

/**
 * Demo visits: 90 days ending at the seed's moment for every demo staff member of both demo tenants
 * (read from the card plugin's staff table, seeded before this: seeds run in plugin order, as the owner).
 * Weekdays busier than weekends and Sunday the quietest, about 60% growth over the 90 days, staff of
 * different popularity, shared links ahead of QR codes, search and card exchange, returning visitors.
 * A seeded generator makes it the same on every first start; the two tenants differ in volume and mix.
 */

const DAYS = 90;
const GROWTH = 0.6;
/** Sunday first, as Date.getDay() counts. */
const WEEKDAY = [0.55, 1.1, 1.15, 1.1, 1.05, 1.0, 0.75];
/** Share of each source (1 link, 2 QR, 3 search, 4 exchange), cumulative. */
const SOURCE_SHARE = [0.46, 0.77, 0.91, 1];
/** A disabled staff member's card stopped being visited this many days ago. */
const DISABLED_DAYS_AGO = 18;

interface TenantMix {
  /** Visits per staff member per day at the start, before weekday, popularity and growth. */
  base: number;
  /** Distinct visitors the tenant's cards reach over the 90 days. */
  visitors: number;
  /** Who they are, and the generator's seed. */
  who: DemoVisitors;
}

const MIX: Record<string, TenantMix> = {
  '000000': { base: 21, visitors: 4200, who: DEMO_VISITORS['000000']! },
  [DEMO_TENANT.tenantId]: { base: 16, visitors: 3000, who: DEMO_VISITORS[DEMO_TENANT.tenantId]! },
};

/** mulberry32: a small seeded generator, so the demo data is the same on every first start. */
function generator(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

interface DemoStaff {
  id: string;
  company_id: string | null;
  status: number;
}

interface DemoVisit {
  at: number;
  staff: string;
  company: string | null;
  nick: string;
  visitor: string;
  source: number;
  actions: string;
  stay: number;
}

const INSERT_CHUNK = 20_000;

/** The visits in the order of their times (ids too, as recording would give them), in a few statements. */
async function insertVisits(tx: Tx, ctx: ServerContext, tenantId: string, visits: DemoVisit[]): Promise<void> {
  visits.sort((a, b) => a.at - b.at);
  for (let from = 0; from < visits.length; from += INSERT_CHUNK) {
    const rows = visits.slice(from, from + INSERT_CHUNK);
    const column = <T>(pick: (v: DemoVisit) => T) => rows.map(pick);
    await tx.query(
      `insert into blade_visit (id, tenant_id, visit_time, staff_id, company_id, visitor_nick, visitor_avatar, visitor_id, source, actions, stay_seconds, ip_region)
       select id, $1, time, staff, company, nick, '', visitor, source, actions, stay, ''
         from unnest($2::bigint[], $3::timestamp[], $4::bigint[], $5::bigint[], $6::text[], $7::text[], $8::int[], $9::text[], $10::int[])
              as v(id, time, staff, company, nick, visitor, source, actions, stay)`,
      [
        tenantId,
        column(() => ctx.ids.next()),
        column((v) => formatDateTime(new Date(v.at))),
        column((v) => v.staff),
        column((v) => v.company),
        column((v) => v.nick),
        column((v) => v.visitor),
        column((v) => v.source),
        column((v) => v.actions),
        column((v) => v.stay),
      ],
    );
  }
}

/** One tenant's visits, generated day by day for each of its staff. */
function generate(staff: readonly DemoStaff[], mix: TenantMix, now: Date): DemoVisit[] {
  const random = generator(mix.who.seed);
  const visits: DemoVisit[] = [];
  // Some staff are sought after more than others; the first of each tenant the most.
  const popularity = staff.map((_, i) => 1.45 - (0.9 * i) / Math.max(1, staff.length - 1) + (random() - 0.5) * 0.2);
  const todayStart = new Date(now.getFullYear(), now.getMonth(), now.getDate());
  const secondsToday = Math.floor((now.getTime() - todayStart.getTime()) / 1000);
  for (let d = 0; d < DAYS; d++) {
    const daysAgo = DAYS - 1 - d;
    const day = new Date(todayStart.getFullYear(), todayStart.getMonth(), todayStart.getDate() - daysAgo);
    const growth = 1 + (GROWTH * d) / (DAYS - 1);
    // Today has had only the hours until now.
    const share = daysAgo === 0 ? secondsToday / 86_400 : 1;
    for (const [i, member] of staff.entries()) {
      if (member.status !== 1 && daysAgo < DISABLED_DAYS_AGO) continue;
      const mean = mix.base * popularity[i]! * growth * WEEKDAY[day.getDay()]! * share;
      const count = Math.max(0, Math.round(mean * (0.8 + random() * 0.4)));
      for (let k = 0; k < count; k++) {
        // Mostly daytime: the later of two draws leans the visit into the afternoon and evening.
        const limit = daysAgo === 0 ? Math.max(1, secondsToday) : 86_400;
        const second = Math.floor(Math.max(random(), random()) * limit * 0.85 + limit * 0.15 * random());
        const at = day.getTime() + second * 1000;
        // Returning visitors: a squared draw favours the low numbers, who come back again and again.
        const visitor = Math.floor(mix.visitors * random() ** 2);
        const draw = random();
        const source = SOURCE_SHARE.findIndex((edge) => draw < edge) + 1;
        const actions = ['view'];
        if (random() < 0.08) actions.push('call');
        if (random() < 0.1) actions.push('save');
        if (random() < 0.12) actions.push('forward');
        if (random() < 0.06) actions.push('attach');
        visits.push({
          at,
          staff: member.id,
          company: member.company_id,
          nick: mix.who.nickOf(visitor),
          visitor: mix.who.idOf(visitor),
          source,
          actions: actions.join(','),
          stay: Math.round(8 + 240 * random() ** 2 + (actions.length > 1 ? 60 * random() : 0)),
        });
      }
    }
  }
  return visits;
}

export async function seedVisits(tx: Tx, ctx: ServerContext): Promise<void> {
  // The card plugin keeps the staff; without its table there is nobody to have been visited.
  if (!(await tx.one(`select 1 as found from pg_tables where schemaname = current_schema() and tablename = 'blade_staff'`))) return;
  const now = ctx.now();
  for (const [tenantId, mix] of Object.entries(MIX)) {
    const staff = await tx.query<DemoStaff>(
      `select id::text as id, company_id::text as company_id, status from blade_staff where tenant_id = $1 and is_deleted = 0 order by create_time, id`,
      [tenantId],
    );
    if (staff.length === 0) continue;
    await insertVisits(tx, ctx, tenantId, generate(staff, mix, now));
    await rebuildRollUp(tx, tenantId);
  }
}
