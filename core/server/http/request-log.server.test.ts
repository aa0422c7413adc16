import { afterAll, beforeAll, describe, expect, test } from '@rstest/core';
import type { RequestLogEntry } from '../context';
import { createTestServer, type TestServer } from '../test-server';

let ts: TestServer;
let token: string;
const entries: RequestLogEntry[] = [];
beforeAll(async () => {
  ts = await createTestServer();
  ts.app.post('/api/test/boom', () => {
    throw new Error('broken on purpose');
  });
  token = (await ts.signIn('demo', 'demo')).access_token;
  // The tests' logger keeps no request log; this one does, from here on.
  ts.ctx.log.request = (entry) => entries.push(entry);
});
afterAll(() => ts.close());

const lineOf = (id: string | null) => entries.filter((e) => e.requestId === id);

describe('request ids and the request log', () => {
  test('a failed request leaves one line with its id, and the same id is in the header and the error body', async () => {
    const failures = [
      { res: await ts.get('/api/blade-nothing/here', { token }), status: 404, route: null },
      { res: await ts.get('/api/blade-user/info'), status: 401, route: '/api/blade-user/info' },
      { res: await ts.get('/api/blade-system/tenant/info', { query: { domain: 'x'.repeat(300) } }), status: 400, route: '/api/blade-system/tenant/info' },
      { res: await ts.post('/api/test/boom', { token }), status: 500, route: '/api/test/boom' },
    ];
    for (const { res, status, route } of failures) {
      const id = res.headers.get('x-request-id');
      expect(id).toMatch(/^[0-9a-f-]{36}$/);
      expect([res.status, res.body.requestId]).toEqual([status, id]);
      expect(lineOf(id)).toEqual([expect.objectContaining({ requestId: id, status, route, method: res.status === 500 ? 'POST' : 'GET' })]);
    }
    // The error logged for the 500 names the same request.
    const boomId = failures[3]!.res.headers.get('x-request-id')!;
    expect(ts.logged).toEqual([expect.stringContaining(`POST /api/test/boom (${boomId})`)]);
    ts.logged.length = 0;
  });

  test('a line holds time, route pattern, path without its query, status, duration, tenant, user; success bodies are left as they are', async () => {
    const res = await ts.get('/api/blade-user/info', { token, query: { secret: 'not-in-the-log' } });
    expect(res.status).toBe(200);
    expect(res.body).not.toHaveProperty('requestId');
    const [line] = lineOf(res.headers.get('x-request-id'));
    expect(line).toEqual({
      time: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/),
      requestId: res.headers.get('x-request-id'),
      method: 'GET',
      route: '/api/blade-user/info',
      path: '/api/blade-user/info',
      status: 200,
      ms: expect.any(Number),
      tenant: '000000',
      user: res.body.data.id,
      ip: '',
    });
    expect(JSON.stringify(line)).not.toContain('not-in-the-log');
    const file = await ts.get('/api/blade-resource/oss/endpoint/file/0123456789abcdef0123456789abcdef.png');
    expect(lineOf(file.headers.get('x-request-id'))[0]).toMatchObject({ route: '/api/blade-resource/oss/endpoint/file/:name', status: 404, tenant: null, user: null });
  });

  test("the client's X-Request-Id is kept when it is a sane token, replaced otherwise", async () => {
    const kept = await ts.get('/api/blade-nothing', { token, headers: { 'X-Request-Id': 'lb-7f3a.2024:01' } });
    expect([kept.headers.get('x-request-id'), kept.body.requestId]).toEqual(['lb-7f3a.2024:01', 'lb-7f3a.2024:01']);
    for (const insane of ['has space', 'x'.repeat(129), '"quoted"', '<script>']) {
      const res = await ts.get('/api/blade-nothing', { token, headers: { 'X-Request-Id': insane } });
      expect(res.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);
    }
  });

  test('the token endpoint’s OAuth error answers carry the id too', async () => {
    const res = await ts.token({ tenantId: '000000', username: 'nobody-here', password: 'x'.repeat(32), grant_type: 'password' });
    expect(res.status).toBe(400);
    expect((res.body as { requestId?: string }).requestId).toBe(res.headers.get('x-request-id'));
    expect(res.body.error_description).toBeTruthy();
  });
});
