import { afterAll, beforeAll, describe, expect, test } from '@rstest/core';
import { md5 } from '../auth/password';
import { rData, rSuccess } from '../http/r';
import { readJson } from '../http/validate';
import { defineServerPlugin } from '../plugin';
import { CLIENT_BASIC, createTestServer, type TestServer } from '../test-server';
import { logEvent } from './event';

/**
 * The API log and the error log as a request leaves them: one row per call with its caller, route,
 * status, duration and masked input; one error row with the stack for an unexpected failure, whose
 * answer holds no stack; business events from inside a route.
 */
/** Parameter values per tenant, as a parameter plugin would keep them. */
const parameters = new Map<string, Map<string, string>>();

const probe = defineServerPlugin({
  manifest: { id: 'logprobe', name: { zh: '日志探针', en: 'Log probe' } },
  provides: { parameters: async (_tx, tenantId) => parameters.get(tenantId) ?? new Map() },
  routes(api, ctx) {
    api.post('/logprobe/echo', async (c) => c.json(rData(await readJson(c))));
    api.post('/logprobe/boom', () => {
      throw new TypeError('broken on purpose');
    });
    api.post('/logprobe/event', (c) => {
      logEvent(c, ctx, { event: 'probe.done', data: { orderId: '42', secretKey: 'never-stored' } });
      return c.json(rSuccess({ zh: '好', en: 'ok' }));
    });
  },
});

let ts: TestServer;
let token: string;
let userId: string;
beforeAll(async () => {
  ts = await createTestServer({ plugins: [probe] });
  const session = await ts.signIn('admin', 'admin');
  token = session.access_token;
  userId = session.user_id;
});
afterAll(() => ts.close());

interface ApiRow {
  tenant_id: string;
  user_id: string | null;
  create_by: string | null;
  method: string;
  request_uri: string;
  route: string | null;
  status: number;
  time: string;
  params: string | null;
  user_agent: string | null;
  request_id: string;
}

async function apiRows(where: string, params: unknown[] = []): Promise<ApiRow[]> {
  await ts.ctx.logs.flush();
  return ts.ctx.db.system((tx) => tx.query<ApiRow>(`select tenant_id, user_id, create_by, method, request_uri, route, status, time, params, user_agent, request_id from blade_log_api where ${where} order by id`, params));
}
const rowOf = async (requestId: string | null) => (await apiRows('request_id = $1', [requestId]))[0];

