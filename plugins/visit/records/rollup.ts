import type { Migration, Tx } from '../../../core/sdk/server';

/**
 * The daily roll-up of visits, kept in step with every recorded visit in the same transaction, so the
 * statistics over a year of a million visits read a few hundred small rows instead of the visits:
 *
 * - `blade_visit_daily`: per day and scope, the visits (pv), the distinct visitors of that day (uv) and
 *   the visits by source. A scope is the tenant ('t', scope id 0), a company ('c') or a staff member ('s'),
 *   so any view of the statistics reads at most one row per day.
 * - `blade_visit_daily_staff`: per day, company and staff member, the visits (the staff ranking, for the
 *   tenant or one company).
 * - `blade_visit_last`: per scope and visitor, the last day they visited. A visit on a later day is the
 *   visitor's first of that day (one more uv), and the day it replaces is the visitor's previous one.
 * - `blade_visit_daily_prev`: the first visits of a day per scope, counted by the visitor's previous day
 *   (within a year; NO_PREVIOUS_DAY otherwise). The distinct visitors of a range [start, end] are exactly
 *   those whose first visit of a day in the range had no visit before since `start`: the sum of
 *   `visitors` over the days of the range whose previous day is before `start`. A range is at most 366
 *   days, so a previous visit more than 365 days before is as good as none.
 *
 * Days are the calendar days of `blade_visit.visit_time`, a wall-clock timestamp in the server's zone.
 * Visits are counted in the order they commit, which is the order of their times but for two visits of
 * one visitor in the same second across midnight: then the later day may be counted first, and the
 * earlier visit is not counted as a visitor of its day. `rebuildRollUp` recounts from the visits.
 */

export const ROLLUP_TABLES = ['blade_visit_daily', 'blade_visit_daily_staff', 'blade_visit_last', 'blade_visit_daily_prev'] as const;

/** The previous day of a visitor who had no visit in the year before (any date before every range works). */
export const NO_PREVIOUS_DAY = '1970-01-01';

/** How far back a previous visit still matters: ranges are at most this many days long. */
export const MAX_RANGE_DAYS = 366;

export const rollupMigrations: readonly Migration[] = [
  {
    id: 'records_rollup',
    sql: `
      create table blade_visit_daily (
        tenant_id varchar(12) not null,
        scope char(1) not null,
        scope_id bigint not null,
        day date not null,
        pv integer not null default 0,
        uv integer not null default 0,
        pv_link integer not null default 0,
        pv_qr integer not null default 0,
        pv_search integer not null default 0,
        pv_exchange integer not null default 0,
        primary key (tenant_id, scope, scope_id, day)
      );
      create table blade_visit_daily_staff (
        tenant_id varchar(12) not null,
        day date not null,
        company_id bigint not null,
        staff_id bigint not null,
        pv integer not null default 0,
        primary key (tenant_id, day, company_id, staff_id) include (pv)
      );
      create index blade_visit_daily_staff_company on blade_visit_daily_staff (tenant_id, company_id, day, staff_id) include (pv);
      create table blade_visit_last (
        tenant_id varchar(12) not null,
        scope char(1) not null,
        scope_id bigint not null,
        visitor_id varchar(64) not null,
        last_day date not null,
        primary key (tenant_id, scope, scope_id, visitor_id)
      );
      create table blade_visit_daily_prev (
        tenant_id varchar(12) not null,
        scope char(1) not null,
        scope_id bigint not null,
        day date not null,
        prev_day date not null,
        visitors integer not null default 0,
        primary key (tenant_id, scope, scope_id, day, prev_day) include (visitors)
      );
      -- A range's visitors are the rows of its days whose previous day is before its start: few rows once
      -- read by previous day for a long range, few read by day for a short one (the planner takes either).
      create index blade_visit_daily_prev_back on blade_visit_daily_prev (tenant_id, scope, scope_id, prev_day, day) include (visitors);
    `,
  },
];

