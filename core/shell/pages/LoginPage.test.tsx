import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { session } from '../../session/session';
import { clearBrowserState, mockFetch, queryOf, setTestSite, type FetchCall } from '../../testing/site';
import { getStore, setStore } from '../../session/storage';
import { preferences } from '../preferences';
import LoginPage from './LoginPage';

const toastTexts = () => Array.from(document.querySelectorAll('.arco-message'), (el) => el.textContent ?? '');

function renderLogin(initial: string | { pathname: string; state: unknown } = '/login') {
  return render(
    <MemoryRouter initialEntries={[initial]}>
      <Routes>
        <Route path="/login" element={<LoginPage />} />
        <Route path="/wel/index" element={<div data-testid="home-page">home</div>} />
        <Route path="/test/index" element={<div data-testid="test-page">test</div>} />
      </Routes>
    </MemoryRouter>,
  );
}

/** The test ids are on the <input> elements themselves (the e2e tests and the bench rely on them). */
function input(testId: string): HTMLInputElement {
  const el = screen.getByTestId(testId);
  expect(el.tagName).toBe('INPUT');
  return el as HTMLInputElement;
}

const submitButton = () => screen.getByTestId('login-submit') as HTMLButtonElement;
const ok = { body: { code: 200, success: true, data: {}, msg: '' } };

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
    calls = mockFetch(() => ok);
    renderLogin();
    await waitFor(() => expect(calls.some((c) => c.url.startsWith('/api/blade-system/tenant/info?domain='))).toBe(true));
    expect(input('login-tenant').placeholder).toBe('请输入租户ID');
    expect(input('login-username').placeholder).toBe('请输入用户名');
    expect(input('login-password').placeholder).toBe('请输入密码');
    expect(input('login-tenant').value).toBe('000000');
    expect(submitButton().tagName).toBe('BUTTON');
    expect(submitButton().type).toBe('submit');
    await userEvent.click(submitButton());
    expect(await screen.findByText('请输入用户名')).toBeTruthy();
    expect(screen.getByText('请输入密码')).toBeTruthy();
    expect(calls.some((c) => c.url.includes('oauth/token'))).toBe(false);
  });

  it('labels every field, marks the missing ones invalid and focuses the first', async () => {
    mockFetch(() => ok);
    renderLogin();
    // Labels name the inputs (for screen readers and clicks on the label).
    expect(screen.getByLabelText(/租户编号/)).toBe(input('login-tenant'));
    expect(screen.getByLabelText(/用户名/)).toBe(input('login-username'));
    expect(screen.getByLabelText(/^\*?密码$/)).toBe(input('login-password'));
    for (const id of ['login-tenant', 'login-username', 'login-password']) expect(input(id).required).toBe(true);
    await userEvent.clear(input('login-tenant'));
    await userEvent.click(submitButton());
    const alerts = await screen.findAllByRole('alert');
    expect(alerts.map((a) => a.textContent).filter(Boolean)).toEqual(['请输入租户ID', '请输入用户名', '请输入密码']);
    const tenant = input('login-tenant');
    expect(tenant.getAttribute('aria-invalid')).toBe('true');
    expect(document.getElementById(tenant.getAttribute('aria-describedby')!)!.textContent).toBe('请输入租户ID');
    expect(document.activeElement).toBe(tenant);
    // Typing clears the error at once.
    await userEvent.type(tenant, '000000');
    expect(tenant.hasAttribute('aria-invalid')).toBe(false);
    expect(screen.queryByText('请输入租户ID')).toBeNull();
  });

  it('checks a field the user typed in when leaving it, not untouched ones', async () => {
    mockFetch(() => ok);
    renderLogin();
    const username = input('login-username');
    fireEvent.blur(username);
    expect(screen.queryByText('请输入用户名')).toBeNull();
    await userEvent.type(username, '   ');
    fireEvent.blur(username); // spaces alone are no username
    expect(await screen.findByText('请输入用户名')).toBeTruthy();
    expect(username.getAttribute('aria-invalid')).toBe('true');
  });

  it('shows the messages in English too', async () => {
    mockFetch(() => ok);
    preferences.setLanguage('en');
    try {
      renderLogin();
      expect(input('login-username').placeholder).toBe('Enter your username');
      await userEvent.click(submitButton());
      expect(await screen.findByText('Please enter your username')).toBeTruthy();
      expect(submitButton().textContent).toBe('Sign in');
    } finally {
      act(() => preferences.setLanguage('zh'));
    }
  });

  it('shows and hides the password', async () => {
    mockFetch(() => ok);
    renderLogin();
    const password = input('login-password');
    expect(password.type).toBe('password');
    const toggle = screen.getByRole('button', { name: '显示密码' });
    expect(toggle.getAttribute('aria-pressed')).toBe('false');
    await userEvent.click(toggle);
    expect(password.type).toBe('text');
    expect(screen.getByRole('button', { name: '隐藏密码' }).getAttribute('aria-pressed')).toBe('true');
    await userEvent.click(screen.getByRole('button', { name: '隐藏密码' }));
    expect(password.type).toBe('password');
  });

  it('shows a loading button and ignores a second submit while signing in', async () => {
    let answer: (reply: typeof tokenOk) => void = () => undefined;
    calls = mockFetch((call) => (call.url.includes('oauth/token') ? new Promise((done) => (answer = done)) : ok));
    renderLogin();
    await userEvent.type(input('login-username'), 'admin');
    await userEvent.type(input('login-password'), 'admin{Enter}');
    await waitFor(() => expect(submitButton().textContent).toBe('登录中…'));
    expect(submitButton().getAttribute('aria-disabled')).toBe('true');
    expect(input('login-password').readOnly).toBe(true);
    await userEvent.click(submitButton());
    await waitFor(() => expect(calls.filter((c) => c.url.includes('oauth/token'))).toHaveLength(1));
    answer(tokenOk);
    expect(await screen.findByTestId('home-page')).toBeTruthy();
    expect(calls.filter((c) => c.url.includes('oauth/token'))).toHaveLength(1);
  });

  it('asks for the captcha when the site uses one; the image reloads on click and after a failure', async () => {
    setTestSite({ captchaMode: true });
    let n = 0;
    calls = mockFetch((call) => {
      if (call.url.includes('oauth/captcha')) return { body: { key: `k${++n}`, image: `data:image/png;base64,${n}` } };
      if (call.url.includes('oauth/token')) return { body: { error_code: 400, error_description: '验证码不正确' } };
      return ok;
    });
    renderLogin();
    const image = await screen.findByAltText('验证码');
    expect(image.getAttribute('src')).toBe('data:image/png;base64,1');
    expect(input('login-code').placeholder).toBe('请输入验证码');
    await userEvent.type(input('login-username'), 'admin');
    await userEvent.type(input('login-password'), 'admin');
    await userEvent.click(submitButton());
    expect(await screen.findByText('请输入验证码')).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: '看不清？点击换一张' }));
    await waitFor(() => expect(screen.getByAltText('验证码').getAttribute('src')).toBe('data:image/png;base64,2'));
    await userEvent.type(input('login-code'), 'ab12{Enter}');
    await waitFor(() => expect(toastTexts()).toContain('验证码不正确'));
    const token = calls.find((c) => c.url.includes('oauth/token'))!;
    expect(token.headers.get('Captcha-Key')).toBe('k2');
    expect(token.headers.get('Captcha-Code')).toBe('ab12');
    // A used code is cleared and a new image fetched.
    await waitFor(() => expect(screen.getByAltText('验证码').getAttribute('src')).toBe('data:image/png;base64,3'));
    expect(input('login-code').value).toBe('');
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
    expect(queryOf(token).get('password')).toBe('2bda2998d9b0ee197da142a0447f6725'); // md5('wrong')
    expect(queryOf(token).get('username')).toBe('admin');
    expect(queryOf(token).get('tenantId')).toBe('000000');
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

  it('returns to the page that asked for the sign-in (same site only)', async () => {
    mockFetch((call) => (call.url.includes('oauth/token') ? tokenOk : ok));
    renderLogin({ pathname: '/login', state: { from: '/test/index' } });
    await userEvent.type(input('login-username'), 'admin');
    await userEvent.type(input('login-password'), 'admin{Enter}');
    expect(await screen.findByTestId('test-page')).toBeTruthy();
  });

  it('leaves for the third-party provider with a fresh state it remembers', async () => {
    mockFetch(() => ok);
    const assign = rs.fn();
    const realLocation = window.location;
    rs.stubGlobal('location', { ...realLocation, origin: realLocation.origin, assign });
    try {
      renderLogin();
      await userEvent.click(screen.getByRole('link', { name: '第三方登录' }));
      expect(assign).toHaveBeenCalledTimes(1);
      const url = new URL(assign.mock.calls[0]![0] as string, 'http://localhost');
      expect(url.pathname).toBe('/api/blade-auth/oauth/render/demo');
      expect(url.searchParams.get('state')).toMatch(/^[0-9a-f]{32}$/);
      expect(getStore('socialState')).toBe(url.searchParams.get('state'));
    } finally {
      rs.unstubAllGlobals();
    }
  });

  it('refuses a third-party return with a foreign state', async () => {
    setStore({ name: 'socialState', content: 'mine', type: 'session' });
    calls = mockFetch(() => ({ body: { code: 200, success: true, data: {}, msg: '' } }));
    renderLogin('/login?source=demo&code=abc&state=forged');
    await waitFor(() => expect(toastTexts()).toContain('第三方登录校验失败，请重新登录'));
    expect(calls.some((c) => c.url.includes('oauth/token'))).toBe(false);
  });
});
