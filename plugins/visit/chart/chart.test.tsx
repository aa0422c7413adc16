import { afterEach, beforeEach, describe, expect, it as baseIt, rs } from '@rstest/core';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { fail, ok, renderPlugin, respond, type RecordedCall } from '../../../core/sdk/testing';
import cardPlugin from '../../card/index';
import dictPlugin from '../../dict/index';
import visitPlugin from '../index';
import { addDays, localToday } from './range';

/** These tests drive a whole screen: more time than the default when the machine is busy. */
const it = (name: string, fn: () => Promise<void>) => baseIt(name, fn, 60_000);

/**
 * G2 draws on a canvas, which happy-dom does not have: a stand-in records what each chart was asked to
 * draw (by its container's aria-label) and lets a test click a mark.
 */
const g2 = rs.hoisted(() => {
  interface Drawn {
    container: HTMLElement;
    spec: Record<string, unknown>;
    click?: (event: unknown) => void;
    destroyed: boolean;
  }
  return { charts: [] as Drawn[], failRender: false };
});
rs.mock('@antv/g2', () => ({
  Chart: class {
    private drawn: (typeof g2.charts)[number];
    constructor({ container }: { container: HTMLElement }) {
      this.drawn = { container, spec: {}, destroyed: false };
      g2.charts.push(this.drawn);
    }
    options(spec: Record<string, unknown>) {
      this.drawn.spec = spec;
      return this;
    }
    on(event: string, handler: (event: unknown) => void) {
      if (event === 'element:click') this.drawn.click = handler;
      return this;
    }
    async render() {
      if (g2.failRender) throw new Error('no canvas');
      return this;
    }
    async forceFit() {
      return this;
    }
    destroy() {
      this.drawn.destroyed = true;
    }
  },
}));

// The screen's "today" and the test's are one clock's: a fixed day, the time still moving (the screens
// time things) but hours from midnight, so the two never fall on different days.
beforeEach(() => {
  rs.useFakeTimers({ toFake: ['Date'], shouldAdvanceTime: true });
  rs.setSystemTime(new Date(2026, 2, 1, 12, 0, 0));
});
afterEach(() => {
  rs.useRealTimers();
  g2.charts.length = 0;
  g2.failRender = false;
});

/** The live chart whose accessible summary starts with `prefix`. */
const chartLabelled = (prefix: string) => {
  const live = g2.charts.filter((c) => !c.destroyed && c.container.getAttribute('aria-label')?.startsWith(prefix));
  if (live.length !== 1) throw new Error(`expected one live chart labelled ${prefix}…, found ${live.length}`);
  return live[0]!;
};

/** The plugins visit requires, mounted beside it as the app would. */
const REQUIRED = [dictPlugin, cardPlugin];

const COMPANIES = [
  { id: '11', name: '星河科技', shortName: '星河', isDefault: 1 },
  { id: '12', name: '云帆贸易', shortName: '云帆', isDefault: 0 },
];
const STAFF = [
  { id: '21', name: '张伟', companyId: '11', position: '销售经理', avatar: '' },
  { id: '22', name: '李娜', companyId: '11', position: '顾问', avatar: '' },
  { id: '23', name: '王芳', companyId: '12', position: '店长', avatar: '' },
];

/**
 * A statistics answer the way the server makes it: every day of the asked range, with visits that depend
 * on the filter (so a test sees the figures change with it).
 */
function statsFor(query: Record<string, string>, visitsPerDay = (i: number) => 10 + (i % 7)) {
  const start = query.startDate ?? addDays(localToday(), -29);
  const end = query.endDate ?? localToday();
  const days: { date: string; pv: number; uv: number }[] = [];
  const scale = query.staffId ? 0.25 : query.companyId ? 0.5 : 1;
  for (let date = start, i = 0; date <= end; date = addDays(date, 1), i++) {
    const pv = Math.round(visitsPerDay(i) * scale);
    days.push({ date, pv, uv: Math.ceil(pv / 2) });
  }
  const pv = days.reduce((sum, d) => sum + d.pv, 0);
  const staff = STAFF.filter((s) => (!query.companyId || s.companyId === query.companyId) && (!query.staffId || s.id === query.staffId));
  return {
    startDate: start,
    endDate: end,
    days,
    sources: [
      { source: 1, count: Math.round(pv * 0.5) },
      { source: 2, count: Math.round(pv * 0.3) },
      { source: 3, count: pv - Math.round(pv * 0.5) - Math.round(pv * 0.3) },
    ],
    topStaff: staff.map((s, i) => ({ staffId: s.id, staffName: s.name, count: Math.max(0, Math.round(pv / (i + 2))) })),
    totals: { pv, visitors: Math.ceil(pv / 3) },
  };
}