/** One visit as the roll-up counts it. */
export interface CountedVisit {
  tenantId: string;
  /** `yyyy-MM-dd`, the calendar day of its visit time. */
  day: string;
  staffId: string;
  /** '0' when the staff member had no company. */
  companyId: string;
  source: number;
  visitorId: string;
}

/** The scopes a visit counts in, always in this order (every transaction takes the rows' locks alike). */
const SCOPES_SQL = `(values ('t'::char, 0::bigint, 1), ('c'::char, $2::bigint, 2), ('s'::char, $3::bigint, 3)) s(scope, scope_id, ord)`;

/**
 * Counts one visit, inside the transaction that records it. Concurrent visits of one tenant wait for each
 * other on the day's rows (an upsert locks them), so every count is an increment of what is committed.
 */
export async function rollUpVisit(tx: Tx, visit: CountedVisit): Promise<void> {
  const { tenantId, day, staffId, companyId, source, visitorId } = visit;
  // The scopes where this is the visitor's first visit of the day, with their previous day (null: none).
  // The visitor's rows are locked first (`for update`): a concurrent visit of theirs waits, then finds
  // the day already theirs.
  const fresh = await tx.query<{ scope: string; scope_id: string; prev_day: string | null }>(
    `with s as (select * from ${SCOPES_SQL}),
     old as (
       select l.scope, l.scope_id, l.last_day from blade_visit_last l join s on s.scope = l.scope and s.scope_id = l.scope_id
        where l.tenant_id = $1 and l.visitor_id = $4
        order by s.ord for update of l
     ),
     moved as (
       update blade_visit_last l set last_day = $5::date from old
        where l.tenant_id = $1 and l.scope = old.scope and l.scope_id = old.scope_id and l.visitor_id = $4 and l.last_day < $5::date
       returning l.scope, l.scope_id, old.last_day as prev_day
     ),
     added as (
       insert into blade_visit_last (tenant_id, scope, scope_id, visitor_id, last_day)
       select $1::varchar, s.scope, s.scope_id, $4::varchar, $5::date from s
        where not exists (select 1 from old where old.scope = s.scope and old.scope_id = s.scope_id)
        order by s.ord
       on conflict do nothing
       returning scope, scope_id, null::date as prev_day
     )
     select scope, scope_id::text as scope_id,
            case when prev_day is null or prev_day <= $5::date - ${MAX_RANGE_DAYS} then $6::date else prev_day end::text as prev_day
       from (select * from moved union all select * from added) f`,
    [tenantId, companyId, staffId, visitorId, day, NO_PREVIOUS_DAY],
  );
  if (fresh.length > 0) {
    await tx.query(
      `insert into blade_visit_daily_prev (tenant_id, scope, scope_id, day, prev_day, visitors)
       select $1::varchar, f.scope, f.scope_id, $2::date, f.prev_day, 1
         from unnest($3::text[], $4::bigint[], $5::date[]) with ordinality f(scope, scope_id, prev_day, ord) order by f.ord
       on conflict (tenant_id, scope, scope_id, day, prev_day) do update set visitors = blade_visit_daily_prev.visitors + 1`,
      [tenantId, day, fresh.map((f) => f.scope), fresh.map((f) => f.scope_id), fresh.map((f) => f.prev_day)],
    );
  }
  const firstIn = fresh.map((f) => f.scope);
  await tx.query(
    `insert into blade_visit_daily (tenant_id, scope, scope_id, day, pv, uv, pv_link, pv_qr, pv_search, pv_exchange)
     select $1::varchar, s.scope, s.scope_id, $4::date, 1, case when s.scope = any($5::text[]) then 1 else 0 end,
            ($6 = 1)::int, ($6 = 2)::int, ($6 = 3)::int, ($6 = 4)::int
       from ${SCOPES_SQL} order by s.ord
     on conflict (tenant_id, scope, scope_id, day) do update set
       pv = blade_visit_daily.pv + 1,
       uv = blade_visit_daily.uv + excluded.uv,
       pv_link = blade_visit_daily.pv_link + excluded.pv_link,
       pv_qr = blade_visit_daily.pv_qr + excluded.pv_qr,
       pv_search = blade_visit_daily.pv_search + excluded.pv_search,
       pv_exchange = blade_visit_daily.pv_exchange + excluded.pv_exchange`,
    [tenantId, companyId, staffId, day, firstIn, source],
  );
  await tx.query(
    `insert into blade_visit_daily_staff (tenant_id, day, company_id, staff_id, pv) values ($1, $2::date, $3, $4, 1)
     on conflict (tenant_id, day, company_id, staff_id) do update set pv = blade_visit_daily_staff.pv + 1`,
    [tenantId, day, companyId, staffId],
  );
}

