import { bodyCode, bodyMessage, judgeResponse } from './rule';

describe('judgeResponse: the body code, else the HTTP status, decides success, sign-out, silence or error', () => {
  it('passes a 200 envelope', () => {
    expect(judgeResponse(200, { code: 200, success: true, data: 1, msg: '操作成功' }, [])).toEqual({ kind: 'ok', code: 200 });
  });

  it('takes the HTTP status when the body has no code (raw OAuth token answer)', () => {
    expect(judgeResponse(200, { access_token: 'x' }, []).kind).toBe('ok');
    expect(bodyCode({ access_token: 'x' }, 200)).toBe(200);
    expect(judgeResponse(400, { error: 'invalid_grant', error_description: '用户名或密码不正确' }, [])).toEqual({
      kind: 'error',
      code: 400,
      message: '用户名或密码不正确',
    });
  });

  it('prefers the body code to the HTTP status (business errors come back as HTTP 200)', () => {
    expect(judgeResponse(200, { code: 400, success: false, msg: '业务异常' }, [])).toEqual({ kind: 'error', code: 400, message: '业务异常' });
  });

  it('rejects whitelisted codes silently, before any other rule', () => {
    expect(judgeResponse(200, { code: 400, msg: 'x' }, [400]).kind).toBe('whitelisted');
    expect(judgeResponse(401, { code: 401 }, [401]).kind).toBe('whitelisted');
  });

  it('turns 401 (body or status) into unauthorized', () => {
    expect(judgeResponse(200, { code: 401, msg: '请求未授权' }, []).kind).toBe('unauthorized');
    expect(judgeResponse(401, { msg: '缺失令牌,鉴权失败' }, [])).toEqual({ kind: 'unauthorized', code: 401, message: '缺失令牌,鉴权失败' });
  });

  it('uses msg, then error_description, else no message (the caller says 未知错误)', () => {
    expect(bodyMessage({ msg: 'a', error_description: 'b' })).toBe('a');
    expect(bodyMessage({ error_description: 'b' })).toBe('b');
    expect(bodyMessage({ msg: '' })).toBeNull();
    expect(judgeResponse(500, 'Internal Server Error', [])).toEqual({ kind: 'error', code: 500, message: null });
  });

  it('lets only statuses 200..500 reach the rule', () => {
    expect(judgeResponse(502, '<html>Bad gateway</html>', []).kind).toBe('status');
    expect(judgeResponse(199, null, []).kind).toBe('status');
    expect(judgeResponse(500, { code: 500, msg: '服务器异常' }, []).kind).toBe('error');
  });
});
