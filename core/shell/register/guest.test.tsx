import { act, render, screen, waitFor } from '@testing-library/react';
import { navigateTo } from '../../navigation/navigator';
import { PluginLoader } from '../../plugin/loader';
import { createRegistry } from '../../plugin/registry';
import { definePlugin } from '../../plugin/types';
import { session } from '../../session/session';
import { clearBrowserState, mockFetch, setTestSite } from '../../testing/site';
import { App } from '../App';
import { shellPlugin } from '../plugin';

const ok = (data: unknown) => ({ body: { code: 200, success: true, data, msg: '操作成功' } });
const guestToken = {
  tenant_id: '000000', user_id: '-1', account: 'demo_ab12', user_name: 'demo_ab12', nick_name: '访客AB12', role_name: 'guest',
  oauth_id: '77', access_token: 'guest-token', refresh_token: 'r',
};

const demoPlugin = definePlugin({ id: 'demo', name: { zh: '演示', en: 'Demo' }, routes: [] });

describe('a third-party sign-in with no account behind it (a guest)', () => {
  beforeEach(() => {
    setTestSite();
    clearBrowserState();
    session.fedLogout();
    session.restore();
  });
  afterEach(() => {
    session.stopRefresh();
    session.fedLogout();
    rs.unstubAllGlobals();
  });

  it('lands on the registration page, wherever it goes, and loads no menu, plugin or data', async () => {
    const calls = mockFetch((call) => (call.url.includes('oauth/token') ? { body: guestToken } : ok({})));
    await session.loginBySocial({ source: 'demo', code: 'c', state: 's', tenantId: '000000' });
    window.history.replaceState(null, '', '/wel/index');
    const registry = createRegistry();
    registry.register(shellPlugin);
    const loader = new PluginLoader({ registry, installed: ['demo'], chunks: { demo: async () => ({ default: demoPlugin }) } });
    render(<App registry={registry} loader={loader} />);

    expect(await screen.findByRole('heading', { name: '用户信息注册' })).toBeTruthy();
    expect(window.location.pathname).toBe('/register');
    expect(screen.getByText(/第三方账号「访客AB12」/)).toBeTruthy();
    act(() => navigateTo('/system/user'));
    await waitFor(() => expect(window.location.pathname).toBe('/register'));

    const asked = calls.map((call) => new URL(call.url, 'http://localhost').pathname);
    expect(asked.filter((path) => /menu|plugin\/enabled/.test(path))).toEqual([]);
    expect(loader.state).toBe('idle');
    expect(document.querySelector('.ba-layout')).toBeNull();
  });

  it('a signed-in user who is no guest has nothing to do on the registration page', async () => {
    mockFetch((call) => (call.url.includes('oauth/token') ? { body: { ...guestToken, role_name: 'user', access_token: 'user-token' } } : ok([])));
    await session.login({ tenantId: '000000', username: 'demo', password: 'demo' });
    window.history.replaceState(null, '', '/register');
    const registry = createRegistry();
    registry.register(shellPlugin);
    render(<App registry={registry} />);
    await waitFor(() => expect(window.location.pathname).toBe('/wel/index'));
  });
});
