import { createPipeline, type PipelineDeps } from './pipeline';
import { HttpError } from './types';

function setup(whiteList: number[] = []) {
  const deps = {
    whiteList: () => whiteList,
    toast: rs.fn<(message: string) => void>(),
    signOut: rs.fn<() => void>(),
    navigate: rs.fn<(path: string) => void>(),
    t: (key: string) => ({ 'errors.unknown': '未知错误', 'errors.network': 'NETWORK', 'errors.timeout': 'TIMEOUT', 'errors.unauthorized': 'UNAUTH', 'errors.status': 'STATUS' })[key] ?? key,
  } satisfies PipelineDeps;
  return { deps, pipeline: createPipeline(deps) };
}

const ctx = { sentToken: 'T1', silent: false };

function rejection(fn: () => unknown): HttpError {
  try {
    fn();
  } catch (error) {
    if (error instanceof HttpError) return error;
    throw error;
  }
  throw new Error('expected a rejection');
}

describe('the response pipeline', () => {
  it('returns the body of a 200 and shows nothing', () => {
    const { deps, pipeline } = setup();
    const body = { code: 200, data: [1] };
    expect(pipeline.settle(200, body, ctx)).toBe(body);
    expect(deps.toast).not.toHaveBeenCalled();
  });

  it('shows ONE error toast with msg, then error_description, then 未知错误', () => {
    const { deps, pipeline } = setup();
    expect(rejection(() => pipeline.settle(200, { code: 400, msg: '参数错误' }, ctx)).kind).toBe('business');
    expect(rejection(() => pipeline.settle(400, { error_description: '用户名或密码不正确' }, ctx)).message).toBe('用户名或密码不正确');
    expect(rejection(() => pipeline.settle(500, null, ctx)).message).toBe('未知错误');
    expect(deps.toast.mock.calls).toEqual([['参数错误'], ['用户名或密码不正确'], ['未知错误']]);
    expect(deps.signOut).not.toHaveBeenCalled();
  });

  it('rejects a whitelisted code without a toast', () => {
    const { deps, pipeline } = setup([400]);
    const error = rejection(() => pipeline.settle(200, { code: 400, msg: 'handled by caller' }, ctx));
    expect(error.kind).toBe('whitelisted');
    expect(error.code).toBe(400);
    expect(deps.toast).not.toHaveBeenCalled();
  });

  it('signs out and goes to /login once when ten calls fail with 401 together', () => {
    const { deps, pipeline } = setup();
    const errors = Array.from({ length: 10 }, () => rejection(() => pipeline.settle(401, { code: 401, msg: '请求未授权' }, ctx)));
    expect(errors.every((e) => e.kind === 'unauthorized')).toBe(true);
    expect(deps.signOut).toHaveBeenCalledTimes(1);
    expect(deps.navigate).toHaveBeenCalledTimes(1);
    expect(deps.navigate).toHaveBeenCalledWith('/login');
    expect(deps.toast).toHaveBeenCalledTimes(1);
  });

  it('handles the next session (a new token) again', () => {
    const { deps, pipeline } = setup();
    rejection(() => pipeline.settle(401, {}, ctx));
    rejection(() => pipeline.settle(401, {}, { sentToken: 'T2', silent: false }));
    expect(deps.signOut).toHaveBeenCalledTimes(2);
  });

  it('treats a 401 without a session (the token call refusing the client) as an ordinary error', () => {
    const { deps, pipeline } = setup();
    rejection(() => pipeline.settle(401, { msg: '客户端认证失败!' }, { sentToken: '', silent: false }));
    rejection(() => pipeline.settle(401, { msg: '客户端认证失败!' }, { sentToken: '', silent: false }));
    expect(deps.signOut).not.toHaveBeenCalled();
    expect(deps.toast).toHaveBeenCalledTimes(2);
  });

  it('fails HTTP statuses outside 200..500 with a toast', () => {
    const { deps, pipeline } = setup();
    expect(rejection(() => pipeline.settle(503, 'Service Unavailable', ctx)).kind).toBe('status');
    expect(deps.toast).toHaveBeenCalledWith('STATUS');
  });

  it('says so when the network fails or the call times out', () => {
    const { deps, pipeline } = setup();
    expect(rejection(() => pipeline.fail(new TypeError('Failed to fetch'), ctx)).kind).toBe('network');
    expect(rejection(() => pipeline.fail(new Error('fetchError: network timeout'), ctx)).kind).toBe('timeout');
    expect(deps.toast.mock.calls).toEqual([['NETWORK'], ['TIMEOUT']]);
  });

  it('rejects a call its caller cancelled as aborted, without a toast', () => {
    const { deps, pipeline } = setup();
    expect(rejection(() => pipeline.fail(new DOMException('cancelled', 'AbortError'), ctx)).kind).toBe('aborted');
    expect(deps.toast).not.toHaveBeenCalled();
  });

  it('stays quiet for silent calls but still ends the session on 401', () => {
    const { deps, pipeline } = setup();
    rejection(() => pipeline.settle(200, { code: 500 }, { sentToken: 'T', silent: true }));
    rejection(() => pipeline.fail(new TypeError('x'), { sentToken: 'T', silent: true }));
    rejection(() => pipeline.settle(401, {}, { sentToken: 'T', silent: true }));
    expect(deps.toast).not.toHaveBeenCalled();
    expect(deps.signOut).toHaveBeenCalledTimes(1);
  });
});
