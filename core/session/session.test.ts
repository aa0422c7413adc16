import { waitFor } from '@testing-library/react';
import { http } from '../http';
import { setNavigator } from '../navigation/navigator';
import { tabs } from '../tabs/tabs';
import { clearBrowserState, mockFetch, queryOf, setTestSite, type FetchCall } from '../testing/site';
import { getAccessCookie, getRefreshCookie } from './cookies';
import { session } from './session';
import { getStoreRecord, storeKey } from './storage';

const tokenAnswer = (patch: Record<string, unknown> = {}) => ({
  body: {
    tenant_id: '000000',
    user_id: '1123598821738675201',
    dept_id: '1123598813738675201',
    role_id: '1123598816738675201',
    oauth_id: '',
    account: 'admin',
    user_name: 'admin',
    nick_name: '管理员',
    role_name: 'administrator',
    avatar: '',
    access_token: 'access-1',
    refresh_token: 'refresh-1',
    token_type: 'bearer',
    expires_in: 3600,
    ...patch,
  },
});

const ok = (data: unknown) => ({ body: { code: 200, success: true, data, msg: '操作成功' } });
const toastTexts = () => Array.from(document.querySelectorAll('.arco-message'), (el) => el.textContent ?? '');

async function signIn(calls?: FetchCall[]) {
  await session.login({ tenantId: '000000', username: 'admin', password: 'admin' });
  return calls;
}

