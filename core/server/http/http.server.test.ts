import { afterAll, beforeAll, describe, expect, test } from '@rstest/core';
import { createTestServer, type TestServer } from '../test-server';
import { rData, rFail, rStatus, rSuccess } from './r';
import { formatDateTime } from './format';
import { page } from './page';
import { runWithLanguage } from '../i18n';

let ts: TestServer;
let token: string;
beforeAll(async () => {
  ts = await createTestServer();
  // A route that fails the way a bug would, to see what the caller gets (added before the first request).
  ts.app.post('/api/test/boom', () => {
    throw new Error('secret detail at /srv/app.ts:12');
  });
  token = (await ts.signIn('demo', 'demo')).access_token;
});
afterAll(() => ts.close());

describe('the R envelope', () => {
  test('factories follow BladeX', () => {
    expect(rData({ a: 1 })).toEqual({ code: 200, success: true, data: { a: 1 }, msg: '操作成功' });
    expect(rData(null)).toEqual({ code: 200, success: true, data: null, msg: '暂无承载数据' });
    expect(rSuccess({ zh: '好', en: 'good' })).toEqual({ code: 200, success: true, data: null, msg: '好' });
    expect(rFail({ zh: '坏', en: 'bad' })).toEqual({ code: 400, success: false, data: null, msg: '坏' });
    runWithLanguage('en', () => {
      expect(rData({ a: 1 }).msg).toBe('Success');
      expect(rData(null).msg).toBe('No data');
      expect(rStatus(false).msg).toBe('The operation failed');
      expect(rFail({ zh: '坏', en: 'bad' }).msg).toBe('bad');
    });
    expect(rStatus(false)).toEqual({ code: 400, success: false, data: null, msg: '操作失败' });
    expect(Object.keys(rData(1))).toEqual(['code', 'success', 'data', 'msg']);
  });

  test('dates and pages', () => {
    expect(formatDateTime(new Date(2024, 0, 2, 3, 4, 5))).toBe('2024-01-02 03:04:05');
    expect(formatDateTime(null)).toBe('');
    expect(page([1, 2], 11, 2, 10)).toEqual({ records: [1, 2], total: 11, size: 10, current: 2, pages: 2 });
  });
});

describe('errors', () => {
  test('an unknown API route: 404 没找到请求 (signed in), 401 without a token', async () => {
    const res = await ts.get('/api/blade-nothing/here', { token });
    expect(res.status).toBe(404);
    expect(res.body).toEqual({ code: 404, success: false, data: null, msg: '404 没找到请求', requestId: res.headers.get('x-request-id') });
    expect((await ts.post('/api/blade-nothing/here', { token })).status).toBe(404);
    expect((await ts.get('/api/blade-nothing/here')).status).toBe(401);
  });

  test('a failure inside a handler: 500 服务器异常, logged on the server, no detail to the caller', async () => {
    const res = await ts.post('/api/test/boom', { token });
    expect(res.status).toBe(500);
    expect(res.body).toEqual({ code: 500, success: false, data: null, msg: '服务器异常', requestId: res.headers.get('x-request-id') });
    expect(JSON.stringify(res.body)).not.toContain('secret');
    expect(ts.logged.some((line) => line.includes('secret detail'))).toBe(true);
  });

  test('API answers are not cached and not sniffed', async () => {
    const res = await ts.get('/api/blade-system/menu/routes', { token });
    expect(res.headers.get('cache-control')).toBe('no-store');
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
  });
});

describe('GET /blade-system/tenant/info (public)', () => {
  test('the tenant whose domain is the origin, else {}', async () => {
    await ts.addTenant('200001', '名片公司');
    await ts.ctx.db.system((tx) => tx.query(`update blade_tenant set domain_url = 'https://card.example.com/', background_url = '/bg.png' where tenant_id = '200001'`));
    const hit = await ts.get('/api/blade-system/tenant/info', { query: { domain: 'https://CARD.example.com' } });
    expect(hit.body).toEqual({
      code: 200,
      success: true,
      msg: '操作成功',
      data: { tenantId: '200001', tenantName: '名片公司', domain: 'https://card.example.com/', backgroundUrl: '/bg.png' },
    });
    expect((await ts.get('/api/blade-system/tenant/info', { query: { domain: 'http://elsewhere' } })).body.data).toEqual({});
    expect((await ts.get('/api/blade-system/tenant/info')).body.data).toEqual({});
    expect((await ts.get('/api/blade-system/tenant/info', { query: { domain: 'x'.repeat(300) } })).status).toBe(400);
  });
});
