import { waitFor } from '@testing-library/react';
import { i18n } from '../i18n';
import { setNavigator } from '../navigation/navigator';
import { clearBrowserState, mockFetch, setTestSite } from '../testing/site';
import { setAuthHooks } from './auth';
import { http } from './client';
import { HttpError, type UploadProgress } from './types';

const toastTexts = () => Array.from(document.querySelectorAll('.arco-message'), (el) => el.textContent ?? '');

/** An XMLHttpRequest the test drives by hand: what was sent, progress, the answer, a network failure. */
class StubXhr {
  static last: StubXhr | null = null;
  method = '';
  url = '';
  headers: Record<string, string> = {};
  body: unknown = undefined;
  withCredentials = false;
  responseType = '';
  status = 0;
  statusText = '';
  response: unknown = null;
  aborted = false;
  readonly upload = { onprogress: null as ((event: ProgressEvent) => void) | null };
  onload: (() => void) | null = null;
  onerror: (() => void) | null = null;
  onabort: (() => void) | null = null;
  onprogress: (() => void) | null = null;
  private answerHeaders = '';

  constructor() {
    StubXhr.last = this;
  }
  open(method: string, url: string) {
    this.method = method;
    this.url = url;
  }
  setRequestHeader(name: string, value: string) {
    this.headers[name] = value;
  }
  getAllResponseHeaders() {
    return this.answerHeaders;
  }
  send(body: unknown) {
    this.body = body;
  }
  abort() {
    this.aborted = true;
    this.onabort?.();
  }
  // ---- the test's side
  sent(loaded: number, total: number) {
    this.upload.onprogress?.({ loaded, total, lengthComputable: total > 0 } as ProgressEvent);
  }
  answer(status: number, body: unknown) {
    this.status = status;
    this.answerHeaders = 'Content-Type: application/json\r\n';
    this.response = new Blob([JSON.stringify(body)], { type: 'application/json' });
    this.onload?.();
  }
  fail() {
    this.onerror?.();
  }
}

/**
 * The stub of the upload under way, once alova's beforeRequest has run and the adapter has sent. Polled
 * on the real clock (rs.waitFor), so it also waits while a test holds the timers.
 */
async function sending(): Promise<StubXhr> {
  await rs.waitFor(() => expect(StubXhr.last?.body).toBeDefined(), { timeout: 5_000 });
  return StubXhr.last!;
}

const file = () => new File([new Uint8Array(1000)], '照片.png', { type: 'image/png' });

