import { createTestServer, type TestServer } from '../../core/sdk/server-testing';
import logServer from './server';

/**
 * The three logs as administrators read them (`/api/blade-log/{usual,api,error}/list` and `detail`):
 * the demo rows newest first, the filters of the screens, details with what lists leave out, read only,
 * administrators only, each tenant its own (the super administrator another's by naming it), and the
 * error log's test error answering the usual 500.
 */
let ts: TestServer;
let admin: string;
let otherAdmin: string;
let demo: string;
/** The demo rows only: the server may log this file's own calls as it makes them. */
let seeded: { createTime_datelt: string };
type LogRow = Record<string, string | number>;

const pad = (n: number) => String(n).padStart(2, '0');
const wallClock = (d: Date) => `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())} ${pad(d.getHours())}:${pad(d.getMinutes())}:${pad(d.getSeconds())}`;

beforeAll(async () => {
  ts = await createTestServer({ plugins: [logServer] });
  seeded = { createTime_datelt: wallClock(ts.ctx.now()) };
  admin = (await ts.signIn('admin', 'admin')).access_token;
  otherAdmin = (await ts.signIn('admin', 'admin', '100001')).access_token;
  demo = (await ts.signIn('demo', 'demo')).access_token;
});
afterAll(() => ts.close());

const BASES = ['/api/blade-log/usual', '/api/blade-log/api', '/api/blade-log/error'] as const;
const list = async (base: string, query: Record<string, string | number> = {}, token = admin) => {
  const res = await ts.get(`${base}/list`, { token, query: { ...seeded, ...query } });
  expect(res.status).toBe(200);
  return res.body.data.records as LogRow[];
};
const newestFirst = (rows: LogRow[]) => expect(rows.map((r) => r.createTime)).toEqual(rows.map((r) => r.createTime).sort().reverse());

