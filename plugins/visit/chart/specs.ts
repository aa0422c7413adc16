import type { G2Spec } from '@antv/g2';
import { chartPalette, type ChartPalette } from '../../../core/sdk/chart';
import type { DayCount, StaffCount, VisitSource } from './stats';

export { chartPalette, type ChartPalette };

/** `2024-05-01` → `05-01` on the axis: the year is in the range picker. */
const shortDate = (date: unknown) => String(date).slice(5);

/** Whole numbers only on a count axis. */
const wholeTicks = (tick: unknown) => Number.isInteger(Number(tick));

/** PV and UV per day, two lines with a shared tooltip. */
export function trendSpec(days: readonly DayCount[], names: { pv: string; uv: string; date: string }, palette: ChartPalette): G2Spec {
  const data = days.flatMap((day) => [
    { date: day.date, series: names.pv, value: day.pv },
    { date: day.date, series: names.uv, value: day.uv },
  ]);
  return {
    type: 'view',
    data,
    encode: { x: 'date', y: 'value', color: 'series' },
    scale: { color: { domain: [names.pv, names.uv], range: [palette.primary, palette.others[0]!] }, y: { nice: true, domainMin: 0 } },
    axis: {
      x: { title: false, labelFormatter: shortDate, labelAutoHide: true, labelAutoRotate: false },
      y: { title: false, tickFilter: wholeTicks },
    },
    legend: { color: { position: 'top', layout: { justifyContent: 'center' } } },
    interaction: { tooltip: { shared: true } },
    // Straight segments: a smoothed curve would swing past the days' real counts. No point marks: on 90
    // days they would cover the line, and the tooltip marks the day under the pointer.
    children: [{ type: 'line', style: { lineWidth: 2 }, tooltip: { title: 'date', items: [{ channel: 'y' }] } }],
  } as G2Spec;
}

export interface SourceSlice {
  source: VisitSource;
  name: string;
  count: number;
}

/** Visits by source, a donut with the share on each slice. */
export function sourcesSpec(slices: readonly SourceSlice[], palette: ChartPalette, countName: string): G2Spec {
  const total = slices.reduce((sum, slice) => sum + slice.count, 0);
  const share = (count: number) => (total ? `${Math.round((count / total) * 1000) / 10}%` : '');
  return {
    type: 'interval',
    data: slices.filter((slice) => slice.count > 0),
    coordinate: { type: 'theta', innerRadius: 0.6, outerRadius: 0.85 },
    transform: [{ type: 'stackY' }],
    encode: { y: 'count', color: 'name' },
    scale: { color: { domain: slices.map((slice) => slice.name), range: [palette.primary, ...palette.others] } },
    legend: { color: { position: 'bottom', layout: { justifyContent: 'center' } } },
    labels: [{ text: (d: SourceSlice) => share(d.count), position: 'outside', connector: true, fontSize: 12 }],
    tooltip: { title: 'name', items: [{ field: 'count', name: countName }] },
    style: { stroke: 'transparent', inset: 1 },
  } as G2Spec;
}

/** The staff most visited, a horizontal bar each (most visited on top); ids on the axis, names shown. */
export function topStaffSpec(staff: readonly StaffCount[], palette: ChartPalette, countName: string): G2Spec {
  const names = new Map(staff.map((s) => [s.staffId, s.staffName]));
  return {
    type: 'interval',
    data: [...staff],
    coordinate: { transform: [{ type: 'transpose' }] },
    // Two people may share a name: the bars are keyed by id.
    encode: { x: 'staffId', y: 'count' },
    scale: { x: { domain: staff.map((s) => s.staffId), padding: 0.35 }, y: { nice: true, domainMin: 0 } },
    axis: { x: { title: false, labelFormatter: (id: unknown) => names.get(String(id)) ?? String(id) }, y: { title: false, tickFilter: wholeTicks } },
    style: { fill: palette.primary, maxWidth: 22, radiusTopRight: 3, radiusBottomRight: 3, cursor: 'pointer' },
    // After the bar's end, with room kept on the right for the longest bar's count.
    labels: [{ text: 'count', position: 'right', textAlign: 'start', dx: 6, fontSize: 12 }],
    paddingRight: 48,
    tooltip: { title: 'staffName', items: [{ field: 'count', name: countName }] },
    interaction: { elementHighlight: { background: true } },
  } as G2Spec;
}
