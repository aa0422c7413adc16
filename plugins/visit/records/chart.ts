import type { Hono } from 'hono';
import { z } from 'zod';
import {
  type AppEnv,
  bizError,
  currentMember,
  describeRoute,
  docText,
  isBigintId,
  namesById,
  parseInput,
  rData,
  requirePermission,
  type ServerContext,
  type Tx,
  zodMessage,
} from '../../../core/sdk/server';
import { VISIT_SOURCES } from './index';
import { MAX_RANGE_DAYS } from './rollup';

/** `GET /api/visit/info/system/chart`: visits per day, by source and by staff member, from the roll-up. */

export const CHART_CODE = 'visit_chart';
const DEFAULT_DAYS = 30;
const TOP_STAFF = 10;

export const CHART_MSG = {
  badDate: { zh: '日期格式应为 yyyy-MM-dd', en: 'Dates are written yyyy-MM-dd' },
  startAfterEnd: { zh: '开始日期不能晚于结束日期', en: 'The start date must not be after the end date' },
  tooLong: { zh: `日期范围不能超过${MAX_RANGE_DAYS}天`, en: `A date range has at most ${MAX_RANGE_DAYS} days` },
  noCompany: { zh: '公司不存在', en: 'No such company' },
  noStaff: { zh: '员工不存在', en: 'No such staff member' },
} as const;

const DAY_MS = 86_400_000;

/** A calendar date `yyyy-MM-dd` as days since 1970-01-01 (UTC arithmetic: no zone shifts a date). */
function dayNumber(date: string): number | null {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(date);
  if (!m) return null;
  const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])];
  const ms = Date.UTC(y, mo - 1, d);
  const back = new Date(ms);
  // 2024-02-30 is no date (Date.UTC would roll it into March).
  if (back.getUTCFullYear() !== y || back.getUTCMonth() !== mo - 1 || back.getUTCDate() !== d || y < 1970) return null;
  return ms / DAY_MS;
}

const dateOf = (day: number) => new Date(day * DAY_MS).toISOString().slice(0, 10);