describe('lists', () => {
  it('answer the demo rows of the caller’s tenant newest first, with BladeX’s field names and nothing only a detail needs', async () => {
    const api = await list('/api/blade-log/api', { size: 100 });
    expect(api.length).toBeGreaterThan(30);
    newestFirst(api);
    expect(api[0]).toMatchObject({ tenantId: '000000', method: expect.any(String), requestUri: expect.stringMatching(/^\/api\//), route: expect.any(String), status: expect.any(Number), time: expect.stringMatching(/^\d+$/), createBy: expect.any(String), requestId: expect.any(String) });
    const errors = await list('/api/blade-log/error', { size: 100 });
    expect(errors.map((e) => e.serviceId).sort()).toEqual(expect.arrayContaining(['blade-api', 'browser']));
    const usual = await list('/api/blade-log/usual', { size: 100 });
    expect(usual.map((u) => u.logId)).toEqual(expect.arrayContaining(['password.reset', 'role.grant', 'plugin.switched']));
    newestFirst(usual);
    for (const base of BASES) {
      const res = await ts.get(`${base}/list`, { token: admin, query: { size: 100 } });
      const text = JSON.stringify(res.body);
      // No stack, no parameters, no user agent in a list: the detail has them.
      expect(text).not.toMatch(/stackTrace|"params"|userAgent|\n\s+at /);
    }
  });

  it('filter by request id, address, method, status class, account, event, level, exception, origin and time', async () => {
    const api = await list('/api/blade-log/api', { size: 100 });
    const failing = api.find((r) => r.status === 500)!;
    expect(failing).toBeDefined();
    expect(await list('/api/blade-log/api', { requestId_equal: failing.requestId })).toEqual([expect.objectContaining({ id: failing.id })]);
    const [server] = await list('/api/blade-log/error', { requestId_equal: failing.requestId });
    expect(server).toMatchObject({ serviceId: 'blade-api', exceptionName: 'TypeError', requestUri: failing.requestUri });

    const orders = await list('/api/blade-log/api', { requestUri: 'MALL/ORDER', size: 100 });
    expect(orders.length).toBeGreaterThan(0);
    for (const r of orders) expect(String(r.requestUri)).toContain('/mall/order');
    for (const r of await list('/api/blade-log/api', { method_equal: 'POST', size: 100 })) expect(r.method).toBe('POST');
    const refused = await list('/api/blade-log/api', { status_ge: 400, size: 100 });
    expect(new Set(refused.map((r) => r.status))).toEqual(new Set([400, 401, 403, 500]));
    expect((await list('/api/blade-log/api', { status_ge: 500, status_lt: 600, size: 100 })).map((r) => r.status)).toEqual([500]);
    for (const r of await list('/api/blade-log/api', { createBy: 'dem', size: 100 })) expect(r.createBy).toBe('demo');

    expect((await list('/api/blade-log/usual', { logId: 'password' })).map((r) => r.logId)).toEqual(['password.reset', 'password.changed']);
    expect((await list('/api/blade-log/usual', { logLevel_equal: 'warn' })).map((r) => r.logId)).toEqual(['plugin.switched']);
    expect((await list('/api/blade-log/error', { exceptionName: 'typeerr' })).length).toBe(2);
    expect((await list('/api/blade-log/error', { serviceId_equal: 'browser' })).map((r) => r.requestUri)).toEqual(['/mall/product']);
    expect((await list('/api/blade-log/error', { serviceId_notequal: 'browser' })).map((r) => r.serviceId)).toEqual(['blade-api']);

    // The time range: rows of one side of a row's time.
    const pivot = String(api[10]!.createTime);
    const before = await list('/api/blade-log/api', { createTime_datelt: pivot, size: 100 });
    const after = await list('/api/blade-log/api', { createTime_dategt: pivot, size: 100 });
    expect(before.length).toBe(api.length - 11);
    expect(before.every((r) => String(r.createTime) < pivot)).toBe(true);
    expect(after.every((r) => String(r.createTime) > pivot)).toBe(true);
    expect(after.length).toBe(10);
  });

  it('refuse what is no filter of theirs, and malformed values, with a 400 in the caller’s language', async () => {
    const cases: [string, Record<string, string>, string, string][] = [
      ['/api/blade-log/api', { status_ge: 'abc' }, '查询条件格式错误: status_ge', 'Malformed query condition: status_ge'],
      ['/api/blade-log/api', { params: 'password' }, '不支持的查询条件: params', 'Unsupported query condition: params'],
      ['/api/blade-log/error', { stackTrace: 'at' }, '不支持的查询条件: stackTrace', 'Unsupported query condition: stackTrace'],
      ['/api/blade-log/usual', { createTime_datege: 'yesterday' }, '查询条件格式错误: createTime_datege', 'Malformed query condition: createTime_datege'],
      ['/api/blade-log/usual', { descs: 'log_data' }, '不支持的排序字段: log_data', 'Unsupported sort field: log_data'],
    ];
    for (const [base, query, zh, en] of cases) {
      const inChinese = await ts.get(`${base}/list`, { token: admin, query });
      expect([inChinese.status, inChinese.body.msg]).toEqual([400, zh]);
      const inEnglish = await ts.get(`${base}/list`, { token: admin, query, headers: { 'Accept-Language': 'en' } });
      expect([inEnglish.status, inEnglish.body.msg]).toEqual([400, en]);
    }
    const badId = await ts.get('/api/blade-log/api/detail', { token: admin, query: { id: 'abc' }, headers: { 'Accept-Language': 'en' } });
    expect(badId.status).toBe(400);
    expect(badId.body.msg).toMatch(/id/);
  });
});

describe('details', () => {
  it('give the whole row: the API call’s parameters, the error’s stack', async () => {
    const [withBody] = (await list('/api/blade-log/api', { requestUri: '/api/blade-system/role/grant' })) as LogRow[];
    const api = (await ts.get('/api/blade-log/api/detail', { token: admin, query: { id: withBody!.id } })).body.data;
    expect(JSON.parse(String(api.params))).toEqual({ roleIds: ['1123598816738675202'], menuIds: ['1', '2', '3'] });
    expect(api.userAgent).toMatch(/^Mozilla/);

    const [server] = await list('/api/blade-log/error', { serviceId_equal: 'blade-api' });
    const error = (await ts.get('/api/blade-log/error/detail', { token: admin, query: { id: server!.id } })).body.data;
    expect(error).toMatchObject({ exceptionName: 'TypeError', fileName: expect.stringContaining('server-summary.ts'), lineNumber: 48 });
    expect(String(error.stackTrace)).toMatch(/^TypeError: .*\n\s+at dayFigures/);

    const [event] = await list('/api/blade-log/usual', { logId: 'role.grant' });
    const usual = (await ts.get('/api/blade-log/usual/detail', { token: admin, query: { id: event!.id } })).body.data;
    expect(JSON.parse(String(usual.logData))).toEqual({ roleId: '1123598816738675202', menus: 42 });
  });
});

describe('who reads them', () => {
  it('administrators only: the demo user is refused every list, detail and the test error', async () => {
    const [row] = await list('/api/blade-log/api');
    for (const base of BASES) {
      for (const [path, query] of [[`${base}/list`, {}], [`${base}/detail`, { id: String(row!.id) }]] as const) {
        const res = await ts.get(path, { token: demo, query });
        expect([res.status, res.body.msg]).toEqual([403, '没有权限执行此操作']);
      }
    }
    const test = await ts.post('/api/blade-log/error/test', { token: demo });
    expect(test.status).toBe(403);
  });

  it('each tenant its own: another tenant’s row is not found, its tenant asked for is ignored; the super administrator reads another tenant by naming it', async () => {
    const mine = await list('/api/blade-log/api', { size: 100 });
    const theirs = await list('/api/blade-log/api', { size: 100 }, otherAdmin);
    expect(theirs.length).toBeGreaterThan(20);
    expect(new Set(theirs.map((r) => r.tenantId))).toEqual(new Set(['100001']));
    const detail = await ts.get('/api/blade-log/api/detail', { token: otherAdmin, query: { id: String(mine[0]!.id) } });
    expect(detail.body.data).toBeNull();
    const asked = await list('/api/blade-log/api', { tenantId: '000000', size: 100 }, otherAdmin);
    expect(new Set(asked.map((r) => r.tenantId))).toEqual(new Set(['100001']));
    const named = await list('/api/blade-log/error', { tenantId: '100001' });
    expect(named.map((r) => r.exceptionName).sort()).toEqual(['ChunkLoadError', 'Error']);
    const theirDetail = await ts.get('/api/blade-log/error/detail', { token: admin, query: { id: String(named[0]!.id), tenantId: '100001' } });
    expect(theirDetail.body.data).toMatchObject({ tenantId: '100001', stackTrace: expect.any(String) });
  });

  it('read only: no save or removal is served', async () => {
    const [row] = await list('/api/blade-log/error');
    for (const base of BASES) {
      expect((await ts.post(`${base}/submit`, { token: admin, json: { id: row!.id, message: 'x' } })).status).toBe(404);
      expect((await ts.post(`${base}/remove`, { token: admin, query: { ids: String(row!.id) } })).status).toBe(404);
    }
  });
});

describe('POST /api/blade-log/error/test', () => {
  it('raises a real server failure: the usual 500 body with its request id and no stack, the failure logged with its stack', async () => {
    const res = await ts.post('/api/blade-log/error/test', { token: admin, headers: { 'Accept-Language': 'en' } });
    expect(res.status).toBe(500);
    expect(res.body).toEqual({ code: 500, success: false, data: null, msg: expect.any(String), requestId: expect.any(String) });
    expect(res.headers.get('x-request-id')).toBe(res.body.requestId);
    expect(JSON.stringify(res.body)).not.toMatch(/LogCheckError|server-test-error|\bat /);
    expect(ts.logged.some((line) => line.includes('/api/blade-log/error/test') && line.includes('Test error raised on purpose by admin'))).toBe(true);
    ts.logged.length = 0;

    // Written off the request path: once flushed, the error with its stack and the call with its 500, under the request id.
    await ts.ctx.logs.flush();
    const requestId = String(res.body.requestId);
    const [error] = await ts.get('/api/blade-log/error/list', { token: admin, query: { requestId_equal: requestId } }).then((r) => r.body.data.records as LogRow[]);
    expect(error).toMatchObject({ exceptionName: 'LogCheckError', requestUri: '/api/blade-log/error/test', createBy: 'admin', serviceId: 'blade-api' });
    const detail = (await ts.get('/api/blade-log/error/detail', { token: admin, query: { id: String(error!.id) } })).body.data;
    expect(String(detail.stackTrace)).toMatch(/^LogCheckError: Test error raised on purpose by admin[\s\S]*\n\s+at raiseTestError/);
    const [call] = await ts.get('/api/blade-log/api/list', { token: admin, query: { requestId_equal: requestId } }).then((r) => r.body.data.records as LogRow[]);
    expect(call).toMatchObject({ method: 'POST', status: 500, route: '/api/blade-log/error/test', createBy: 'admin' });
  });
});
