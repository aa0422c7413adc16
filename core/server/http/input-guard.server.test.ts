import { afterAll, beforeAll, describe, expect, test } from '@rstest/core';
import { encodePng } from '../auth/captcha/png';
import { createTestServer, type CallResult, type TestServer } from '../test-server';

let ts: TestServer;
let token: string;
beforeAll(async () => {
  ts = await createTestServer();
  token = (await ts.signIn('demo', 'demo')).access_token;
});
afterAll(() => ts.close());

const refusedInZh = (res: CallResult) => expect([res.status, res.body?.msg]).toEqual([400, '参数包含非法字符']);
const json = (text: string) => ({ token, headers: { 'content-type': 'application/json' }, body: text });

describe('a NUL character is refused before any handler', () => {
  test('in the query string or the path, on anonymous routes too (400, not 401 or 500)', async () => {
    refusedInZh(await ts.get('/api/blade-system/tenant/info', { query: { domain: 'a\u0000b' } }));
    refusedInZh(await ts.token({ tenantId: '000000', username: 'ad\u0000min', password: 'x', grant_type: 'password' }));
    refusedInZh(await ts.get('/api/blade-user/info', { query: { x: '\u0000' } }));
    refusedInZh(await ts.get('/api/blade-resource/oss/endpoint/file/a%00b.png'));
    refusedInZh(await ts.get('/api/blade-user/info?name=%00'));
    const en = await ts.get('/api/blade-system/tenant/info', { query: { domain: '\u0000' }, headers: { 'Accept-Language': 'en' } });
    expect([en.status, en.body.msg]).toEqual([400, 'The request contains an invalid character']);
  });

  test('in a JSON body, raw or escaped, in a value, a key or nested; an escaped backslash before u0000 is text and passes', async () => {
    refusedInZh(await ts.call('POST', '/api/blade-user/update-info', json('{"realName":"a\u0000b"}')));
    refusedInZh(await ts.post('/api/blade-user/update-info', { token, json: { realName: 'a\u0000b' } }));
    refusedInZh(await ts.post('/api/blade-user/update-info', { token, json: { 'real\u0000Name': 'x' } }));
    refusedInZh(await ts.post('/api/blade-user/update-info', { token, json: { realName: 'x', deep: [{ deeper: ['\u0000'] }] } }));
    refusedInZh(await ts.call('POST', '/api/blade-user/update-info', json('{"realName":"\\\\\\u0000"}'))); // \\ then \u0000
    const literal = await ts.call('POST', '/api/blade-user/update-info', json('{"realName":"a\\\\u0000b"}')); // the six characters \u0000
    expect(literal.status).toBe(200);
    expect((await ts.get('/api/blade-user/info', { token })).body.data.realName).toBe('a\\u0000b');
  });

  test('in a urlencoded or multipart form field (name, value, file name), but not in a file’s bytes', async () => {
    refusedInZh(await ts.post('/api/blade-user/update-info', { token, body: new URLSearchParams({ realName: 'a\u0000b' }) }));
    refusedInZh(await ts.call('POST', '/api/blade-user/update-info', { token, headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: 'realName=a%00b' }));
    const percent = await ts.call('POST', '/api/blade-log/client-error/submit', { token, headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: 'message=100%2500' });
    expect(percent.status).not.toBe(500);
    expect(percent.body?.msg).not.toBe('参数包含非法字符');
    const form = (name: string, value: string | File) => {
      const body = new FormData();
      body.append(name, value);
      return ts.post('/api/blade-resource/oss/endpoint/put-file', { token, body });
    };
    const png = new Uint8Array(encodePng(2, 2, new Uint8Array(12)));
    expect(png.includes(0)).toBe(true);
    refusedInZh(await form('note', 'a\u0000b'));
    refusedInZh(await form('no\u0000te', 'x'));
    refusedInZh(await form('file', new File([png], 'a\u0000.png')));
    const upload = await form('file', new File([png], 'avatar.png'));
    expect([upload.status, upload.body.success]).toEqual([200, true]);
  });

  test('nothing is logged: a NUL is the caller’s mistake', () => {
    expect(ts.logged).toEqual([]);
  });
});
