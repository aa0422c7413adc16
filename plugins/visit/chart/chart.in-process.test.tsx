import { afterEach, describe, expect, it as baseIt, rs } from '@rstest/core';
import { act, screen, waitFor } from '@testing-library/react';
import { inProcessServer, renderPlugin } from '../../../core/sdk/testing';
import cardPlugin from '../../card/index';
import cardServer from '../../card/server';
import dictPlugin from '../../dict/index';
import dictServer from '../../dict/server';
import visitPlugin from '../index';
import visitServer from '../server';
import { addDays, localToday } from './range';

const it = (name: string, fn: () => Promise<void>) => baseIt(name, fn, 60_000);

// happy-dom has no canvas: a stand-in G2 records what each chart is given and lets the test click a bar.
const g2 = rs.hoisted(() => ({ charts: [] as { label: () => string; spec: Record<string, unknown>; click?: (event: unknown) => void; destroyed: boolean }[] }));
rs.mock('@antv/g2', () => ({
  Chart: class {
    private drawn: (typeof g2.charts)[number];
    constructor({ container }: { container: HTMLElement }) {
      this.drawn = { label: () => container.getAttribute('aria-label') ?? '', spec: {}, destroyed: false };
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

const backend = inProcessServer({ plugins: [dictServer, cardServer, visitServer] });

const figure = (id: string) => screen.getByTestId(`visit-figure-${id}`).querySelector('.visit-figure-value')!.textContent!.replace(/,/g, '');
const bars = () => g2.charts.find((c) => !c.destroyed && c.label().startsWith('员工访问排行条形图'));

interface Chart {
  days: { date: string; pv: number }[];
  topStaff: { staffId: string; staffName: string; count: number }[];
  totals: { pv: number; visitors: number };
}

describe('visit statistics screen (in-process server, demo visits)', () => {
  afterEach(() => {
    rs.useRealTimers();
  });

  it('shows what the server counts, for the last 30 days, 7 days, and one staff member picked from the bars', async () => {
    // The screen's "today", the server's and the test's are one clock's: today's (the demo visits end at
    // the server's start), from noon on, so they never fall on different days.
    const now = new Date();
    rs.useFakeTimers({ toFake: ['Date'], shouldAdvanceTime: true });
    rs.setSystemTime(new Date(now.getFullYear(), now.getMonth(), now.getDate(), 12, 0, 0));
    const app = await renderPlugin(visitPlugin, { with: [dictPlugin, cardPlugin], backend, route: '/visit/chart', user: { permissions: ['visit_chart', 'visit_chart_view'] } });
    const server = await backend.server();
    const token = app.kernel.session.token;
    const ask = async (query: Record<string, string>) => (await server.get('/api/visit/info/system/chart', { token, query })).body.data as Chart;
    const today = localToday();

    const month = await ask({ startDate: addDays(today, -29), endDate: today });
    expect(month.totals.pv).toBeGreaterThan(0); // the demo visits
    await waitFor(() => expect(figure('pv')).toBe(String(month.totals.pv)));
    expect(figure('visitors')).toBe(String(month.totals.visitors));

    await app.user.click(screen.getByRole('radio', { name: '近7天' }).closest('label')!);
    const week = await ask({ startDate: addDays(today, -6), endDate: today });
    await waitFor(() => expect(figure('pv')).toBe(String(week.totals.pv)));
    expect(week.totals.pv).toBeLessThan(month.totals.pv);
    await waitFor(() => expect((bars()?.spec.data as Chart['topStaff'] | undefined)?.map((s) => s.staffId)).toEqual(week.topStaff.map((s) => s.staffId)));

    const [top] = week.topStaff;
    await act(async () => bars()!.click!({ data: { data: top } }));
    await waitFor(() => expect(figure('pv')).toBe(String(top!.count)));
    const calls = app.callsTo('GET /api/visit/info/system/chart').map((c) => c.query);
    expect(calls).toContainEqual({ startDate: addDays(today, -6), endDate: today, staffId: top!.staffId });
    // The staff select names the person the server named.
    await waitFor(() => expect(screen.getByRole('combobox', { name: '员工' }).closest('.arco-select')!.textContent).toContain(top!.staffName));
  });
});
