import type { Tx } from '../../../core/sdk/server';
import type { ChartRange, ChartScope } from './chart';

/**
 * The statistics computed straight from the visits, by aggregates over `blade_visit`: what the roll-up
 * must always answer (the tests compare the two; the bench times both). Too slow for the screen at a
 * million visits, which is why the roll-up exists.
 */
export interface DirectChart {
  days: Record<string, { pv: number; uv: number }>;
  sources: Record<number, number>;
  staff: Record<string, number>;
  pv: number;
  visitors: number;
}

export async function directChart(tx: Tx, tenantId: string, range: ChartRange, scope: ChartScope): Promise<DirectChart> {
  const column = scope.scope === 's' ? 'staff_id' : scope.scope === 'c' ? 'company_id' : null;
  const params: unknown[] = [tenantId, range.startDate, range.endDate];
  if (column) params.push(scope.id);
  const where = `tenant_id = $1 and visit_time >= $2::date and visit_time < $3::date + 1 ${column ? `and ${column} = $4` : ''}`;
  const days = await tx.query<{ day: string; pv: number; uv: number }>(
    `select visit_time::date::text as day, count(*)::int as pv, count(distinct visitor_id)::int as uv from blade_visit where ${where} group by 1`,
    params,
  );
  const sources = await tx.query<{ source: number; n: number }>(`select source, count(*)::int as n from blade_visit where ${where} group by 1`, params);
  const staff = await tx.query<{ staff_id: string; n: number }>(`select staff_id::text as staff_id, count(*)::int as n from blade_visit where ${where} group by 1`, params);
  const totals = await tx.one<{ pv: number; visitors: number }>(`select count(*)::int as pv, count(distinct visitor_id)::int as visitors from blade_visit where ${where}`, params);
  return {
    days: Object.fromEntries(days.map((d) => [d.day, { pv: d.pv, uv: d.uv }])),
    sources: Object.fromEntries(sources.map((s) => [s.source, s.n])),
    staff: Object.fromEntries(staff.map((s) => [s.staff_id, s.n])),
    pv: totals?.pv ?? 0,
    visitors: totals?.visitors ?? 0,
  };
}
