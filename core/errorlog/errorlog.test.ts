import { HttpError } from '../http';
import { clearBrowserState, mockFetch, setTestSite } from '../testing/site';
import { installErrorCapture } from './capture';
import { ErrorLogStore, errorLog, formatTime } from './errorlog';

describe('error log', () => {
  beforeEach(() => {
    setTestSite();
    clearBrowserState();
    errorLog.restore();
  });
  afterEach(() => {
    rs.unstubAllGlobals();
  });

  it('formats times as yyyy-MM-dd HH:mm:ss', () => {
    expect(formatTime(new Date(2026, 0, 2, 3, 4, 5))).toBe('2026-01-02 03:04:05');
  });

  it('adds entries (newest first), persists them under logsList and clears them', () => {
    const log = new ErrorLogStore();
    log.restore();
    log.add({ message: 'first', stack: 's1' });
    log.add({ message: 'second', info: 'in <Table>' });
    expect(log.list.map((e) => e.message)).toEqual(['second', 'first']);
    expect(log.list[0]).toMatchObject({ type: 'error', info: 'in <Table>', url: location.href });
    expect(log.list[0]!.time).toMatch(/^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d$/);
    const again = new ErrorLogStore();
    again.restore();
    expect(again.list).toHaveLength(2);
    again.clear();
    const third = new ErrorLogStore();
    third.restore();
    expect(third.list).toEqual([]);
  });

  it('sends the list to the server, then clears it', async () => {
    const calls = mockFetch(() => ({ body: { code: 200, success: true, data: null, msg: '操作成功' } }));
    errorLog.add({ message: 'boom' });
    await errorLog.send();
    expect(calls[0]!.url).toBe('/api/blade-log/client-error/submit');
    expect(calls[0]!.method).toBe('POST');
    expect(JSON.parse(String(calls[0]!.body))[0]).toMatchObject({ type: 'error', message: 'boom' });
    expect(errorLog.list).toEqual([]);
  });

  it('captures window errors, unhandled rejections and React root errors, but not failed calls', () => {
    const hooks = installErrorCapture();
    const quiet = rs.spyOn(console, 'error').mockImplementation(() => {});
    window.dispatchEvent(new ErrorEvent('error', { error: new Error('window boom'), message: 'window boom' }));
    const rejection = new Event('unhandledrejection') as Event & { reason: unknown };
    rejection.reason = new Error('promise boom');
    window.dispatchEvent(rejection);
    const failedCall = new Event('unhandledrejection') as Event & { reason: unknown };
    failedCall.reason = new HttpError('business', '参数错误', 400);
    window.dispatchEvent(failedCall);
    hooks.onUncaughtError(new Error('render boom'), { componentStack: '\n    at Page' });
    hooks.onCaughtError(new Error('caught boom'), { componentStack: '\n    at Table' });
    quiet.mockRestore();
    expect(errorLog.list.map((e) => e.message)).toEqual(['caught boom', 'render boom', 'promise boom', 'window boom']);
    expect(errorLog.list[0]!.info).toContain('at Table');
  });

  it("keeps the request id of the failed call behind an error, so the server's rows can be found; sends it", async () => {
    const hooks = installErrorCapture();
    const quiet = rs.spyOn(console, 'error').mockImplementation(() => {});
    const failed = new HttpError('status', '服务器异常', 500, { code: 500, success: false, data: null, msg: '服务器异常', requestId: 'f00d-1' });
    hooks.onUncaughtError(new Error('could not draw the page', { cause: failed }), { componentStack: '' });
    hooks.onUncaughtError(new Error('no call behind it'), { componentStack: '' });
    quiet.mockRestore();
    expect(errorLog.list.map((e) => [e.message, e.requestId])).toEqual([
      ['no call behind it', undefined],
      ['could not draw the page', 'f00d-1'],
    ]);
    const calls = mockFetch(() => ({ body: { code: 200, success: true, data: null, msg: '操作成功' } }));
    await errorLog.send();
    expect(JSON.parse(String(calls[0]!.body))[1]).toMatchObject({ message: 'could not draw the page', requestId: 'f00d-1' });
  });
});
