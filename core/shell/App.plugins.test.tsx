import { afterEach, beforeAll, beforeEach, describe, expect, it, rs } from '@rstest/core';
import { act, render, screen, waitFor } from '@testing-library/react';
import { navigateTo } from '../navigation/navigator';
import { PluginLoader } from '../plugin/loader';
import { createRegistry } from '../plugin/registry';
import { definePlugin } from '../plugin/types';
import { session } from '../session/session';
import { clearBrowserState, mockFetch, setTestSite } from '../testing/site';
import { App } from './App';
import { shellPlugin } from './plugin';

const demo = definePlugin({
  id: 'demo',
  name: { zh: '演示', en: 'Demo' },
  routes: [{ path: '/demo/page', load: async () => ({ default: () => <p data-testid="demo-page">demo page</p> }), meta: { title: { zh: '演示页', en: 'Demo page' } } }],
});
const off = definePlugin({
  id: 'off',
  name: { zh: '关闭的', en: 'Off' },
  routes: [{ path: '/off/page', load: async () => ({ default: () => <p>off page</p> }) }],
});

const ok = (data: unknown) => ({ body: { code: 200, success: true, data, msg: '操作成功' } });
const menu = [
  { id: '1', name: '首页', path: '/wel', source: 'home' },
  {
    id: '2',
    name: '模块',
    path: '/m',
    children: [
      { id: '3', name: '演示页', path: '/demo/page' },
      { id: '4', name: '关闭的页', path: '/off/page' },
    ],
  },
];

describe('App with the tenant’s plugins loaded after sign-in', () => {
  let release: () => void = () => {};
  beforeAll(() => {
    const happyDOM = (window as unknown as { happyDOM?: { settings: { disableIframePageLoading: boolean } } }).happyDOM;
    if (happyDOM) happyDOM.settings.disableIframePageLoading = true;
  });
  beforeEach(async () => {
    setTestSite();
    clearBrowserState();
    session.fedLogout();
    session.restore();
    const enabled = new Promise<void>((resolve) => (release = resolve));
    mockFetch(async (call) => {
      if (call.url.includes('oauth/token')) {
        return { body: { tenant_id: '000000', user_id: '1', account: 'admin', user_name: 'admin', nick_name: '管理员', role_name: 'admin', access_token: 'a', refresh_token: 'r' } };
      }
      if (call.url.includes('menu/routes')) return ok(menu);
      if (call.url.includes('plugin/enabled')) {
        await enabled;
        return ok(['demo']);
      }
      return ok([]);
    });
    await session.login({ tenantId: '000000', username: 'admin', password: 'admin' });
  });
  afterEach(() => {
    session.stopRefresh();
    session.fedLogout();
    rs.unstubAllGlobals();
  });

  it('shows a loading state (never "not available") until the plugins arrive, then the page without a reload', async () => {
    const registry = createRegistry();
    registry.register(shellPlugin);
    const chunks = { demo: rs.fn(async () => ({ default: demo })), off: rs.fn(async () => ({ default: off })) };
    const loader = new PluginLoader({ registry, installed: ['demo', 'off'], chunks });
    window.history.replaceState(null, '', '/demo/page');
    render(<App registry={registry} loader={loader} />);

    expect(await screen.findByText('正在加载功能模块…')).toBeTruthy();
    expect(screen.queryByText('该模块暂不可用')).toBeNull();
    expect(chunks.demo).not.toHaveBeenCalled();

    await act(async () => release());
    expect(await screen.findByTestId('demo-page')).toBeTruthy();
    expect(window.location.pathname).toBe('/demo/page');

    // A menu page of a plugin the tenant does not have: "not available", and its code never fetched.
    act(() => navigateTo('/off/page'));
    expect(await screen.findByText('该模块暂不可用')).toBeTruthy();
    expect(chunks.off).not.toHaveBeenCalled();

    // Sign-out: the tenant's plugins go with the user.
    act(() => session.fedLogout());
    await waitFor(() => expect(registry.plugins().map((p) => p.id)).toEqual(['shell']));
    expect(loader.state).toBe('idle');
  });
});
