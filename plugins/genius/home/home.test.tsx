import { describe, expect, it as baseIt } from '@rstest/core';
import { screen, waitFor, within } from '@testing-library/react';
import { fail, ok, renderPlugin, respond } from '../../../core/sdk/testing';
import dictPlugin from '../../dict/index';
import geniusPlugin from '../index';
import { todaysOrdersLink } from './summary';

const it = (name: string, fn: () => Promise<void>) => baseIt(name, fn, 60_000);

const CARD = 'home-card-genius/orders-today';

const figure = (card: HTMLElement, id: string) => {
  const el = within(card).getByTestId(`genius-home-${id}`);
  return {
    value: el.querySelector('.ba-figure-value')!.textContent,
    change: within(el).getByTestId('home-change'),
    yesterday: el.querySelector('.ba-figure-yesterday')!.textContent,
  };
};

async function renderHome(answer: () => unknown, options: { permissions?: string[]; language?: 'zh' | 'en' } = {}) {
  return renderPlugin(geniusPlugin, {
    with: [dictPlugin],
    backend: respond({
      'GET /api/genius/order/summary': answer,
      // The order screen the link opens.
      'GET /api/genius/order/list': () => ok({ records: [], total: 0, size: 10, current: 1, pages: 0 }),
      'GET /api/genius/select': () => ok([]),
    }),
    route: '/wel/index',
    language: options.language,
    user: options.permissions ? { permissions: options.permissions } : undefined,
  });
}

describe('genius home card', () => {
  it('shows today’s new orders and takings against yesterday’s, the takings in yuan, and links to today’s orders', async () => {
    const app = await renderHome(() => ok({ date: '2024-07-01', today: { orders: 6, takings: 1_234_560 }, yesterday: { orders: 4, takings: 1_543_200 } }));
    const card = await screen.findByTestId(CARD);
    await waitFor(() => expect(figure(card, 'orders').value).toBe('6'));
    const orders = figure(card, 'orders');
    expect(orders.change.textContent).toBe('▲50%较昨日');
    expect(orders.change.getAttribute('aria-label')).toBe('较昨日 上升 50%');
    expect(orders.change.className).toContain('ba-change-up');
    expect(orders.yesterday).toBe('昨日 4 单');
    const takings = figure(card, 'takings');
    expect(takings.value).toBe('¥12,345.60');
    expect(takings.change.textContent).toBe('▼20%较昨日');
    expect(takings.change.className).toContain('ba-change-down');
    expect(takings.yesterday).toBe('昨日 ¥15,432.00');
    expect(app.callsTo('GET /api/genius/order/summary')).toHaveLength(1);

    const link = within(card).getByRole('link', { name: /查看今日订单/ });
    expect(link.getAttribute('href')).toBe(todaysOrdersLink('2024-07-01'));
    await app.user.click(link);
    await waitFor(() => expect(window.location.pathname).toBe('/genius/order'));
    expect(new URLSearchParams(window.location.search).get('list.f.createTime_dategt')).toBe('2024-06-30 23:59:59');
    await waitFor(() => expect(app.callsTo('GET /api/genius/order/list').at(-1)?.query).toMatchObject({ createTime_dategt: '2024-06-30 23:59:59' }));
  });

  it('says so when yesterday had none, and when nothing changed', async () => {
    await renderHome(() => ok({ date: '2024-07-01', today: { orders: 3, takings: 0 }, yesterday: { orders: 0, takings: 0 } }));
    const card = await screen.findByTestId(CARD);
    await waitFor(() => expect(figure(card, 'orders').value).toBe('3'));
    expect(figure(card, 'orders').change.textContent).toBe('▲昨日为 0');
    expect(figure(card, 'takings').value).toBe('¥0.00');
    expect(figure(card, 'takings').change.textContent).toBe('持平较昨日');
  });

  it('shows a failure with a retry inside the card, in English when the interface is', async () => {
    let failing = true;
    const app = await renderPlugin(geniusPlugin, {
      with: [dictPlugin],
      backend: respond({ 'GET /api/genius/order/summary': () => (failing ? fail('busy', 500) : ok({ date: '2024-07-01', today: { orders: 0, takings: 0 }, yesterday: { orders: 2, takings: 5_000 } })) }),
      route: '/wel/index',
      language: 'en',
      user: { permissions: ['genius_order', 'genius_order_view'] },
    });
    const card = await screen.findByTestId(CARD);
    expect(await within(card).findByText('The orders could not be loaded')).toBeTruthy();
    failing = false;
    await app.user.click(within(card).getByRole('button', { name: 'Retry' }));
    await waitFor(() => expect(figure(card, 'orders').value).toBe('0'));
    expect(figure(card, 'orders').change.getAttribute('aria-label')).toBe('vs yesterday down 100%');
    expect(figure(card, 'takings').yesterday).toBe('Yesterday ¥50.00');
    expect(within(card).getByRole('link', { name: /Today's orders/ })).toBeTruthy();
  });

  it('is not shown to a user who may not view the orders', async () => {
    await renderHome(() => ok({ date: '2024-07-01', today: { orders: 1, takings: 1 }, yesterday: { orders: 1, takings: 1 } }), { permissions: ['genius', 'genius_view', 'genius_order'] });
    expect(await screen.findByTestId('home-page')).toBeTruthy();
    expect(screen.queryByTestId(CARD)).toBeNull();
  });
});

describe('the link to today’s orders', () => {
  it('starts at the last second of the day before, across a month and a year', async () => {
    expect(todaysOrdersLink('2024-03-01')).toBe('/genius/order?list.f.createTime_dategt=2024-02-29+23%3A59%3A59');
    expect(todaysOrdersLink('2025-01-01')).toContain('2024-12-31+23%3A59%3A59');
  });
});