describe('http.upload / http.uploadFile (XMLHttpRequest, through the same pipeline)', () => {
  const signOut = rs.fn();
  const navigate = rs.fn();

  beforeEach(() => {
    setTestSite();
    clearBrowserState();
    signOut.mockReset();
    navigate.mockReset();
    setAuthHooks({ token: () => 'tok.en', signOut });
    setNavigator(navigate);
    StubXhr.last = null;
    rs.stubGlobal('XMLHttpRequest', StubXhr);
  });
  afterEach(() => {
    rs.unstubAllGlobals();
    rs.useRealTimers();
    setNavigator(null);
  });

  it('sends the file as multipart `file` with the client, token and language headers and cookies, reports progress and resolves with the envelope', async () => {
    const seen: UploadProgress[] = [];
    await i18n.changeLanguage('en');
    const done = http.uploadFile<{ link: string }>('/api/blade-resource/oss/endpoint/put-file', file(), { onProgress: (p) => seen.push(p) });
    const xhr = await sending();
    await i18n.changeLanguage('zh');
    expect(xhr.method).toBe('POST');
    expect(xhr.url).toBe('/api/blade-resource/oss/endpoint/put-file');
    expect(xhr.withCredentials).toBe(true);
    expect(xhr.headers.Authorization).toBe('Basic c2FiZXI6c2FiZXJfc2VjcmV0');
    expect(xhr.headers['Blade-Auth']).toBe('bearer tok.en');
    expect(xhr.headers['Accept-Language']).toBe('en');
    // The browser sets the multipart boundary: no content type of our own.
    expect(Object.keys(xhr.headers).some((name) => name.toLowerCase() === 'content-type')).toBe(false);
    expect(xhr.body).toBeInstanceOf(FormData);
    expect(((xhr.body as FormData).get('file') as File).name).toBe('照片.png');
    xhr.sent(250, 1000);
    xhr.sent(1000, 1000);
    xhr.answer(200, { code: 200, success: true, data: { link: '/f/a.png' }, msg: '操作成功' });
    await expect(done).resolves.toMatchObject({ code: 200, data: { link: '/f/a.png' } });
    expect(seen).toEqual([
      { loaded: 250, total: 1000, percent: 25 },
      { loaded: 1000, total: 1000, percent: 100 },
    ]);
  });

  it("rejects the server's refusal with its message, and toasts it unless silent", async () => {
    const loud = http.uploadFile('/api/up', file());
    (await sending()).answer(200, { code: 400, success: false, msg: '只能上传jpg/png格式的图片' });
    await expect(loud).rejects.toMatchObject({ kind: 'business', code: 400, message: '只能上传jpg/png格式的图片' });
    await waitFor(() => expect(toastTexts()).toContain('只能上传jpg/png格式的图片'));

    StubXhr.last = null;
    const quiet = http.uploadFile('/api/up', file(), { silent: true });
    (await sending()).answer(400, { code: 400, success: false, msg: '文件过大' });
    await expect(quiet).rejects.toMatchObject({ kind: 'business', message: '文件过大' });
    expect(toastTexts()).not.toContain('文件过大');
  });

  it('ends the session once on 401, like every other call', async () => {
    const done = http.upload('/api/up', new FormData());
    (await sending()).answer(401, { code: 401, msg: '请求未授权' });
    await expect(done).rejects.toMatchObject({ kind: 'unauthorized' });
    expect(signOut).toHaveBeenCalledTimes(1);
    expect(navigate).toHaveBeenCalledWith('/login', { replace: true });
  });

  it('is cancelled by its signal: the request is aborted and the call rejects as aborted, without a toast', async () => {
    const controller = new AbortController();
    const done = http.uploadFile('/api/up', file(), { signal: controller.signal });
    const xhr = await sending();
    xhr.sent(100, 1000);
    controller.abort();
    await expect(done).rejects.toMatchObject({ kind: 'aborted' });
    expect(xhr.aborted).toBe(true);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(toastTexts().filter((text) => /取消|网络/.test(text))).toEqual([]);
  });

  it('sends nothing when the signal is already aborted', async () => {
    const controller = new AbortController();
    controller.abort();
    await expect(http.uploadFile('/api/up', file(), { signal: controller.signal })).rejects.toBeInstanceOf(HttpError);
    expect(StubXhr.last).toBeNull();
  });

  it('says so when nothing answers', async () => {
    const done = http.uploadFile('/api/up', file());
    (await sending()).fail();
    await expect(done).rejects.toMatchObject({ kind: 'network' });
    await waitFor(() => expect(toastTexts()).toContain('网络错误，请检查网络连接'));
  });

  it('times out only after the time-out passes with no chunk sent: an upload still moving is not cut off', async () => {
    // The time-out's clock is the test's: only the time it advances passes, however busy the machine.
    rs.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const done = http.uploadFile('/api/up', file(), { timeout: 200, silent: true });
    const xhr = await sending();
    for (let i = 1; i <= 4; i++) {
      rs.advanceTimersByTime(120);
      xhr.sent(i * 200, 1000);
    }
    expect(xhr.aborted).toBe(false); // 480 ms in, past the 200 ms time-out, but moving
    rs.advanceTimersByTime(199);
    expect(xhr.aborted).toBe(false); // 199 ms since the last chunk
    rs.advanceTimersByTime(1);
    await expect(done).rejects.toMatchObject({ kind: 'timeout' });
    expect(xhr.aborted).toBe(true);
  });

  it('goes through the fetch a test stands in for when XMLHttpRequest is the unit tests’ own (FetchXhr)', async () => {
    rs.unstubAllGlobals();
    const calls = mockFetch(() => ({ body: { code: 200, success: true, data: { link: '/f/b.png' }, msg: '' } }));
    const seen: number[] = [];
    await expect(http.uploadFile('/api/up', file(), { onProgress: (p) => seen.push(p.percent) })).resolves.toMatchObject({ data: { link: '/f/b.png' } });
    expect(calls).toHaveLength(1);
    expect(calls[0]!.headers.get('Blade-Auth')).toBe('bearer tok.en');
    expect(calls[0]!.credentials).toBe('include');
    expect(seen).toEqual([50, 100]);
  });
});