/** A visit's scopes, as rows of the visit `v`. */
const VISIT_SCOPES = `cross join lateral (values ('t', 0::bigint), ('c', coalesce(v.company_id, 0)), ('s', v.staff_id)) s(scope, scope_id)`;

/**
 * Rebuilds a tenant's roll-up from its visits (demo data, the bench, a repair). Run it as the owner or in
 * the tenant's transaction, while no visit of the tenant is being recorded.
 */
export async function rebuildRollUp(tx: Tx, tenantId: string): Promise<void> {
  for (const table of ROLLUP_TABLES) await tx.query(`delete from ${table} where tenant_id = $1`, [tenantId]);
  // Each visitor's days in each scope, read once: their last day, and each day's first visits by the day before.
  await tx.query(
    `with days as materialized (
       select s.scope, s.scope_id, v.visitor_id, v.visit_time::date as day
         from blade_visit v ${VISIT_SCOPES} where v.tenant_id = $1
        group by 1, 2, 3, 4
     ),
     last as (
       insert into blade_visit_last (tenant_id, scope, scope_id, visitor_id, last_day)
       select $1::varchar, scope, scope_id, visitor_id, max(day) from days group by 2, 3, 4
     )
     insert into blade_visit_daily_prev (tenant_id, scope, scope_id, day, prev_day, visitors)
     select $1::varchar, scope, scope_id, day, case when prev is null or prev <= day - ${MAX_RANGE_DAYS} then $2::date else prev end, count(*)
       from (select scope, scope_id, day, lag(day) over (partition by scope, scope_id, visitor_id order by day) as prev from days) x
      group by 2, 3, 4, 5`,
    [tenantId, NO_PREVIOUS_DAY],
  );
  await tx.query(
    `insert into blade_visit_daily (tenant_id, scope, scope_id, day, pv, uv, pv_link, pv_qr, pv_search, pv_exchange)
     select $1::varchar, s.scope, s.scope_id, v.visit_time::date, count(*), 0,
            count(*) filter (where v.source = 1), count(*) filter (where v.source = 2),
            count(*) filter (where v.source = 3), count(*) filter (where v.source = 4)
       from blade_visit v ${VISIT_SCOPES}
      where v.tenant_id = $1
      group by 2, 3, 4`,
    [tenantId],
  );
  await tx.query(
    `update blade_visit_daily d set uv = u.uv
       from (select scope, scope_id, day, sum(visitors)::int as uv from blade_visit_daily_prev where tenant_id = $1 group by 1, 2, 3) u
      where d.tenant_id = $1 and d.scope = u.scope and d.scope_id = u.scope_id and d.day = u.day`,
    [tenantId],
  );
  await tx.query(
    `insert into blade_visit_daily_staff (tenant_id, day, company_id, staff_id, pv)
     select $1::varchar, visit_time::date, coalesce(company_id, 0), staff_id, count(*)
       from blade_visit where tenant_id = $1
      group by 2, 3, 4`,
    [tenantId],
  );
}
