import { afterEach, describe, expect, it as baseIt, rs } from '@rstest/core';
import { screen, waitFor, within } from '@testing-library/react';
import { fail, ok, renderPlugin, respond } from '../../../core/sdk/testing';
import dictPlugin from '../../dict/index';
import mallPlugin from '../index';
import { todayOrdersLink } from './summary';

const it = (name: string, fn: () => Promise<void>) => baseIt(name, fn, 60_000);

const CARD = 'home-card-mall/mall-today';

const figure = (card: HTMLElement, id: string) => {
  const el = within(card).getByTestId(`mall-today-${id}`);
  return {
    value: el.querySelector('.ba-figure-value')!.textContent,
    change: within(el).getByTestId('home-change'),
    yesterday: el.querySelector('.ba-figure-yesterday')!.textContent,
  };
};

async function renderHome(answer: () => unknown, options: { permissions?: string[]; language?: 'zh' | 'en' } = {}) {
  return renderPlugin(mallPlugin, {
    with: [dictPlugin],
    backend: respond({
      'GET /api/mall/order/summary': answer,
      // The order screen the links open.
      'GET /api/mall/order/page': () => ok({ records: [], total: 0, size: 10, current: 1, pages: 0 }),
      'GET /api/blade-system/dict/dictionary': () => ok([]),
    }),
    route: '/wel/index',
    language: options.language,
    user: options.permissions ? { permissions: options.permissions } : undefined,
  });
}

describe('mall home card', () => {
  afterEach(() => {
    rs.useRealTimers();
  });

  it('shows today’s orders and takings against yesterday’s, the takings in yuan', async () => {
    const app = await renderHome(() => ok({ today: { orders: 12, takings: 1_234_560 }, yesterday: { orders: 8, takings: 1_543_200 } }));
    const card = await screen.findByTestId(CARD);
    expect(within(card.parentElement!).getByText('商城今日')).toBeTruthy();
    await waitFor(() => expect(figure(card, 'orders').value).toBe('12'));
    const orders = figure(card, 'orders');
    expect(orders.change.textContent).toBe('▲50%较昨日');
    expect(orders.change.getAttribute('aria-label')).toBe('较昨日 上升 50%');
    expect(orders.change.className).toContain('ba-change-up');
    expect(orders.yesterday).toBe('昨日 8');
    const takings = figure(card, 'takings');
    expect(takings.value).toBe('¥12,345.60');
    expect(takings.change.textContent).toBe('▼20%较昨日');
    expect(takings.change.className).toContain('ba-change-down');
    expect(takings.yesterday).toBe('昨日 ¥15,432.00');
    expect(app.callsTo('GET /api/mall/order/summary')).toHaveLength(1);
  });

  it('links to the orders of today and to the paid ones waiting to ship, filtered through the address', async () => {
    // The card's day is the clock's: a fixed one, still moving (the screens time things) but hours from midnight.
    rs.useFakeTimers({ toFake: ['Date'], shouldAdvanceTime: true });
    rs.setSystemTime(new Date(2026, 2, 1, 12, 0, 0));
    const app = await renderHome(() => ok({ today: { orders: 1, takings: 990 }, yesterday: { orders: 1, takings: 990 } }));
    const card = await screen.findByTestId(CARD);
    await waitFor(() => expect(figure(card, 'orders').change.textContent).toBe('持平较昨日'));
    const today = within(card).getByRole('link', { name: /今日订单/ });
    expect(today.getAttribute('href')).toBe(todayOrdersLink(new Date()));
    expect(today.getAttribute('href')).toBe('/mall/order?list.f.createTime_dategt=2026-02-28+23%3A59%3A59');
    const paid = within(card).getByRole('link', { name: /待发货订单/ });
    expect(paid.getAttribute('href')).toBe('/mall/order?list.f.status_equal=1');
    await app.user.click(paid);
    await waitFor(() => expect(`${window.location.pathname}${window.location.search}`).toBe('/mall/order?list.f.status_equal=1'));
  });

  it('says when yesterday had nothing, and shows a failure with a retry, in English', async () => {
    let failing = true;
    const app = await renderHome(() => (failing ? fail('busy', 500) : ok({ today: { orders: 3, takings: 0 }, yesterday: { orders: 0, takings: 0 } })), { language: 'en' });
    const card = await screen.findByTestId(CARD);
    expect(await within(card).findByText('The mall figures could not be loaded')).toBeTruthy();
    failing = false;
    await app.user.click(within(card).getByRole('button', { name: 'Retry' }));
    await waitFor(() => expect(figure(card, 'orders').value).toBe('3'));
    expect(figure(card, 'orders').change.textContent).toBe('▲none yesterday');
    expect(figure(card, 'orders').change.className).toContain('ba-change-fromZero');
    expect(figure(card, 'takings').value).toBe('¥0.00');
    expect(figure(card, 'takings').change.getAttribute('aria-label')).toBe('vs yesterday no change');
    expect(figure(card, 'takings').yesterday).toBe('Yesterday ¥0.00');
  });

  it('is not shown to a user who may not view the orders', async () => {
    await renderHome(() => ok({ today: { orders: 1, takings: 1 }, yesterday: { orders: 1, takings: 1 } }), { permissions: ['mall', 'mall_product', 'mall_product_view'] });
    expect(await screen.findByTestId('home-page')).toBeTruthy();
    expect(screen.queryByTestId(CARD)).toBeNull();
  });
});
