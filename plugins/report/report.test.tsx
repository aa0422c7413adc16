import { describe, expect, it as baseIt, rs } from '@rstest/core';
import { screen, waitFor, within } from '@testing-library/react';
import { fail, ok, renderPlugin, respond } from '../../core/sdk/testing';
import { chartSpec } from './screens/chart-spec';
import reportPlugin from './index';

const it = (name: string, fn: () => void | Promise<void>) => baseIt(name, fn, 60_000);

/** G2 draws on a canvas, which happy-dom lacks: a stand-in keeps what it was asked to draw. */
const g2 = rs.hoisted(() => ({ specs: [] as Record<string, unknown>[] }));
rs.mock('@antv/g2', () => ({
  Chart: class {
    options(spec: Record<string, unknown>) {
      g2.specs.push(spec);
      return this;
    }
    on() {
      return this;
    }
    async render() {
      return this;
    }
    async forceFit() {
      return this;
    }
    destroy() {}
  },
}));

const BASE = '/api/blade-report/report/rest';
const report = {
  id: '7',
  name: '商城每日销售',
  category: '商城',
  description: '每天的收款',
  status: 1,
  params: JSON.stringify([
    { name: 'start', label: { zh: '开始日期', en: 'From' }, type: 'date', required: true, default: '2024-05-01' },
    { name: 'top', label: { zh: '前几名', en: 'Top' }, type: 'int', default: '5' },
  ]),
  columns: JSON.stringify([{ name: 'takings', label: { zh: '收款（元）', en: 'Takings (CNY)' }, money: true }]),
  chart: JSON.stringify({ type: 'line', x: 'day', y: ['takings'] }),
};
const result = {
  columns: [
    { name: 'day', type: 'date' },
    { name: 'takings', type: 'number' },
  ],
  rows: [
    ['2024-05-01', 123456],
    ['2024-05-02', 0],
  ],
  truncated: false,
  ms: 12,
};

describe('the run view', () => {
  it('opens with the defaults, runs with them, and shows the table (money in yuan, right-aligned) and the chart', async () => {
    const runs: unknown[] = [];
    const app = await renderPlugin(reportPlugin, {
      route: '/report/run/7',
      user: { permissions: ['report', 'report_view'] },
      backend: respond({
        [`GET ${BASE}/detail`]: () => ok(report),
        [`POST ${BASE}/run`]: (call) => {
          runs.push(call.body);
          return ok(result);
        },
      }),
    });
    const form = await screen.findByTestId('report-params');
    expect(within(form).getByText('开始日期')).toBeTruthy();
    await app.user.click(screen.getByTestId('report-run'));
    const table = await screen.findByTestId('report-table');
    expect(runs).toEqual([{ id: '7', params: { start: '2024-05-01', top: '5' } }]);
    const cell = within(table).getByText('¥1,234.56').closest('td')!;
    expect(cell.style.textAlign || cell.querySelector<HTMLElement>('[style]')?.style.textAlign).toBe('right');
    expect(screen.getByTestId('report-meta').textContent).toBe('2 行 · 耗时 12 毫秒');
    await waitFor(() => expect(g2.specs.length).toBeGreaterThan(0));
    // The chart draws yuan, not fen.
    expect((g2.specs.at(-1)!.data as { value: number }[]).map((d) => d.value)).toEqual([1234.56, 0]);
  });

  it('shows a refusal of the server in the page, the values kept', async () => {
    const app = await renderPlugin(reportPlugin, {
      route: '/report/run/7',
      user: { permissions: ['report', 'report_view'] },
      backend: respond({
        [`GET ${BASE}/detail`]: () => ok(report),
        [`POST ${BASE}/run`]: () => fail('报表运行超时（超过 5000 毫秒）'),
      }),
    });
    await screen.findByTestId('report-params');
    await app.user.click(screen.getByTestId('report-run'));
    expect((await screen.findByTestId('report-error')).textContent).toContain('报表运行超时（超过 5000 毫秒）');
    expect((screen.getByLabelText('前几名') as HTMLInputElement).value).toBe('5');
  });
});

describe('the chart specification', () => {
  const title = (c: string) => c;
  const palette = { primary: '#165DFF', others: ['#FF7D00'] };
  it('is null for a table-only report or a column the result lacks', () => {
    expect(chartSpec({ type: 'table' }, result as never, title, new Set(), palette)).toBeNull();
    expect(chartSpec({ type: 'line', x: 'day', y: ['nope'] }, result as never, title, new Set(), palette)).toBeNull();
  });
  it('makes a pie of the positive slices', () => {
    const spec = chartSpec({ type: 'pie', x: 'day', y: ['takings'] }, result as never, title, new Set(['takings']), palette) as { data: unknown[] };
    expect(spec.data).toEqual([{ name: '2024-05-01', value: 1234.56 }]);
  });
});