describe('the API log', () => {
  test('a sign-in lands with its route, status and duration; the password in its query is masked, never stored', async () => {
    const password = md5('admin');
    const res = await ts.token({ tenantId: '000000', username: 'admin', password, grant_type: 'password' }, { 'User-Agent': 'log-test' });
    expect(res.status).toBe(200);
    const row = await rowOf(res.headers.get('x-request-id'));
    expect(row).toMatchObject({ tenant_id: '000000', method: 'POST', route: '/api/blade-auth/oauth/token', status: 200, user_agent: 'log-test' });
    expect(row!.request_uri).toMatch(/^\/api\/blade-auth\/oauth\/token\?.*password=\*{6}/);
    expect(row!.request_uri).toContain('username=admin');
    expect(Number(row!.time)).toBeGreaterThanOrEqual(0);
    const everywhere = await ts.ctx.db.system((tx) => tx.query(`select id from blade_log_api where request_uri like $1 or params like $1`, [`%${password}%`]));
    expect(everywhere).toEqual([]);
  });

  test('a form body and a JSON body are kept with every secret-looking key masked at any depth, and cut', async () => {
    const form = new URLSearchParams({ tenantId: '000000', username: 'admin', password: md5('admin'), grant_type: 'password', scope: 'all' });
    const signIn = await ts.post('/api/blade-auth/oauth/token', { body: form, headers: { Authorization: CLIENT_BASIC, 'Content-Type': 'application/x-www-form-urlencoded' } });
    expect(signIn.status).toBe(200);
    expect(JSON.parse((await rowOf(signIn.headers.get('x-request-id')))!.params!)).toEqual({ tenantId: '000000', username: 'admin', password: '******', grant_type: 'password', scope: 'all' });

    const json = {
      account: 'zhang',
      oldPassword: 'old-secret-1',
      newPassword1: 'new-secret-1',
      pay: { apiV3Key: 'k-123', Private_Key: 'pk', refresh_token: 'rt', idCard: '110101199003070000', amount: 100 },
      list: [{ accessKey: 'ak', name: 'n' }],
      note: 'x'.repeat(10_000),
    };
    const res = await ts.post('/api/logprobe/echo', { token, json });
    expect(res.status).toBe(200);
    const row = (await rowOf(res.headers.get('x-request-id')))!;
    expect(row).toMatchObject({ tenant_id: '000000', user_id: userId, create_by: 'admin', route: '/api/logprobe/echo', status: 200 });
    for (const secret of ['old-secret-1', 'new-secret-1', 'k-123', '"pk"', '"rt"', '110101199003070000', '"ak"']) expect(row.params).not.toContain(secret);
    expect(row.params).toMatch(/^\{"account":"zhang","oldPassword":"\*{6}","newPassword1":"\*{6}","pay":\{"apiV3Key":"\*{6}","Private_Key":"\*{6}","refresh_token":"\*{6}","idCard":"\*{6}","amount":100\},"list":\[\{"accessKey":"\*{6}","name":"n"\}\],"note":"x+…$/);
    expect(row.params!.length).toBe(4000);
  });

  test('an anonymous call is filed under the tenant it names when that tenant exists, else 000000', async () => {
    const demo = await ts.get('/api/blade-system/tenant/info', { query: { domain: 'x' }, headers: { 'Tenant-Id': '100001' } });
    const invented = await ts.get('/api/blade-system/tenant/info', { query: { domain: 'x' }, headers: { 'Tenant-Id': '987654' } });
    const insane = await ts.get('/api/blade-system/tenant/info', { query: { domain: 'x' }, headers: { 'Tenant-Id': "1' or 1=1" } });
    expect((await rowOf(demo.headers.get('x-request-id')))).toMatchObject({ tenant_id: '100001', user_id: null, create_by: null });
    expect((await rowOf(invented.headers.get('x-request-id')))).toMatchObject({ tenant_id: '000000' });
    expect((await rowOf(insane.headers.get('x-request-id')))).toMatchObject({ tenant_id: '000000' });
  });

  test('failures are logged with their status; probes, file reads and the log screens’ own reads are not', async () => {
    const refused = await ts.get('/api/blade-user/info');
    const unknown = await ts.get('/api/blade-nothing/here', { token });
    expect(await rowOf(refused.headers.get('x-request-id'))).toMatchObject({ status: 401, route: '/api/blade-user/info', user_id: null });
    expect(await rowOf(unknown.headers.get('x-request-id'))).toMatchObject({ status: 404, route: null, user_id: userId });
    const skipped = [
      await ts.get('/api/health'),
      await ts.get('/api/ready'),
      await ts.get('/api/blade-resource/oss/endpoint/file/0123456789abcdef0123456789abcdef.png'),
      await ts.get('/api/blade-log/api/list', { token }),
    ];
    for (const res of skipped) expect(await rowOf(res.headers.get('x-request-id'))).toBeUndefined();
  });

  test('the parameter log.api.enabled turns a tenant’s API log off (read when a batch is written)', async () => {
    const before = await apiRows(`tenant_id = '100001'`);
    parameters.set('100001', new Map([['log.api.enabled', 'false']]));
    try {
      ts.advance(10_001); // past the writer's memory of the switch
      await ts.get('/api/blade-system/tenant/info', { query: { domain: 'x' }, headers: { 'Tenant-Id': '100001' } });
      expect(await apiRows(`tenant_id = '100001'`)).toEqual(before);
      const other = await ts.get('/api/blade-system/tenant/info', { query: { domain: 'x' } });
      expect(await rowOf(other.headers.get('x-request-id'))).toMatchObject({ tenant_id: '000000' });
    } finally {
      parameters.delete('100001');
    }
    ts.advance(10_001);
    const again = await ts.get('/api/blade-system/tenant/info', { query: { domain: 'x' }, headers: { 'Tenant-Id': '100001' } });
    expect(await rowOf(again.headers.get('x-request-id'))).toMatchObject({ tenant_id: '100001' });
  });
});

describe('the error log', () => {
  test('an unexpected exception lands with its stack, first frame and request id; the answer holds none of it', async () => {
    const res = await ts.post('/api/logprobe/boom', { token, json: { password: 'p-123', orderId: 7 }, headers: { 'User-Agent': 'log-test' } });
    const requestId = res.headers.get('x-request-id');
    expect(res.status).toBe(500);
    expect(res.body).toEqual({ code: 500, success: false, data: null, msg: '服务器异常', requestId });
    const answer = JSON.stringify(res.body);
    for (const leak of ['broken on purpose', 'TypeError', 'request-logs.server.test', ' at ']) expect(answer).not.toContain(leak);

    await ts.ctx.logs.flush();
    const rows = await ts.ctx.db.system((tx) =>
      tx.query<Record<string, unknown>>(`select tenant_id, user_id, create_by, exception_name, message, stack_trace, file_name, line_number, method, request_uri, method_name, params, user_agent, request_id, service_id from blade_log_error where request_id = $1`, [requestId]),
    );
    expect(rows).toEqual([
      {
        tenant_id: '000000',
        user_id: userId,
        create_by: 'admin',
        exception_name: 'TypeError',
        message: 'broken on purpose',
        stack_trace: expect.stringMatching(/^TypeError: broken on purpose\n\s+at /),
        file_name: 'core/server/log/request-logs.server.test.ts',
        line_number: expect.any(Number),
        method: 'POST',
        request_uri: '/api/logprobe/boom',
        method_name: '/api/logprobe/boom',
        params: '{"password":"******","orderId":7}',
        user_agent: 'log-test',
        request_id: requestId,
        service_id: 'blade-api',
      },
    ]);
    // The same call is in the API log too, with the same id.
    expect(await rowOf(requestId)).toMatchObject({ status: 500 });
    expect(ts.logged).toEqual([expect.stringContaining(`POST /api/logprobe/boom (${requestId}) broken on purpose`)]);
    ts.logged.length = 0;
  });

  test('a refusal (4xx) is no error: nothing lands in the error log', async () => {
    const res = await ts.post('/api/logprobe/echo', { token, body: '{broken', headers: { 'Content-Type': 'application/json' } });
    expect(res.status).toBe(400);
    await ts.ctx.logs.flush();
    expect(await ts.ctx.db.system((tx) => tx.query(`select id from blade_log_error where request_id = $1`, [res.headers.get('x-request-id')]))).toEqual([]);
  });

  test("the browser's uploaded errors keep the request id they name", async () => {
    const res = await ts.post('/api/blade-log/client-error/submit', { token, json: [{ type: 'error', message: 'client boom', requestId: 'req-abc.1' }, { type: 'error', message: 'client boom 2' }] });
    expect(res.status).toBe(200);
    const rows = await ts.ctx.db.system((tx) => tx.query(`select message, request_id from blade_log_error where message like 'client boom%' order by message`));
    expect(rows).toEqual([
      { message: 'client boom', request_id: 'req-abc.1' },
      { message: 'client boom 2', request_id: null },
    ]);
  });
});

describe('the usual log', () => {
  test('logEvent records the event with the caller, address, user agent and request id; secrets in its data are masked', async () => {
    const res = await ts.post('/api/logprobe/event', { token, headers: { 'User-Agent': 'log-test' }, ip: '203.0.113.9' });
    expect(res.status).toBe(200);
    await ts.ctx.logs.flush();
    const rows = await ts.ctx.db.system((tx) =>
      tx.query(`select tenant_id, user_id, create_by, log_id, log_level, log_data, remote_ip, user_agent, method, request_uri, method_name from blade_log_usual where request_id = $1`, [res.headers.get('x-request-id')]),
    );
    expect(rows).toEqual([
      {
        tenant_id: '000000',
        user_id: userId,
        create_by: 'admin',
        log_id: 'probe.done',
        log_level: 'info',
        log_data: '{"orderId":"42","secretKey":"******"}',
        remote_ip: '203.0.113.9',
        user_agent: 'log-test',
        method: 'POST',
        request_uri: '/api/logprobe/event',
        method_name: '/api/logprobe/event',
      },
    ]);
  });
});
