import { query, type Query } from '../../../core/sdk/home';

/** The visit records' API base: the statistics are a read of that resource. */
export const VISIT_RESOURCE = '/api/visit/info';
export const VISIT_CHART_URL = `${VISIT_RESOURCE}/system/chart`;

/** Where a visitor came from: 1 shared link, 2 QR code, 3 search, 4 card exchange. */
export const VISIT_SOURCES = [1, 2, 3, 4] as const;
export type VisitSource = (typeof VISIT_SOURCES)[number];

export interface DayCount {
  date: string;
  pv: number;
  uv: number;
}

export interface SourceCount {
  source: VisitSource;
  count: number;
}

export interface StaffCount {
  staffId: string;
  staffName: string;
  count: number;
}

/** The statistics call's answer: every day of the range (zeros included), the sources, the top staff. */
export interface VisitStats {
  startDate: string;
  endDate: string;
  days: DayCount[];
  sources: SourceCount[];
  topStaff: StaffCount[];
  /** `visitors`: distinct over the whole range (not the sum of the days' UV). */
  totals: { pv: number; visitors: number };
}

export interface StatsFilter {
  startDate?: string;
  endDate?: string;
  companyId?: string;
  staffId?: string;
}

type Loose = Record<string, unknown>;
const num = (value: unknown) => (typeof value === 'number' && Number.isFinite(value) ? value : Number(value) || 0);
const str = (value: unknown) => (value === null || value === undefined ? '' : String(value));
const list = (value: unknown): Loose[] => (Array.isArray(value) ? (value as Loose[]) : []);
export const isSource = (value: number): value is VisitSource => (VISIT_SOURCES as readonly number[]).includes(value);

/** The answer as the screens use it: numbers as numbers, ids as strings, the four sources always present. */
export function readStats(data: unknown): VisitStats {
  const body = (data ?? {}) as Loose;
  const totals = (body.totals ?? {}) as Loose;
  const bySource = new Map(list(body.sources).map((row) => [num(row.source), num(row.count)]));
  return {
    startDate: str(body.startDate),
    endDate: str(body.endDate),
    days: list(body.days).map((row) => ({ date: str(row.date), pv: num(row.pv), uv: num(row.uv) })),
    sources: VISIT_SOURCES.map((source) => ({ source, count: bySource.get(source) ?? 0 })),
    topStaff: list(body.topStaff).map((row) => ({ staffId: str(row.staffId), staffName: str(row.staffName), count: num(row.count) })),
    totals: { pv: num(totals.pv), visitors: num(totals.visitors) },
  };
}

/** The statistics read for a filter; what the filter leaves out the server defaults (the last 30 days, everyone). */
export function visitStatsQuery(filter: StatsFilter): Query<VisitStats> {
  const params = Object.fromEntries(Object.entries(filter).filter(([, value]) => value !== undefined && value !== ''));
  return query(VISIT_RESOURCE, VISIT_CHART_URL, { params, select: readStats });
}

// How a figure compares with an earlier one is the home kit's, said once for every card and this page.
export { changeOf, formatPercent, type Change } from '../../../core/sdk/home';
