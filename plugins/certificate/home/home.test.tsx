import { describe, expect, it as baseIt } from '@rstest/core';
import { screen, waitFor, within } from '@testing-library/react';
import { fail, ok, renderPlugin, respond } from '../../../core/sdk/testing';
import dictPlugin from '../../dict/index';
import certificatePlugin from '../index';
import type { CertificateOrderSummary } from '../order/summary-shape';

const it = (name: string, fn: () => Promise<void>) => baseIt(name, fn, 60_000);

const SUMMARY = 'GET /api/xh/certificate/order/summary';

const summary = (over: Partial<CertificateOrderSummary> = {}): CertificateOrderSummary => ({
  today: { orders: 6, takings: 123_456 },
  yesterday: { orders: 4, takings: 200_000 },
  refunding: { count: 3, amount: 48_800 },
  ...over,
});

const figure = (card: HTMLElement, id: string) => {
  const el = within(card).getByTestId(`cert-today-${id}`);
  return {
    value: el.querySelector('.ba-figure-value')!.textContent,
    change: within(el).getByTestId('home-change'),
    yesterday: el.querySelector('.ba-figure-yesterday')!.textContent,
  };
};

describe('certificate home cards', () => {
  it('show today’s orders and takings against yesterday’s from one summary call, and the refunds in progress linking to their filtered list', async () => {
    const app = await renderPlugin(certificatePlugin, { with: [dictPlugin], backend: respond({ [SUMMARY]: () => ok(summary()) }), route: '/wel/index' });
    const today = await screen.findByTestId('home-card-certificate/orders-today');
    await waitFor(() => expect(figure(today, 'orders').value).toBe('6'));
    expect(figure(today, 'orders').change.textContent).toBe('▲50%较昨日');
    expect(figure(today, 'orders').change.getAttribute('aria-label')).toBe('较昨日 上升 50%');
    expect(figure(today, 'orders').yesterday).toBe('昨日 4');
    expect(figure(today, 'takings').value).toBe('¥1,234.56');
    expect(figure(today, 'takings').change.textContent).toBe('▼38.3%较昨日');
    expect(figure(today, 'takings').yesterday).toBe('昨日 ¥2,000.00');

    const refunding = screen.getByTestId('home-card-certificate/refunding');
    expect(within(refunding).getByText('3 笔')).toBeTruthy();
    expect(within(refunding).getByText('退款金额 ¥488.00')).toBeTruthy();
    // One call for both cards.
    expect(app.callsTo(SUMMARY)).toHaveLength(1);

    const link = within(refunding).getByRole('link', { name: /查看退款中的订单/ });
    expect(link.getAttribute('href')).toBe('/certificate/order?list.f.payState_equal=3');
  });

  it('say so when nothing is being refunded and when yesterday had nothing, in English too', async () => {
    await renderPlugin(certificatePlugin, {
      with: [dictPlugin],
      backend: respond({ [SUMMARY]: () => ok(summary({ today: { orders: 2, takings: 0 }, yesterday: { orders: 0, takings: 0 }, refunding: { count: 0, amount: 0 } })) }),
      route: '/wel/index',
      language: 'en',
    });
    const today = await screen.findByTestId('home-card-certificate/orders-today');
    await waitFor(() => expect(figure(today, 'orders').value).toBe('2'));
    expect(figure(today, 'orders').change.textContent).toBe('▲none yesterday');
    expect(figure(today, 'takings').change.getAttribute('aria-label')).toBe('vs yesterday no change');
    expect(figure(today, 'takings').value).toBe('¥0.00');
    const refunding = screen.getByTestId('home-card-certificate/refunding');
    expect(within(refunding).getByText('No refund in progress')).toBeTruthy();
    expect(within(today).getByRole('link', { name: /Certificate orders/ }).getAttribute('href')).toBe('/certificate/order');
  });

  it('show a failure with a retry inside the card', async () => {
    let failing = true;
    const app = await renderPlugin(certificatePlugin, {
      with: [dictPlugin],
      backend: respond({ [SUMMARY]: () => (failing ? fail('busy', 500) : ok(summary())) }),
      route: '/wel/index',
    });
    const today = await screen.findByTestId('home-card-certificate/orders-today');
    expect(await within(today).findByText('证书订单数据加载失败')).toBeTruthy();
    failing = false;
    await app.user.click(within(today).getByRole('button', { name: '重试' }));
    await waitFor(() => expect(figure(today, 'orders').value).toBe('6'));
  });

  it('are not shown to a user who may not view the orders', async () => {
    await renderPlugin(certificatePlugin, { with: [dictPlugin], backend: respond({ [SUMMARY]: () => ok(summary()) }), route: '/wel/index', user: { permissions: ['certificate_order'] } });
    expect(await screen.findByTestId('home-page')).toBeTruthy();
    expect(screen.queryByTestId('home-card-certificate/orders-today')).toBeNull();
    expect(screen.queryByTestId('home-card-certificate/refunding')).toBeNull();
  });
});
