import { waitFor } from '@testing-library/react';
import { i18n } from '../i18n';
import { setNavigator } from '../navigation/navigator';
import { clearBrowserState, mockFetch, queryOf, setTestSite } from '../testing/site';
import { setAuthHooks } from './auth';
import { http } from './client';
import { HttpError } from './types';

const toastTexts = () => Array.from(document.querySelectorAll('.arco-message'), (el) => el.textContent ?? '');

const ok = (data: unknown) => ({ body: { code: 200, success: true, data, msg: '操作成功' } });

describe('http (alova + pipeline)', () => {
  const signOut = rs.fn();
  const navigate = rs.fn();
  let token = '';

  beforeEach(() => {
    setTestSite();
    clearBrowserState();
    signOut.mockReset();
    navigate.mockReset();
    token = '';
    setAuthHooks({ token: () => token, signOut });
    setNavigator(navigate);
  });
  afterEach(() => {
    rs.unstubAllGlobals();
    setNavigator(null);
  });

  it('sends the Basic client header on every call, the bearer token when signed in, and cookies', async () => {
    const calls = mockFetch(() => ok([]));
    await http.get('/api/blade-system/menu/routes');
    token = 'abc.def';
    await http.post('/api/x/submit', { name: 'a' });
    expect(calls[0]!.headers.get('Authorization')).toBe('Basic c2FiZXI6c2FiZXJfc2VjcmV0');
    expect(calls[0]!.headers.has('Blade-Auth')).toBe(false);
    expect(calls[1]!.headers.get('Authorization')).toBe('Basic c2FiZXI6c2FiZXJfc2VjcmV0');
    expect(calls[1]!.headers.get('Blade-Auth')).toBe('bearer abc.def');
    expect(calls[1]!.body).toBe('{"name":"a"}');
    expect(calls.every((c) => c.credentials === 'include')).toBe(true);
  });

  it('sends the interface language, so the server answers its messages in it', async () => {
    const calls = mockFetch(() => ok([]));
    await http.get('/api/a');
    await i18n.changeLanguage('en');
    try {
      await http.post('/api/b', {});
      await http.request('POST', '/api/blade-auth/oauth/token');
    } finally {
      await i18n.changeLanguage('zh');
    }
    expect(calls.map((c) => c.headers.get('Accept-Language'))).toEqual(['zh-CN', 'en', 'en']);
  });

  it('URL-encodes query values and leaves out undefined ones', async () => {
    const calls = mockFetch(() => ok(null));
    await http.get('/api/p', { params: { name: '张 三&x', ids: ['1', '2'], none: undefined, empty: null } });
    expect(calls[0]!.url).toBe('/api/p?name=%E5%BC%A0+%E4%B8%89%26x&ids=1%2C2');
    expect(queryOf(calls[0]!).get('name')).toBe('张 三&x');
  });

  it('resolves with the envelope; a raw answer without code counts as 200', async () => {
    mockFetch((call) => (call.url.includes('token') ? { body: { access_token: 't', token_type: 'bearer' } } : ok({ a: 1 })));
    await expect(http.get<{ a: number }>('/api/a')).resolves.toMatchObject({ code: 200, data: { a: 1 } });
    await expect(http.request('POST', '/api/blade-auth/oauth/token')).resolves.toEqual({ access_token: 't', token_type: 'bearer' });
  });

  it('rejects a business error after one toast with the server message', async () => {
    mockFetch(() => ({ body: { code: 400, success: false, msg: '参数名称已存在' } }));
    await expect(http.post('/api/p/submit')).rejects.toMatchObject({ kind: 'business', code: 400, message: '参数名称已存在' });
    await waitFor(() => expect(toastTexts()).toContain('参数名称已存在'));
  });

  it('signs out and navigates to /login once for ten concurrent 401s', async () => {
    token = 'expired-token-1';
    mockFetch(() => ({ status: 401, body: { code: 401, msg: '请求未授权' } }));
    const results = await Promise.allSettled(Array.from({ length: 10 }, (_, i) => http.get(`/api/list/${i}`)));
    expect(results.every((r) => r.status === 'rejected' && (r.reason as HttpError).kind === 'unauthorized')).toBe(true);
    expect(signOut).toHaveBeenCalledTimes(1);
    expect(navigate).toHaveBeenCalledTimes(1);
    expect(navigate).toHaveBeenCalledWith('/login', { replace: true });
  });

  it('rejects with a network error when nothing answers', async () => {
    mockFetch(() => new TypeError('Failed to fetch'));
    await expect(http.get('/api/a')).rejects.toMatchObject({ kind: 'network' });
    await waitFor(() => expect(toastTexts()).toContain('网络错误，请检查网络连接'));
  });

  it('gives up after the time-out', async () => {
    rs.stubGlobal('fetch', (_url: string, init: RequestInit) => new Promise((_, reject) => init.signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError')))));
    await expect(http.get('/api/slow', { timeout: 30 })).rejects.toMatchObject({ kind: 'timeout' });
  });

  it('uses the long time-out for long calls', async () => {
    const timeouts: number[] = [];
    const seen = rs.fn();
    mockFetch((call) => {
      seen(call.url);
      return ok(null);
    });
    // The time-out is the adapter's; checked through alova's method config.
    const { alova } = await import('./client');
    const before = alova.options.beforeRequest;
    alova.options.beforeRequest = (method) => {
      timeouts.push(method.config.timeout ?? 0);
      return before?.(method);
    };
    await http.post('/api/case/album/save', {}, { long: true });
    await http.get('/api/a');
    alova.options.beforeRequest = before;
    expect(timeouts).toEqual([300_000, 10_000]);
  });
});
