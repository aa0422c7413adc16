import { screen, waitFor, within } from '@testing-library/react';
import { definePlugin, type BrowserPlugin } from '../../plugin/types';
import { renderPlugin, respond } from '../../testing';

/** A business plugin: a group of two screens, and (optionally) a card for the home page. */
function shop(withCard: boolean): BrowserPlugin {
  return definePlugin({
    id: 'shop',
    name: { zh: '商城', en: 'Shop' },
    menus: [
      {
        code: 'shop',
        name: { zh: '商城管理', en: 'Shop' },
        path: '/shop',
        icon: 'apps',
        sort: 3,
        children: [
          { code: 'shop_order', name: { zh: '订单管理', en: 'Orders' }, path: '/shop/order', icon: 'list', sort: 1 },
          { code: 'shop_product', name: { zh: '商品管理', en: 'Products' }, path: '/shop/product', icon: 'list', sort: 2 },
        ],
      },
    ],
    routes: [
      { path: '/shop/order', load: async () => ({ default: () => <p>orders screen</p> }) },
      { path: '/shop/product', load: async () => ({ default: () => <p>products screen</p> }) },
    ],
    home: withCard ? [{ id: 'sales', title: { zh: '今日销售', en: 'Sales today' }, load: async () => ({ default: () => <p>销售额 128</p> }) }] : [],
  });
}

const BUSINESS = ['wel', 'desk', 'info', 'shop', 'shop_order', 'shop_product'];

describe('the home page', () => {
  it('of a business user: the greeting, then the cards, then shortcuts named by their menu and group; no developer entry', async () => {
    const app = await renderPlugin(shop(true), { backend: respond(), route: '/wel/index', user: { permissions: BUSINESS, name: '王小明' } });
    const home = await screen.findByTestId('home-page');
    expect(await within(home).findByText('销售额 128')).toBeTruthy();
    // The cards come right after the greeting.
    const sections = [...home.children].map((el) => (el.querySelector('h1') ? 'greeting' : el.matches('.ba-home-cards') ? 'cards' : el.querySelector('[data-testid="home-shortcuts"]') ? 'shortcuts' : '?'));
    expect(sections).toEqual(['greeting', 'cards', 'shortcuts']);
    expect(within(home).getByRole('heading', { level: 1 }).textContent).toContain('王小明');

    const tiles = within(screen.getByTestId('home-shortcuts')).getAllByRole('button');
    expect(tiles.map((tile) => tile.textContent)).toEqual(['订单管理商城管理', '商品管理商城管理']);
    expect(home.textContent).not.toContain('/shop/order'); // never a route path
    expect(screen.queryByTestId('home-console')).toBeNull();
    expect(within(home).queryByRole('button', { name: /控制台/ })).toBeNull();

    await app.user.click(tiles[1]!);
    expect(await screen.findByText('products screen')).toBeTruthy();
  });

  it('without a card-giving feature: an empty state in the cards\' place that says where to start', async () => {
    await renderPlugin(shop(false), { backend: respond(), route: '/wel/index', user: { permissions: BUSINESS } });
    const empty = await screen.findByTestId('home-cards-empty');
    expect(within(empty).getByRole('heading', { name: '业务概览' })).toBeTruthy();
    expect(empty.textContent).toContain('快捷入口');
    expect(screen.getByTestId('home-shortcuts')).toBeTruthy();
  });

  it('of the super administrator: a quiet link to the console; in English the texts follow', async () => {
    const app = await renderPlugin(shop(false), {
      backend: respond(),
      route: '/wel/index',
      language: 'en',
      user: { permissions: [...BUSINESS, 'tools', 'test'] },
    });
    const consoleLink = await screen.findByTestId('home-console');
    expect(consoleLink.textContent).toBe('Console');
    expect(consoleLink.className).toContain('arco-btn-text'); // a link-like button, not the page's primary action
    expect(within(await screen.findByTestId('home-cards-empty')).getByRole('heading').textContent).toBe('Business overview');
    const tiles = within(screen.getByTestId('home-shortcuts')).getAllByRole('button');
    expect(tiles[0]!.textContent).toBe('OrdersShop');
    await app.user.click(consoleLink);
    await waitFor(() => expect(window.location.pathname).toBe('/wel/dashboard'));
  });
});
