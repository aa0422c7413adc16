import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { session } from '../../session/session';
import { clearBrowserState, mockFetch, queryOf, setTestSite, type FetchCall } from '../../testing/site';
import { setStore } from '../../session/storage';
import LoginPage from './LoginPage';

const toastTexts = () => Array.from(document.querySelectorAll('.arco-message'), (el) => el.textContent ?? '');

function renderLogin(initial = '/login') {
  return render(
    <MemoryRouter initialEntries={[initial]}>
      <Routes>
        <Route path="/login" element={<LoginPage />} />
        <Route path="/wel/index" element={<div data-testid="home-page">home</div>} />
      </Routes>
    </MemoryRouter>,
  );
}

function input(testId: string): HTMLInputElement {
  const el = screen.getByTestId(testId);
  return (el.tagName === 'INPUT' ? el : el.querySelector('input')) as HTMLInputElement;
}

const tokenOk = {
  body: { tenant_id: '000000', user_id: '1', account: 'admin', user_name: 'admin', nick_name: '管理员', role_name: 'administrator', access_token: 'a', refresh_token: 'r' },
};

describe('LoginPage', () => {
  let calls: FetchCall[];
  beforeEach(() => {
    setTestSite();
    clearBrowserState();
    session.fedLogout();
  });
  afterEach(() => {
    rs.unstubAllGlobals();
  });

  it('renders the form with the spec placeholders and asks for missing fields', async () => {
    calls = mockFetch(() => ({ body: { code: 200, success: true, data: {}, msg: '' } }));
    renderLogin();
    await waitFor(() => expect(calls.some((c) => c.url.startsWith('/api/blade-system/tenant/info?domain='))).toBe(true));
    expect(input('login-tenant').placeholder).toBe('请输入租户ID');
    expect(input('login-username').placeholder).toBe('请输入用户名');
    expect(input('login-password').placeholder).toBe('请输入密码');
    expect(input('login-tenant').value).toBe('000000');
    await userEvent.click(screen.getByTestId('login-submit'));
    expect(await screen.findByText('请输入用户名')).toBeTruthy();
    expect(calls.some((c) => c.url.includes('oauth/token'))).toBe(false);
  });

  it("shows the server's error_description and stays on the login page", async () => {
    calls = mockFetch((call) =>
      call.url.includes('oauth/token')
        ? { body: { error_code: 400, error_description: '用户名或密码不正确' } }
        : { body: { code: 200, success: true, data: {}, msg: '' } },
    );
    renderLogin();
    await userEvent.type(input('login-username'), 'admin');
    await userEvent.type(input('login-password'), 'wrong{Enter}'); // Enter submits
    await waitFor(() => expect(toastTexts()).toContain('用户名或密码不正确'));
    const token = calls.find((c) => c.url.includes('oauth/token'))!;
    expect(queryOf(token).get('password')).toMatch(/^[0-9a-f]{32}$/);
    expect(session.token).toBe('');
    expect(screen.queryByTestId('home-page')).toBeNull();
    expect((screen.getByTestId('login-submit') as HTMLButtonElement).disabled).toBe(false);
  });

  it('signs in and goes to the home page', async () => {
    mockFetch((call) => (call.url.includes('oauth/token') ? tokenOk : { body: { code: 200, success: true, data: {}, msg: '' } }));
    renderLogin();
    await userEvent.type(input('login-username'), 'admin');
    await userEvent.type(input('login-password'), 'admin');
    await userEvent.click(screen.getByTestId('login-submit'));
    expect(await screen.findByTestId('home-page')).toBeTruthy();
    expect(session.token).toBe('a');
  });

  it('hides the tenant field when the site address names a tenant, and uses that tenant', async () => {
    calls = mockFetch((call) =>
      call.url.includes('tenant/info') ? { body: { code: 200, success: true, data: { tenantId: '123456', domain: 'x' }, msg: '' } } : tokenOk,
    );
    renderLogin();
    await waitFor(() => expect(screen.queryByTestId('login-tenant')).toBeNull());
    await userEvent.type(input('login-username'), 'admin');
    await userEvent.type(input('login-password'), 'admin{Enter}');
    await screen.findByTestId('home-page');
    const token = calls.find((c) => c.url.includes('oauth/token'))!;
    expect(queryOf(token).get('tenantId')).toBe('123456');
    expect(token.headers.get('Tenant-Id')).toBe('123456');
  });

  it('finishes a third-party sign-in when the returned state is the one it sent', async () => {
    setStore({ name: 'socialState', content: 'st-1', type: 'session' });
    calls = mockFetch((call) => (call.url.includes('oauth/token') ? tokenOk : { body: { code: 200, success: true, data: {}, msg: '' } }));
    renderLogin('/login?source=demo&code=abc&state=st-1');
    await screen.findByTestId('home-page');
    const token = calls.find((c) => c.url.includes('oauth/token'))!;
    expect(queryOf(token).get('grant_type')).toBe('social');
    expect(queryOf(token).get('code')).toBe('abc');
  });

  it('refuses a third-party return with a foreign state', async () => {
    setStore({ name: 'socialState', content: 'mine', type: 'session' });
    calls = mockFetch(() => ({ body: { code: 200, success: true, data: {}, msg: '' } }));
    renderLogin('/login?source=demo&code=abc&state=forged');
    await waitFor(() => expect(toastTexts()).toContain('第三方登录校验失败，请重新登录'));
    expect(calls.some((c) => c.url.includes('oauth/token'))).toBe(false);
  });
});