describe('session', () => {
  const navigate = rs.fn();
  beforeEach(() => {
    setTestSite();
    clearBrowserState();
    session.fedLogout();
    session.restore();
    navigate.mockReset();
    setNavigator(navigate);
  });
  afterEach(() => {
    session.stopRefresh();
    rs.useRealTimers();
    rs.unstubAllGlobals();
    setNavigator(null);
  });

  it('logs in with md5(password) and the BladeX query and headers', async () => {
    const calls = mockFetch(() => tokenAnswer());
    await signIn();
    const call = calls[0]!;
    expect(call.method).toBe('POST');
    expect(call.url.startsWith('/api/blade-auth/oauth/token?')).toBe(true);
    expect(Object.fromEntries(queryOf(call))).toEqual({
      tenantId: '000000',
      username: 'admin',
      password: '21232f297a57a5a743894a0e4a801fc3',
      grant_type: 'password',
      scope: 'all',
      type: 'account',
    });
    expect(call.headers.get('Tenant-Id')).toBe('000000');
    expect(call.headers.get('Authorization')).toBe('Basic c2FiZXI6c2FiZXJfc2VjcmV0');
    expect(call.headers.has('Dept-Id')).toBe(false);
    expect(call.headers.has('Captcha-Key')).toBe(false);
  });

  it('stores the session: cookies, token record, tenant, user (avatar defaulted); tabs reset, lock cleared', async () => {
    mockFetch(() => tokenAnswer());
    tabs.open({ label: 'A', value: '/a', params: {}, query: {}, meta: {}, group: [], close: true });
    await session.lock('x');
    await signIn();
    expect(session.token).toBe('access-1');
    expect(getAccessCookie()).toBe('access-1');
    expect(getRefreshCookie()).toBe('refresh-1');
    const record = getStoreRecord<string>('token')!;
    expect(record.content).toBe('access-1');
    expect(record.datetime).toBeGreaterThan(0);
    expect(localStorage.getItem(storeKey('token'))).toContain('"dataType":"string"');
    expect(session.tenantId).toBe('000000');
    expect(session.userInfo).toMatchObject({ user_name: 'admin', nick_name: '管理员', real_name: '管理员', role_name: 'administrator' });
    expect(session.userInfo!.avatar).toBeTruthy();
    expect(JSON.stringify(session.userInfo)).not.toContain('access-1');
    expect(session.roles).toEqual(['administrator']);
    expect(session.isGuest).toBe(false);
    expect(tabs.list.map((t) => t.value)).toEqual(['/wel/index']);
    expect(session.isLock).toBe(false);
  });

  it('shows error_description and sets no session', async () => {
    mockFetch(() => ({ body: { error_code: 400, error_description: '用户名或密码不正确' } }));
    await expect(signIn()).rejects.toMatchObject({ message: '用户名或密码不正确' });
    expect(session.token).toBe('');
    expect(getAccessCookie()).toBe('');
    expect(getStoreRecord('token')).toBeNull();
    await waitFor(() => expect(toastTexts()).toContain('用户名或密码不正确'));
  });

  it('sends the captcha grant and headers in captcha mode, Dept-Id/Role-Id in switch mode', async () => {
    setTestSite({ captchaMode: true, switchMode: true });
    const calls = mockFetch(() => tokenAnswer());
    await session.login({ tenantId: '000001', username: 'u', password: 'p', key: 'k1', code: 'ab12', deptId: 'd1', roleId: 'r1' });
    const call = calls[0]!;
    expect(queryOf(call).get('grant_type')).toBe('captcha');
    expect(call.headers.get('Captcha-Key')).toBe('k1');
    expect(call.headers.get('Captcha-Code')).toBe('ab12');
    expect(call.headers.get('Dept-Id')).toBe('d1');
    expect(call.headers.get('Role-Id')).toBe('r1');
    expect(call.headers.get('Tenant-Id')).toBe('000001');
  });

  it('marks guests', async () => {
    mockFetch(() => tokenAnswer({ role_name: 'guest', oauth_id: 'gh-1' }));
    await signIn();
    expect(session.isGuest).toBe(true);
  });

  it('signs in with a third-party account', async () => {
    const calls = mockFetch(() => tokenAnswer());
    await session.loginBySocial({ source: 'demo', code: 'c0de', state: 's1', tenantId: '000000' });
    expect(Object.fromEntries(queryOf(calls[0]!))).toEqual({ tenantId: '000000', source: 'demo', code: 'c0de', state: 's1', grant_type: 'social', scope: 'all' });
    expect(session.token).toBe('access-1');
  });

  it('logs out through the server, then clears everything and goes to /login', async () => {
    const calls = mockFetch((call) => (call.url.includes('logout') ? { body: { success: 'true', msg: 'success' } } : tokenAnswer()));
    await signIn();
    await session.lock('pw');
    await session.logout();
    expect(calls[1]!.url).toBe('/api/blade-auth/oauth/logout');
    expect(calls[1]!.method).toBe('GET');
    expect(calls[1]!.headers.get('Blade-Auth')).toBe('bearer access-1');
    expect(session.token).toBe('');
    expect(session.userInfo).toBeNull();
    expect(session.isLock).toBe(false);
    expect(getAccessCookie()).toBe('');
    expect(getRefreshCookie()).toBe('');
    expect(getStoreRecord('token')).toBeNull();
    expect(navigate).toHaveBeenCalledWith('/login', { replace: true });
  });

  it('clears locally on a 401 (no server call)', async () => {
    const calls = mockFetch((call) => (call.url.includes('token') ? tokenAnswer() : { status: 401, body: { code: 401, msg: '请求未授权' } }));
    await signIn();
    await expect(http.get('/api/blade-user/info')).rejects.toMatchObject({ kind: 'unauthorized' });
    expect(session.token).toBe('');
    expect(getAccessCookie()).toBe('');
    expect(calls.some((c) => c.url.includes('logout'))).toBe(false);
    expect(navigate).toHaveBeenCalledWith('/login', { replace: true });
  });

  it('locks with a salted hash of the password, never the password itself', async () => {
    mockFetch(() => tokenAnswer());
    await signIn();
    await session.lock('s3cret-pw');
    expect(session.isLock).toBe(true);
    const stored = Object.values({ ...sessionStorage }).join(' ');
    expect(stored).not.toContain('s3cret-pw');
    expect(localStorage.getItem(storeKey('lockPasswd'))).toBeNull();
    expect(await session.unlock('wrong')).toBe(false);
    expect(session.isLock).toBe(true);
    expect(await session.unlock('s3cret-pw')).toBe(true);
    expect(session.isLock).toBe(false);
  });

  it('loads the menu and the permission codes (kept in memory only)', async () => {
    const calls = mockFetch((call) => {
      if (call.url.includes('oauth/token')) return tokenAnswer();
      if (call.url.includes('menu/routes')) return ok([{ id: '1', name: '首页', nameEn: 'Home', path: '/wel', source: 'home' }]);
      if (call.url.includes('menu/buttons')) return ok([{ id: '9', code: 'param', name: '参数', path: '/system/param', children: [{ id: '10', code: 'param_add', name: '新增', path: '' }] }]);
      return new Error(`unexpected ${call.url}`);
    });
    await signIn();
    await session.loadMenu('top-1');
    expect(queryOf(calls.find((c) => c.url.includes('routes'))!).get('topMenuId')).toBe('top-1');
    expect(session.menuState).toBe('ready');
    expect(session.menu.map((m) => [m.label, m.path])).toEqual([['首页', '/wel/index']]);
    expect(session.can('param_add')).toBe(true);
    expect(session.can('param')).toBe(false);
    expect(Object.keys(localStorage).some((k) => /menu|permission/i.test(k))).toBe(false);
  });

  describe('token refresh', () => {
    it('refreshes when the token gets tokenTime seconds old (checked every 10 s)', async () => {
      rs.useFakeTimers({ toFake: ['setInterval', 'clearInterval', 'Date'] });
      rs.setSystemTime(new Date('2026-01-01T08:00:00'));
      const calls = mockFetch((call) =>
        queryOf(call).get('grant_type') === 'refresh_token' ? tokenAnswer({ access_token: 'access-2', refresh_token: 'refresh-2' }) : tokenAnswer(),
      );
      await signIn();
      session.startRefresh();
      await rs.advanceTimersByTimeAsync(2_990_000); // 49 min 50 s: not due yet
      expect(calls).toHaveLength(1);
      await rs.advanceTimersByTimeAsync(10_000); // 50 min = tokenTime 3000 s
      await waitFor(() => expect(session.token).toBe('access-2'));
      const refresh = calls[1]!;
      expect(Object.fromEntries(queryOf(refresh))).toEqual({ tenantId: '000000', refresh_token: 'refresh-1', grant_type: 'refresh_token', scope: 'all' });
      expect(refresh.headers.get('Tenant-Id')).toBe('000000');
      expect(getAccessCookie()).toBe('access-2');
      expect(getRefreshCookie()).toBe('refresh-2');
      expect(getStoreRecord('token')!.content).toBe('access-2');
      await rs.advanceTimersByTimeAsync(60_000); // the new token is young: no more refreshes
      expect(calls).toHaveLength(2);
    });

    it('makes one refresh request for concurrent triggers', async () => {
      let release: () => void = () => {};
      const calls = mockFetch(async (call) => {
        if (queryOf(call).get('grant_type') !== 'refresh_token') return tokenAnswer();
        await new Promise<void>((resolve) => (release = resolve));
        return tokenAnswer({ access_token: 'access-2' });
      });
      await signIn();
      const both = Promise.all([session.refreshNow(), session.refreshNow(), session.checkRefresh(Date.now() + 4_000_000)]);
      await waitFor(() => expect(calls).toHaveLength(2));
      release();
      expect(await both).toEqual(['refreshed', 'refreshed', null]);
      expect(calls.filter((c) => queryOf(c).get('grant_type') === 'refresh_token')).toHaveLength(1);
    });

    it('adopts a token another browser tab stored instead of refreshing (no request)', async () => {
      const calls = mockFetch(() => tokenAnswer());
      await signIn();
      // Another tab refreshed: it wrote a newer token record.
      localStorage.setItem(storeKey('token'), JSON.stringify({ dataType: 'string', content: 'from-tab-2', type: 'local', datetime: Date.now() + 5 }));
      expect(await session.refreshNow()).toBe('adopted');
      expect(session.token).toBe('from-tab-2');
      expect(calls).toHaveLength(1);
    });

    it('signs out when the server refuses the refresh token', async () => {
      mockFetch((call) =>
        queryOf(call).get('grant_type') === 'refresh_token' ? { status: 400, body: { code: 400, success: false, msg: '令牌授权已过期' } } : tokenAnswer(),
      );
      await signIn();
      expect(await session.refreshNow()).toBeNull();
      expect(session.token).toBe('');
      expect(navigate).toHaveBeenCalledWith('/login', { replace: true });
    });

    it('keeps the session when the refresh fails for network reasons (tries again later)', async () => {
      mockFetch((call) => (queryOf(call).get('grant_type') === 'refresh_token' ? new TypeError('Failed to fetch') : tokenAnswer()));
      await signIn();
      expect(await session.refreshNow()).toBeNull();
      expect(session.token).toBe('access-1');
    });
  });

  describe('other browser tabs', () => {
    it('follows a sign-out in another tab', async () => {
      mockFetch(() => tokenAnswer());
      await signIn();
      session.followOtherTab(null);
      expect(session.token).toBe('');
      expect(navigate).toHaveBeenCalledWith('/login', { replace: true });
    });

    it('follows a refresh in another tab (same user) without leaving the page', async () => {
      mockFetch(() => tokenAnswer());
      await signIn();
      session.followOtherTab({ content: 'access-9', datetime: Date.now() + 1 });
      expect(session.token).toBe('access-9');
      expect(session.userInfo?.account).toBe('admin');
      expect(navigate).not.toHaveBeenCalled();
    });

    it('listens to storage events of the token key', async () => {
      mockFetch(() => tokenAnswer());
      await signIn();
      window.dispatchEvent(new StorageEvent('storage', { key: storeKey('token'), newValue: null, storageArea: localStorage }));
      expect(session.token).toBe('');
    });
  });
});
