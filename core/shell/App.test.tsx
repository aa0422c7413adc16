import { act, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { navigateTo } from '../navigation/navigator';
import { createRegistry } from '../plugin/registry';
import { definePlugin } from '../plugin/types';
import { session } from '../session/session';
import { tabs } from '../tabs/tabs';
import { clearBrowserState, mockFetch, setTestSite } from '../testing/site';
import { App } from './App';
import { shellPlugin } from './plugin';

function Counter() {
  const [count, setCount] = useState(0);
  return (
    <button type="button" data-testid="counter" onClick={() => setCount((c) => c + 1)}>
      count {count}
    </button>
  );
}

const demoPlugin = definePlugin({
  id: 'demo',
  name: { zh: '演示', en: 'Demo' },
  routes: [
    { path: '/demo/counter', load: async () => ({ default: Counter }), meta: { title: { zh: '计数器', en: 'Counter' } } },
    { path: '/demo/other/index', load: async () => ({ default: () => <p data-testid="other">other page</p> }), meta: { title: { zh: '其他', en: 'Other' } } },
  ],
});

const ok = (data: unknown) => ({ body: { code: 200, success: true, data, msg: '操作成功' } });
const menu = [
  { id: '1', name: '首页', path: '/wel', source: 'home' },
  { id: '2', name: '演示', path: '/demo', children: [{ id: '3', name: '计数器', path: '/demo/counter' }, { id: '4', name: '未安装', path: '/crm/customer' }] },
];

function serve() {
  return mockFetch((call) => {
    if (call.url.includes('oauth/token')) {
      return { body: { tenant_id: '000000', user_id: '1', account: 'admin', user_name: 'admin', nick_name: '管理员', role_name: 'administrator', access_token: 'a', refresh_token: 'r' } };
    }
    if (call.url.includes('menu/routes')) return ok(menu);
    return ok([]);
  });
}

function renderApp(path: string) {
  window.history.replaceState(null, '', path);
  const registry = createRegistry();
  registry.register(shellPlugin);
  registry.register(demoPlugin);
  return render(<App registry={registry} />);
}

describe('App (guard, routes, layout)', () => {
  beforeAll(() => {
    // happy-dom would fetch framed pages; not needed here.
    const happyDOM = (window as unknown as { happyDOM?: { settings: { disableIframePageLoading: boolean } } }).happyDOM;
    if (happyDOM) happyDOM.settings.disableIframePageLoading = true;
  });
  beforeEach(() => {
    setTestSite();
    clearBrowserState();
    session.fedLogout();
    session.restore();
  });
  afterEach(() => {
    session.stopRefresh();
    rs.unstubAllGlobals();
  });

  it('sends a signed-out visitor to /login and titles the page', async () => {
    serve();
    renderApp('/demo/counter');
    expect(await screen.findByTestId('login-submit')).toBeTruthy();
    expect(window.location.pathname).toBe('/login');
    await waitFor(() => expect(document.title).toBe('登录-名片管理后台'));
  });

  it('shows the 404 page for public error routes without signing in', async () => {
    serve();
    renderApp('/404');
    expect(await screen.findByText('抱歉，你访问的页面不存在')).toBeTruthy();
  });

  describe('signed in', () => {
    beforeEach(async () => {
      serve();
      await session.login({ tenantId: '000000', username: 'admin', password: 'admin' });
    });

    it('redirects /login to the home page', async () => {
      renderApp('/login');
      await waitFor(() => expect(window.location.pathname).toBe('/wel/index'));
    });

    it('reaches /x/index as /x and keeps a page alive across tab switches', async () => {
      renderApp('/demo/counter');
      const counter = await screen.findByTestId('counter');
      await userEvent.click(counter);
      await userEvent.click(counter);
      expect(counter.textContent).toBe('count 2');
      await waitFor(() => expect(document.title).toBe('计数器-名片管理后台'));

      act(() => navigateTo('/demo/other'));
      expect(await screen.findByTestId('other')).toBeTruthy();
      expect(window.location.pathname).toBe('/demo/other/index');
      await waitFor(() => expect(tabs.list.map((t) => t.value)).toEqual(['/wel/index', '/demo/counter', '/demo/other/index']));

      act(() => navigateTo('/demo/counter'));
      await waitFor(() => expect(screen.getByTestId('counter').textContent).toBe('count 2'));
    });

    it('keeps the open tabs alive while the screen is locked', async () => {
      renderApp('/demo/counter');
      const counter = await screen.findByTestId('counter');
      await userEvent.click(counter);
      await act(async () => {
        await session.lock('pw');
        navigateTo('/lock');
      });
      expect(await screen.findByText('屏幕已锁定')).toBeTruthy();
      expect(screen.getByTestId('counter').closest('[style*="display: none"]')).toBeTruthy();
      await userEvent.type(screen.getByPlaceholderText('请输入锁屏密码'), 'bad{Enter}');
      expect(await screen.findByText('锁屏密码错误，请重新输入')).toBeTruthy();
      await userEvent.click(screen.getByTestId('lock-submit'));
      expect(await screen.findByText('锁屏密码不能为空')).toBeTruthy();
      await userEvent.type(screen.getByPlaceholderText('请输入锁屏密码'), 'pw{Enter}');
      await waitFor(() => expect(window.location.pathname).toBe('/demo/counter'));
      await waitFor(() => expect(screen.getByTestId('counter').textContent).toBe('count 1'));
      expect(session.isLock).toBe(false);
    });

    it('says "not available" for a menu page no plugin serves, and 404 for anything else', async () => {
      renderApp('/crm/customer');
      expect(await screen.findByText('该模块暂不可用')).toBeTruthy();
      act(() => navigateTo('/no/such/page'));
      expect(await screen.findByText('抱歉，你访问的页面不存在')).toBeTruthy();
      expect(window.location.pathname).toBe('/404');
    });

    it('sends a locked session to /lock', async () => {
      await session.lock('pw');
      renderApp('/demo/counter');
      expect(await screen.findByText('屏幕已锁定')).toBeTruthy();
      expect(window.location.pathname).toBe('/lock');
    });

    it('signs out locally when the token cookie is gone', async () => {
      document.cookie = 'saber-access-token=; expires=Thu, 01 Jan 1970 00:00:00 GMT; path=/';
      renderApp('/demo/counter');
      expect(await screen.findByTestId('login-submit')).toBeTruthy();
      expect(session.token).toBe('');
    });
  });
});
