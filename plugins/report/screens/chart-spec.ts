import type { ChartPalette, G2Spec } from '../../../core/sdk/chart';
import { paletteColors } from '../../../core/sdk/chart';
import type { ReportChart, ReportResult } from '../declaration';

/**
 * A report's chart as G2's specification, from its declaration and a result: lines or columns of the y
 * columns along x (one series per y column, or per value of the series column), or a pie of one y column
 * by x. Money columns are drawn in yuan. Null when the declaration says table only or names a column
 * the result lacks.
 */
export function chartSpec(chart: ReportChart, result: ReportResult, title: (column: string) => string, money: ReadonlySet<string>, palette: ChartPalette): G2Spec | null {
  if (chart.type === 'table' || !chart.x || !chart.y?.length) return null;
  const index = new Map(result.columns.map((c, i) => [c.name, i]));
  const at = (name: string | undefined) => (name === undefined ? undefined : index.get(name));
  const x = at(chart.x);
  const ys = chart.y.map((name) => ({ name, i: at(name) }));
  const series = at(chart.series);
  if (x === undefined || ys.some((y) => y.i === undefined) || (chart.series && series === undefined)) return null;
  const value = (row: ReportResult['rows'][number], y: { name: string; i?: number }) => {
    const v = Number(row[y.i!] ?? 0);
    return money.has(y.name) ? v / 100 : v;
  };
  const colors = paletteColors(palette);

  if (chart.type === 'pie') {
    const y = ys[0]!;
    const data = result.rows.map((row) => ({ name: String(row[x] ?? ''), value: value(row, y) })).filter((d) => d.value > 0);
    const total = data.reduce((sum, d) => sum + d.value, 0);
    return {
      type: 'interval',
      data,
      coordinate: { type: 'theta', innerRadius: 0.55, outerRadius: 0.85 },
      transform: [{ type: 'stackY' }],
      encode: { y: 'value', color: 'name' },
      scale: { color: { range: colors } },
      legend: { color: { position: 'bottom', layout: { justifyContent: 'center' } } },
      labels: [{ text: (d: { value: number }) => (total ? `${Math.round((d.value / total) * 1000) / 10}%` : ''), position: 'outside', connector: true, fontSize: 12 }],
      tooltip: { title: 'name', items: [{ field: 'value', name: title(y.name) }] },
      style: { stroke: 'transparent', inset: 1 },
    } as G2Spec;
  }

  const data = result.rows.flatMap((row) =>
    ys.map((y) => ({ x: String(row[x] ?? ''), series: series !== undefined ? String(row[series] ?? '') : title(y.name), value: value(row, y) })),
  );
  const many = series !== undefined || ys.length > 1;
  const mark =
    chart.type === 'line'
      ? { type: 'line', style: { lineWidth: 2 } }
      : { type: 'interval', transform: many ? [{ type: 'dodgeX' }] : [], style: { maxWidth: 36, radiusTopLeft: 3, radiusTopRight: 3 } };
  return {
    type: 'view',
    data,
    encode: { x: 'x', y: 'value', color: 'series' },
    scale: { color: { range: colors }, y: { nice: true, domainMin: 0 } },
    axis: { x: { title: false, labelAutoHide: true, labelAutoRotate: false }, y: { title: false } },
    legend: many ? { color: { position: 'top', layout: { justifyContent: 'center' } } } : false,
    interaction: { tooltip: { shared: true } },
    children: [{ ...mark, tooltip: { title: 'x', items: [{ channel: 'y' }] } }],
  } as G2Spec;
}
