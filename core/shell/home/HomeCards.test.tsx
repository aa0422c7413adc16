import { act, screen, waitFor, within } from '@testing-library/react';
import { definePlugin, type HomeCardDecl } from '../../plugin/types';
import { ok, renderPlugin, respond } from '../../testing';

/** A card body module that arrives when the test says so. */
function deferredCard(text: string) {
  let arrive!: () => void;
  const arrived = new Promise<void>((resolve) => (arrive = resolve));
  const load: HomeCardDecl['load'] = async () => {
    await arrived;
    return { default: () => <p>{text}</p> };
  };
  return { load, arrive };
}

const menus = (code: string) => [
  { code, parent: 'system', name: { zh: code, en: code }, path: `/system/${code}`, icon: 'list', sort: 1, buttons: [{ code: `${code}_stats`, name: { zh: '统计', en: 'Stats' }, alias: 'stats' }] },
];

/** The screen the menu leads to (the registry refuses a menu path no route serves). */
const routes = (code: string) => [{ path: `/system/${code}`, load: async () => ({ default: () => <p>{code} screen</p> }) }];

function Crashing(): never {
  throw new Error('card crashed');
}

describe('home-page cards', () => {
  it('are ordered, lazily loaded behind a skeleton, filtered by permission, and one failing card leaves the others', async () => {
    const slow = deferredCard('订单 42');
    let failures = 1;
    const flaky: HomeCardDecl['load'] = async () => {
      if (failures-- > 0) throw new Error('chunk lost');
      return { default: () => <p>访客 7</p> };
    };
    const shop = definePlugin({
      id: 'shop',
      name: { zh: '商城', en: 'Shop' },
      menus: menus('shop'),
      routes: routes('shop'),
      home: [
        { id: 'orders', title: { zh: '今日订单', en: 'Orders today' }, sort: 2, span: 2, load: slow.load },
        { id: 'visits', title: { zh: '访客', en: 'Visitors' }, sort: 1, load: flaky },
        { id: 'broken', title: { zh: '坏卡片', en: 'Broken' }, sort: 3, load: async () => ({ default: Crashing }) },
        { id: 'secret', title: { zh: '营收', en: 'Revenue' }, code: 'shop_stats', load: async () => ({ default: () => <p>revenue</p> }) },
      ],
    });
    const spy = rs.spyOn(console, 'error').mockImplementation(() => undefined);
    try {
      await renderPlugin(shop, { backend: respond(), route: '/wel/index', user: { permissions: ['shop'] } });
      const titles = () => [...document.querySelectorAll('.ba-home-card .arco-card-header-title')].map((el) => el.textContent);
      await waitFor(() => expect(titles()).toEqual(['访客', '今日订单', '坏卡片']));

      const orders = screen.getByTestId('home-card-shop/orders');
      expect(orders.className).toContain('ba-home-span-2');
      expect(within(orders).getByRole('status', { name: '卡片加载中' })).toBeTruthy();
      await act(async () => slow.arrive());
      expect(await within(orders).findByText('订单 42')).toBeTruthy();

      const broken = screen.getByTestId('home-card-shop/broken');
      expect(await within(broken).findByText('这张卡片加载失败')).toBeTruthy();

      const visits = screen.getByTestId('home-card-shop/visits');
      await within(visits).findByText('这张卡片加载失败');
      await act(async () => within(visits).getByRole('button', { name: '重试' }).click());
      expect(await within(visits).findByText('访客 7')).toBeTruthy();
      expect(within(orders).getByText('订单 42')).toBeTruthy();
      expect(screen.queryByText('营收')).toBeNull();
    } finally {
      spy.mockRestore();
    }
  });

  it('show a permission-bound card to a user who holds the code, in English when the interface is', async () => {
    const shop = definePlugin({
      id: 'shop',
      name: { zh: '商城', en: 'Shop' },
      menus: menus('shop'),
      routes: routes('shop'),
      home: [{ id: 'secret', title: { zh: '营收', en: 'Revenue' }, code: 'shop_stats', load: async () => ({ default: () => <p>revenue 9</p> }) }],
    });
    await renderPlugin(shop, { backend: respond(), route: '/wel/index', language: 'en', user: { permissions: ['shop', 'shop_stats'] } });
    const card = await screen.findByTestId('home-card-shop/secret');
    expect(card.querySelector('.arco-card-header-title')?.textContent).toBe('Revenue');
    expect(await within(card).findByText('revenue 9')).toBeTruthy();
  });

  it('come only from the plugins the tenant has', async () => {
    const card = (id: string) => ({ id, title: { zh: id, en: id }, load: async () => ({ default: () => <p>{id} body</p> }) });
    const shop = definePlugin({ id: 'shop', name: { zh: '商城', en: 'Shop' }, menus: menus('shop'), routes: routes('shop'), home: [card('shop-card')] });
    const crm = definePlugin({ id: 'crm', name: { zh: '客户', en: 'CRM' }, menus: menus('crm'), routes: routes('crm'), home: [card('crm-card')] });
    // The tenant has the shop but not the CRM: the CRM's chunk is never loaded.
    const backend = respond({ 'GET /api/blade-system/plugin/enabled': () => ok(['shop']) });
    const app = await renderPlugin(shop, { backend, with: [crm], route: '/wel/index' });
    expect(await screen.findByText('shop-card body')).toBeTruthy();
    expect(screen.queryByText('crm-card')).toBeNull();
    expect(app.registry.plugins().map((p) => p.id)).toEqual(['shell', 'shop']);
  });
});