function backend(chart: (call: RecordedCall) => unknown = (call) => ok(statsFor(call.query))) {
  return respond({
    'GET /api/visit/info/system/chart': chart,
    'GET /api/company/information/list': () => ok(COMPANIES),
    'GET /api/staff/info/list': (call) => ok(STAFF.filter((s) => !call.query.companyId || s.companyId === call.query.companyId)),
  });
}

const figure = (id: string) => screen.getByTestId(`visit-figure-${id}`).querySelector('.visit-figure-value')!.textContent;
const address = () => new URLSearchParams(window.location.search);

async function pick(app: { user: { click: (el: Element) => Promise<void> } }, label: string, option: string) {
  await app.user.click(screen.getByRole('combobox', { name: label }).closest('.arco-select-view') ?? screen.getByLabelText(label));
  fireEvent.click(await screen.findByText(option, { selector: '.arco-select-option, .arco-select-option *' }));
}

describe('visit statistics screen', () => {
  it('asks for the last 30 days and the 30 before them, shows the figures against them and draws the three charts', async () => {
    const app = await renderPlugin(visitPlugin, { with: REQUIRED, backend: backend(), route: '/visit/chart' });
    await waitFor(() => expect(figure('pv')).not.toBeNull());
    const today = localToday();
    const asked = app.callsTo('GET /api/visit/info/system/chart').map((c) => c.query);
    expect(asked).toEqual([
      { startDate: addDays(today, -29), endDate: today },
      { startDate: addDays(today, -59), endDate: addDays(today, -30) },
    ]);
    const current = statsFor(asked[0]!);
    expect(figure('pv')).toBe(String(current.totals.pv));
    expect(figure('visitors')).toBe(String(current.totals.visitors));
    expect(figure('per-day')).toBe(String(Math.round((current.totals.pv / 30) * 10) / 10));
    // Both ranges answered alike: no change.
    expect(within(screen.getByTestId('visit-figure-pv')).getByTestId('visit-change').getAttribute('aria-label')).toBe('较上一周期 持平');

    await waitFor(() => expect(g2.charts.filter((c) => !c.destroyed && c.spec.data)).toHaveLength(3));
    const trend = chartLabelled(`${addDays(today, -29)} 至 ${today} 每日访问量与访客数折线图`);
    expect((trend.spec.data as unknown[]).length).toBe(60); // PV and UV for each of the 30 days
    expect(trend.spec.data).toContainEqual({ date: today, series: '访问量 (PV)', value: current.days.at(-1)!.pv });
    expect((trend.spec.theme as { type: string }).type).toBe('classic');
    const sources = chartLabelled('访问来源环形图');
    expect(sources.container.getAttribute('aria-label')).toContain('分享链接');
    expect((sources.spec.data as { name: string }[]).map((d) => d.name)).toEqual(['分享链接', '二维码', '搜索']); // no slice for 0
    const bars = chartLabelled('员工访问排行条形图');
    expect((bars.spec.data as { staffName: string }[]).map((d) => d.staffName)).toEqual(['张伟', '李娜', '王芳']);
  });

  it('compares with the previous period: up, down, and up from nothing', async () => {
    const today = localToday();
    const previousStart = addDays(today, -59);
    let previousPv = 0;
    const app = await renderPlugin(visitPlugin, {
      with: REQUIRED,
      backend: backend((call) =>
        ok(call.query.startDate === previousStart ? statsFor(call.query, () => previousPv) : statsFor(call.query, () => 10)),
      ),
      route: '/visit/chart',
    });
    const pvChange = () => within(screen.getByTestId('visit-figure-pv')).getByTestId('visit-change');
    await waitFor(() => expect(pvChange().getAttribute('aria-label')).toBe('上一周期为 0'));
    expect(pvChange().textContent).toContain('▲');

    // Another range and back: both asked again.
    const again = async () => {
      await app.user.click(screen.getByRole('radio', { name: '近7天' }).closest('label')!);
      await app.user.click(screen.getByRole('radio', { name: '近30天' }).closest('label')!);
    };
    previousPv = 8; // 300 against 240: up 25%
    await again();
    await waitFor(() => expect(pvChange().getAttribute('aria-label')).toBe('较上一周期 上升 25%'));
    expect(pvChange().textContent).toBe('▲25%较上一周期');

    previousPv = 20; // 300 against 600: down 50%
    await again();
    await waitFor(() => expect(pvChange().getAttribute('aria-label')).toBe('较上一周期 下降 50%'));
    expect(pvChange().className).toContain('visit-change-down');
  });

  it('sends the chosen range, company and staff member, keeps them in the address and redraws', async () => {
    const app = await renderPlugin(visitPlugin, { with: REQUIRED, backend: backend(), route: '/visit/chart' });
    await waitFor(() => expect(g2.charts.filter((c) => !c.destroyed)).toHaveLength(3));
    const today = localToday();
    const lastAsked = () => app.callsTo('GET /api/visit/info/system/chart').at(-2)!.query; // the last but one: the range shown (the last is the one before it)
    const pvBefore = figure('pv');

    await app.user.click(screen.getByRole('radio', { name: '近7天' }).closest('label')!);
    await waitFor(() => expect(lastAsked()).toEqual({ startDate: addDays(today, -6), endDate: today }));
    expect(address().get('chart.from')).toBe(addDays(today, -6));
    expect(address().get('chart.to')).toBe(today);
    await waitFor(() => expect(figure('pv')).toBe(String(statsFor(lastAsked()).totals.pv)));
    expect(figure('pv')).not.toBe(pvBefore);
    await waitFor(() => expect((chartLabelled(`${addDays(today, -6)} 至`).spec.data as unknown[]).length).toBe(14));

    await pick(app, '公司', '云帆贸易');
    await waitFor(() => expect(lastAsked()).toEqual({ startDate: addDays(today, -6), endDate: today, companyId: '12' }));
    expect(address().get('chart.company')).toBe('12');
    // The staff choices narrow to the company.
    await waitFor(() => expect(app.callsTo('GET /api/staff/info/list').at(-1)!.query).toEqual({ companyId: '12' }));
    await pick(app, '员工', '王芳');
    await waitFor(() => expect(lastAsked()).toEqual({ startDate: addDays(today, -6), endDate: today, companyId: '12', staffId: '23' }));
    expect(address().get('chart.staff')).toBe('23');
    await waitFor(() => expect(figure('pv')).toBe(String(statsFor(lastAsked()).totals.pv)));
    await waitFor(() => expect((chartLabelled('员工访问排行条形图').spec.data as { staffName: string }[]).map((d) => d.staffName)).toEqual(['王芳']));

    // Another company: the person chosen may not work there.
    await pick(app, '公司', '星河科技');
    await waitFor(() => expect(lastAsked()).toEqual({ startDate: addDays(today, -6), endDate: today, companyId: '11' }));
    expect(address().get('chart.staff')).toBeNull();
  });

  it('opens the view its address names, and clicking a staff bar filters by that person', async () => {
    const app = await renderPlugin(visitPlugin, { with: REQUIRED, backend: backend(), route: '/visit/chart?chart.from=2024-02-01&chart.to=2024-02-29&chart.company=11' });
    await waitFor(() => expect(app.callsTo('GET /api/visit/info/system/chart')[0]?.query).toEqual({ startDate: '2024-02-01', endDate: '2024-02-29', companyId: '11' }));
    expect(app.callsTo('GET /api/visit/info/system/chart')[1]!.query).toEqual({ startDate: '2024-01-03', endDate: '2024-01-31', companyId: '11' });
    await waitFor(() => expect(screen.getByRole('combobox', { name: '公司' }).closest('.arco-select')!.textContent).toContain('星河科技'));
    expect(screen.getByDisplayValue('2024-02-01')).toBeTruthy();

    await waitFor(() => expect(chartLabelled('员工访问排行条形图').click).toBeDefined());
    await act(async () => chartLabelled('员工访问排行条形图').click!({ data: { data: { staffId: '22', staffName: '李娜', count: 5 } } }));
    await waitFor(() =>
      expect(app.callsTo('GET /api/visit/info/system/chart').at(-2)!.query).toEqual({ startDate: '2024-02-01', endDate: '2024-02-29', companyId: '11', staffId: '22' }),
    );
    expect(address().get('chart.staff')).toBe('22');
    await waitFor(() => expect(screen.getByRole('combobox', { name: '员工' }).closest('.arco-select')!.textContent).toContain('李娜'));
  });

  it('refuses a range the call would not answer in the address, and falls back to the last 30 days', async () => {
    const app = await renderPlugin(visitPlugin, { with: REQUIRED, backend: backend(), route: '/visit/chart?chart.from=2023-01-01&chart.to=2024-12-31' });
    const today = localToday();
    await waitFor(() => expect(app.callsTo('GET /api/visit/info/system/chart')[0]?.query).toEqual({ startDate: addDays(today, -29), endDate: today }));
  });

  it('says there were no visits instead of drawing empty axes, and offers to clear the filters', async () => {
    const app = await renderPlugin(visitPlugin, { with: REQUIRED, backend: backend((call) => ok(statsFor(call.query, () => 0))), route: '/visit/chart?chart.staff=21' });
    expect(await screen.findByText('所选范围内暂无访问')).toBeTruthy();
    expect(g2.charts).toHaveLength(0);
    expect(screen.queryByTestId('visit-figure-pv')).toBeNull();
    await app.user.click(screen.getByRole('button', { name: '清除筛选' }));
    await waitFor(() => expect(address().get('chart.staff')).toBeNull());
    expect(app.callsTo('GET /api/visit/info/system/chart').at(-2)!.query.staffId).toBeUndefined();
  });

  it('says the statistics failed to load, and a retry loads them', async () => {
    let failing = true;
    const app = await renderPlugin(visitPlugin, {
      with: REQUIRED,
      backend: backend((call) => (failing ? fail('统计服务暂不可用', 500) : ok(statsFor(call.query)))),
      route: '/visit/chart',
    });
    expect(await screen.findByText('统计数据加载失败')).toBeTruthy();
    failing = false;
    await app.user.click(screen.getByRole('button', { name: '重试' }));
    await waitFor(() => expect(figure('pv')).toBe(String(statsFor(app.callsTo('GET /api/visit/info/system/chart')[0]!.query).totals.pv)));
  });

  it('shows the same figures as tables when asked, and when G2 cannot draw', async () => {
    g2.failRender = true;
    const app = await renderPlugin(visitPlugin, { with: REQUIRED, backend: backend(), route: '/visit/chart?chart.from=2024-03-01&chart.to=2024-03-07' });
    const trend = await screen.findByTestId('visit-panel-trend');
    expect(await within(trend).findByText('图表绘制失败，已改为表格显示')).toBeTruthy();
    const rows = () => within(trend).getAllByRole('row').slice(1);
    expect(rows()).toHaveLength(7);
    const days = statsFor({ startDate: '2024-03-01', endDate: '2024-03-07' }).days;
    expect(rows()[0]!.textContent).toBe(`2024-03-01${days[0]!.pv}${days[0]!.uv}`);

    g2.failRender = false;
    await app.user.click(screen.getByRole('radio', { name: '表格' }).closest('label')!);
    const sources = within(screen.getByTestId('visit-panel-sources'));
    expect(sources.getByText('名片交换')).toBeTruthy(); // every source, 0 included
    const staff = within(screen.getByTestId('visit-panel-top-staff'));
    expect(staff.getAllByRole('row').slice(1).map((r) => r.textContent)).toEqual(
      statsFor({ startDate: '2024-03-01', endDate: '2024-03-07' }).topStaff.map((s, i) => `${i + 1}${s.staffName}${s.count}`),
    );
  });

  it('follows the language and the dark theme', async () => {
    const app = await renderPlugin(visitPlugin, { with: REQUIRED, backend: backend(), route: '/visit/chart', language: 'en' });
    await waitFor(() => expect(g2.charts.filter((c) => !c.destroyed && c.spec.data)).toHaveLength(3));
    expect(screen.getByTestId('visit-figure-pv').textContent).toContain('Visits (PV)');
    const sources = chartLabelled('Donut chart of sources');
    expect((sources.spec.data as { name: string }[]).map((d) => d.name)).toEqual(['Shared link', 'QR code', 'Search']);

    await act(() => app.kernel.preferences.setTheme('theme-dark'));
    await waitFor(() => expect((chartLabelled('Line chart').spec.theme as { type: string }).type).toBe('classicDark'));
    // Redrawn in place, not made again.
    expect(g2.charts).toHaveLength(3);
    await act(() => app.kernel.preferences.setTheme('theme-default'));
  });
});
