import { describe, expect, it as baseIt } from '@rstest/core';
import { screen, waitFor, within } from '@testing-library/react';
import { fail, ok, renderPlugin, respond } from '../../../core/sdk/testing';
import cardPlugin from '../../card/index';
import dictPlugin from '../../dict/index';
import visitPlugin from '../index';

const it = (name: string, fn: () => Promise<void>) => baseIt(name, fn, 60_000);

const REQUIRED = [dictPlugin, cardPlugin];

/** The server's last 30 days ending 2024-06-30, with the last two days given. */
function lastDays(yesterday: { pv: number; uv: number }, today: { pv: number; uv: number }) {
  const days = Array.from({ length: 30 }, (_, i) => ({ date: `2024-06-${String(i + 1).padStart(2, '0')}`, pv: 10 + (i % 5), uv: 5 }));
  days[28] = { ...days[28]!, ...yesterday };
  days[29] = { ...days[29]!, ...today };
  const pv = days.reduce((sum, d) => sum + d.pv, 0);
  return { startDate: '2024-06-01', endDate: '2024-06-30', days, sources: [{ source: 1, count: pv }], topStaff: [], totals: { pv, visitors: 40 } };
}

const figure = (card: HTMLElement, id: string) => {
  const el = within(card).getByTestId(`visit-today-${id}`);
  return {
    value: el.querySelector('.ba-figure-value')!.textContent,
    change: within(el).getByTestId('home-change'),
    yesterday: el.querySelector('.ba-figure-yesterday')!.textContent,
  };
};

async function renderHome(answer: () => unknown, permissions?: string[]) {
  const app = await renderPlugin(visitPlugin, {
    with: REQUIRED,
    backend: respond({ 'GET /api/visit/info/system/chart': answer }),
    route: '/wel/index',
    user: permissions ? { permissions } : undefined,
  });
  return app;
}

describe('visit home cards', () => {
  it('show today against yesterday, up and down with the percentage, from one call shared by both cards', async () => {
    const app = await renderHome(() => ok(lastDays({ pv: 12, uv: 8 }, { pv: 15, uv: 6 })));
    const today = await screen.findByTestId('home-card-visit/visitors-today');
    await waitFor(() => expect(figure(today, 'pv').value).toBe('15'));
    const pv = figure(today, 'pv');
    expect(pv.change.textContent).toBe('▲25%较昨日');
    expect(pv.change.getAttribute('aria-label')).toBe('较昨日 上升 25%');
    expect(pv.change.className).toContain('ba-change-up');
    expect(pv.yesterday).toBe('昨日 12');
    const uv = figure(today, 'uv');
    expect(uv.value).toBe('6');
    expect(uv.change.textContent).toBe('▼25%较昨日');
    expect(uv.change.className).toContain('ba-change-down');

    const trend = screen.getByTestId('home-card-visit/visits-30-days');
    expect(trend.className).toContain('ba-home-span-2');
    const line = await within(trend).findByRole('img');
    expect(line.getAttribute('aria-label')).toBe(`2024-06-01 至 2024-06-30 每日访问量折线：共 ${lastDays({ pv: 12, uv: 8 }, { pv: 15, uv: 6 }).totals.pv} 次，单日最多 15 次（2024-06-30），今日 15 次`);
    expect(line.querySelector('polyline')!.getAttribute('points')!.split(' ')).toHaveLength(30);
    // The server's own range: no dates sent, and one call for the two cards.
    expect(app.callsTo('GET /api/visit/info/system/chart').map((c) => c.query)).toEqual([{}]);

    await app.user.click(within(trend).getByRole('link', { name: /查看访客统计/ }));
    await waitFor(() => expect(window.location.pathname).toBe('/visit/chart'));
  });

  it('say so when yesterday had no visits, and when nothing changed', async () => {
    await renderHome(() => ok(lastDays({ pv: 0, uv: 4 }, { pv: 7, uv: 4 })));
    const today = await screen.findByTestId('home-card-visit/visitors-today');
    await waitFor(() => expect(figure(today, 'pv').value).toBe('7'));
    expect(figure(today, 'pv').change.textContent).toBe('▲昨日为 0');
    expect(figure(today, 'pv').change.className).toContain('ba-change-fromZero');
    expect(figure(today, 'pv').yesterday).toBe('昨日 0');
    expect(figure(today, 'uv').change.textContent).toBe('持平较昨日');
  });

  it('show a failure with a retry inside the card, in English when the interface is', async () => {
    let failing = true;
    const app = await renderPlugin(visitPlugin, {
      with: REQUIRED,
      backend: respond({ 'GET /api/visit/info/system/chart': () => (failing ? fail('busy', 500) : ok(lastDays({ pv: 3, uv: 2 }, { pv: 0, uv: 0 }))) }),
      route: '/wel/index',
      language: 'en',
      user: { permissions: ['visit_chart', 'visit_chart_view', 'visit_info', 'visit_info_view'] },
    });
    const today = await screen.findByTestId('home-card-visit/visitors-today');
    expect(await within(today).findByText('The visits could not be loaded')).toBeTruthy();
    failing = false;
    await app.user.click(within(today).getByRole('button', { name: 'Retry' }));
    await waitFor(() => expect(figure(today, 'pv').value).toBe('0'));
    expect(figure(today, 'pv').change.getAttribute('aria-label')).toBe('vs yesterday down 100%');
    expect(figure(today, 'pv').yesterday).toBe('Yesterday 3');
    expect(within(today).getByRole('link', { name: /Visit records/ }).getAttribute('href')).toBe('/visit/info');
  });

  it('offer the records only to who may open them, and are not shown to a user who may not view the statistics', async () => {
    await renderHome(() => ok(lastDays({ pv: 1, uv: 1 }, { pv: 1, uv: 1 })), ['visit_chart', 'visit_chart_view']);
    const today = await screen.findByTestId('home-card-visit/visitors-today');
    await waitFor(() => expect(figure(today, 'pv').value).toBe('1'));
    expect(within(today).queryByRole('link')).toBeNull();

    await renderHome(() => ok(lastDays({ pv: 1, uv: 1 }, { pv: 1, uv: 1 })), ['visit_chart']);
    expect(await screen.findByTestId('home-page')).toBeTruthy();
    expect(screen.queryByTestId('home-card-visit/visitors-today')).toBeNull();
    expect(screen.queryByTestId('home-card-visit/visits-30-days')).toBeNull();
  });
});
