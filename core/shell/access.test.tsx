import { act, screen, waitFor } from '@testing-library/react';
import { crudButtons } from '../schema/crud-buttons';
import { definePlugin } from '../plugin/types';
import { session } from '../session/session';
import { tabs } from '../tabs/tabs';
import { page, renderPlugin, respond } from '../testing';
import { guard, menuAccess, type GuardInput, type MenuAccessInput } from './guard';
import type { RegisteredRoute } from '../plugin/registry';

const ItemsPage = () => <p data-testid="items-page">items</p>;
const itemsPlugin = definePlugin({
  id: 'items',
  name: { zh: '条目', en: 'Items' },
  menus: [{ code: 'items', parent: 'system', name: { zh: '条目', en: 'Items' }, path: '/system/items', icon: 'list', sort: 1, buttons: crudButtons('items') }],
  routes: [
    { path: '/system/items', load: async () => ({ default: ItemsPage }), meta: { title: { zh: '条目', en: 'Items' } } },
    { path: '/system/items/detail/:id', load: async () => ({ default: () => <p data-testid="detail">detail</p> }), meta: { title: { zh: '详情', en: 'Detail' } } },
  ],
});

describe('menuAccess', () => {
  const route = (path: string, pluginId = 'items'): RegisteredRoute => ({ path, pluginId, load: async () => ({ default: ItemsPage }) });
  const input = (patch: Partial<MenuAccessInput>): MenuAccessInput => ({
    route: route('/system/items'),
    pathname: '/system/items',
    search: '',
    plugins: [itemsPlugin],
    menu: [],
    menuState: 'ready',
    ...patch,
  });
  const item = { id: '1', label: '条目', path: '/system/items', icon: 'list', children: [], meta: {}, external: false, isOpen: 1 };

  it('grants a menu screen the user’s menu lists, and denies it otherwise', () => {
    expect(menuAccess(input({ menu: [item] }))).toBe('granted');
    expect(menuAccess(input({}))).toBe('denied');
  });

  it('waits for the menu, and shows the screen when the menu failed to load (the server still refuses)', () => {
    expect(menuAccess(input({ menuState: 'loading' }))).toBe('pending');
    expect(menuAccess(input({ menuState: 'error' }))).toBe('granted');
  });

  it('leaves alone routes no menu leads to, and the kernel’s own pages', () => {
    expect(menuAccess(input({ route: route('/system/items/detail/:id'), pathname: '/system/items/detail/1' }))).toBe('granted');
    expect(menuAccess(input({ route: route('/info/index', 'shell'), pathname: '/info/index' }))).toBe('granted');
    expect(menuAccess(input({ route: undefined }))).toBe('granted');
  });
});

describe('the guard and the lock page', () => {
  const base: GuardInput = { pathname: '/lock', isAuth: false, hasCookie: true, hasToken: true, isLock: false, lockPath: '/lock' };
  it('sends a signed-in user who is not locked away from /lock, and a signed-out one to /login', () => {
    expect(guard(base)).toEqual({ logout: false, redirect: '/' });
    expect(guard({ ...base, isLock: true }).redirect).toBeNull();
    expect(guard({ ...base, hasCookie: false, hasToken: false }).redirect).toBe('/login');
  });

  it('keeps a guest on the registration page, and a user who is no guest off it', () => {
    const signedIn = { ...base, isAuth: true };
    for (const pathname of ['/wel/index', '/system/user', '/login', '/lock']) {
      expect(guard({ ...signedIn, pathname, isGuest: true }).redirect).toBe('/register');
    }
    expect(guard({ ...signedIn, pathname: '/register', isGuest: true }).redirect).toBeNull();
    expect(guard({ ...signedIn, pathname: '/register' }).redirect).toBe('/');
    expect(guard({ ...signedIn, pathname: '/register', hasCookie: false, hasToken: false }).redirect).toBe('/login');
  });
});

describe('a screen reached by its address', () => {
  it('is the 403 page, with no tab and no call, for a user whose menu does not list it', async () => {
    const backend = respond({ 'GET /api/items/list': () => page([]) });
    const app = await renderPlugin(itemsPlugin, { backend, route: '/system/items', user: { permissions: ['items_view'] } });
    await waitFor(() => expect(window.location.pathname).toBe('/403'));
    expect(await screen.findByText('抱歉，你无权访问该页面')).toBeTruthy();
    expect(screen.queryByTestId('items-page')).toBeNull();
    expect(tabs.list.map((tab) => tab.value)).toEqual(['/wel/index']);
    expect(app.callsTo('GET /api/items/list')).toHaveLength(0);

    // Back home from the 403 page, the layout works as before.
    await app.user.click(screen.getByRole('button', { name: '返回首页' }));
    expect(await screen.findByTestId('home-page')).toBeTruthy();
  });

  it('opens for a user whose menu lists it', async () => {
    await renderPlugin(itemsPlugin, { backend: respond(), route: '/system/items', user: { permissions: ['items'] } });
    expect(await screen.findByTestId('items-page')).toBeTruthy();
    expect(tabs.list.map((tab) => tab.value)).toContain('/system/items');
  });

  it('/lock when nothing is locked goes home', async () => {
    const app = await renderPlugin(itemsPlugin, { backend: respond(), route: '/wel/index' });
    app.navigate('/lock');
    await waitFor(() => expect(window.location.pathname).toBe('/wel/index'));
    expect(await screen.findByTestId('home-page')).toBeTruthy();
    expect(session.isLock).toBe(false);
    // Locked, /lock is the lock page.
    await act(() => session.lock('secret'));
    app.navigate('/lock');
    await waitFor(() => expect(window.location.pathname).toBe('/lock'));
  });
});