/** The server's calendar day of an instant (visit times are wall-clock times of the server's zone). */
export function localDay(at: Date): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${at.getFullYear()}-${pad(at.getMonth() + 1)}-${pad(at.getDate())}`;
}

const dateParam = z.preprocess(
  (v) => (typeof v === 'string' ? v.trim() || undefined : v),
  z
    .string()
    .refine((v) => dayNumber(v) !== null, { message: zodMessage(CHART_MSG.badDate) })
    .optional()
    .describe(docText({ zh: '日期 yyyy-MM-dd', en: 'A date, yyyy-MM-dd' })),
);
const idParam = (text: { zh: string; en: string }) =>
  z.preprocess(
    (v) => (typeof v === 'string' ? v.trim() || undefined : v),
    z
      .string()
      .refine((v) => /^[1-9]\d{0,18}$/.test(v) && isBigintId(v))
      .optional()
      .describe(docText(text)),
  );

export const chartQuery = z.object({
  startDate: dateParam,
  endDate: dateParam,
  companyId: idParam({ zh: '只统计这家公司（可选）', en: 'Only this company (optional)' }),
  staffId: idParam({ zh: '只统计这位员工（可选，优先于公司）', en: 'Only this staff member (optional; wins over the company)' }),
});

export interface ChartRange {
  startDate: string;
  endDate: string;
}

/** The range asked for: default the 30 days ending today (or ending `endDate`); at most 366 days. */
export function chartRange(asked: { startDate?: string; endDate?: string }, today: string): ChartRange {
  const end = dayNumber(asked.endDate ?? today)!;
  const start = asked.startDate ? dayNumber(asked.startDate)! : end - (DEFAULT_DAYS - 1);
  if (start > end) throw bizError(CHART_MSG.startAfterEnd);
  if (end - start + 1 > MAX_RANGE_DAYS) throw bizError(CHART_MSG.tooLong);
  return { startDate: dateOf(start), endDate: dateOf(end) };
}

/** Whose visits: the tenant's, one company's or one staff member's (the roll-up's scopes). */
export type ChartScope = { scope: 't'; id: '0' } | { scope: 'c'; id: string } | { scope: 's'; id: string };

export interface VisitChart extends ChartRange {
  days: { date: string; pv: number; uv: number }[];
  sources: { source: number; count: number }[];
  topStaff: { staffId: string; staffName: string; count: number }[];
  totals: { pv: number; visitors: number };
}

interface DailyRow {
  day: string;
  pv: number;
  uv: number;
  pv_link: number;
  pv_qr: number;
  pv_search: number;
  pv_exchange: number;
}

/** The statistics of a scope over a range, from the roll-up (a few hundred rows at most, whatever the visits). */
export async function visitChart(tx: Tx, ctx: Pick<ServerContext, 'extensions'>, tenantId: string, range: ChartRange, scope: ChartScope): Promise<VisitChart> {
  const { startDate, endDate } = range;
  const scoped = [tenantId, scope.scope, scope.id, startDate, endDate];
  const daily = await tx.query<DailyRow>(
    `select day::text as day, pv, uv, pv_link, pv_qr, pv_search, pv_exchange from blade_visit_daily
      where tenant_id = $1 and scope = $2 and scope_id = $3 and day between $4::date and $5::date`,
    scoped,
  );
  const visitors = await tx.one<{ n: string }>(
    `select coalesce(sum(visitors), 0)::text as n from blade_visit_daily_prev
      where tenant_id = $1 and scope = $2 and scope_id = $3 and day between $4::date and $5::date and prev_day < $4::date`,
    scoped,
  );
  const ranking =
    scope.scope === 's'
      ? [{ staff_id: scope.id, pv: String(daily.reduce((sum, d) => sum + d.pv, 0)) }].filter((r) => r.pv !== '0')
      : await tx.query<{ staff_id: string; pv: string }>(
          `select staff_id::text as staff_id, sum(pv)::text as pv from blade_visit_daily_staff
            where tenant_id = $1 and day between $2::date and $3::date ${scope.scope === 'c' ? 'and company_id = $4' : ''}
            group by staff_id order by sum(pv) desc, staff_id limit ${TOP_STAFF}`,
          scope.scope === 'c' ? [tenantId, startDate, endDate, scope.id] : [tenantId, startDate, endDate],
        );
  const names = await namesById(ctx.extensions.names.staff, tx, tenantId, ranking.map((r) => r.staff_id));

  const byDay = new Map(daily.map((d) => [d.day, d]));
  const days: VisitChart['days'] = [];
  for (let day = dayNumber(startDate)!, end = dayNumber(endDate)!; day <= end; day++) {
    const date = dateOf(day);
    const row = byDay.get(date);
    days.push({ date, pv: row?.pv ?? 0, uv: row?.uv ?? 0 });
  }
  const sum = (key: keyof Omit<DailyRow, 'day'>) => daily.reduce((total, d) => total + d[key], 0);
  const bySource: Record<number, number> = { 1: sum('pv_link'), 2: sum('pv_qr'), 3: sum('pv_search'), 4: sum('pv_exchange') };
  return {
    startDate,
    endDate,
    days,
    sources: VISIT_SOURCES.map(({ value }) => ({ source: value, count: bySource[value] ?? 0 })),
    topStaff: ranking.map((r) => ({ staffId: r.staff_id, staffName: names.get(r.staff_id) ?? '', count: Number(r.pv) })),
    totals: { pv: sum('pv'), visitors: Number(visitors?.n ?? 0) },
  };
}

/** The scope asked for, its id checked to be the tenant's (when the card plugin, which keeps them, is there). */
async function chartScope(tx: Tx, ctx: ServerContext, tenantId: string, asked: { companyId?: string; staffId?: string }): Promise<ChartScope> {
  const { staff, company } = ctx.extensions.names;
  if (asked.staffId) {
    if (staff && (await staff(tx, tenantId, [asked.staffId])).length === 0) throw bizError(CHART_MSG.noStaff);
    return { scope: 's', id: asked.staffId };
  }
  if (asked.companyId) {
    if (company && (await company(tx, tenantId, [asked.companyId])).length === 0) throw bizError(CHART_MSG.noCompany);
    return { scope: 'c', id: asked.companyId };
  }
  return { scope: 't', id: '0' };
}

const chartData = z.object({
  startDate: z.string(),
  endDate: z.string(),
  days: z.array(z.object({ date: z.string(), pv: z.number(), uv: z.number() })),
  sources: z.array(z.object({ source: z.number().describe(docText({ zh: '1 分享链接，2 二维码，3 搜索，4 名片交换', en: '1 shared link, 2 QR code, 3 search, 4 card exchange' })), count: z.number() })),
  topStaff: z.array(z.object({ staffId: z.string(), staffName: z.string(), count: z.number() })),
  totals: z.object({ pv: z.number(), visitors: z.number().describe(docText({ zh: '范围内去重访客数', en: 'Distinct visitors over the whole range' })) }),
});

export function chartRoutes(api: Hono<AppEnv>, ctx: ServerContext): void {
  api.get(
    '/visit/info/system/chart',
    describeRoute({
      summary: { zh: '访客统计', en: 'Visit statistics' },
      description: {
        zh: '日期范围内（默认近30天，最多366天）每天的访问量与访客数、访问来源、访问最多的10位员工；可只看一家公司或一位员工。',
        en: 'Visits and visitors per day over a date range (default the last 30 days, at most 366), visits by source and the 10 staff most visited; optionally for one company or one staff member.',
      },
      query: chartQuery,
      data: chartData,
    }),
    // The menu's view button is enough, as for the engine's reads: the home cards show to its holders.
    requirePermission(ctx, CHART_CODE, { withButtons: true }),
    async (c) => {
      const user = currentMember(c);
      const asked = parseInput(chartQuery, c.req.query());
      const range = chartRange(asked, localDay(ctx.now()));
      const chart = await ctx.db.tenant(user.tenantId, async (tx) => visitChart(tx, ctx, user.tenantId, range, await chartScope(tx, ctx, user.tenantId, asked)));
      return c.json(rData(chart));
    },
  );
}
