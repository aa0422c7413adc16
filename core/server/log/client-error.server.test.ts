import { afterAll, beforeAll, expect, test } from '@rstest/core';
import { createTestServer, type TestServer } from '../test-server';

let ts: TestServer;
let token: string;
let userId: string;
beforeAll(async () => {
  ts = await createTestServer();
  const s = await ts.signIn('demo', 'demo');
  token = s.access_token;
  userId = s.user_id;
});
afterAll(() => ts.close());

const submit = (json: unknown, t = token) => ts.post('/api/blade-log/client-error/submit', { token: t, json, headers: { 'User-Agent': 'rstest' } });
const entry = (n: number) => ({ type: 'error', message: `boom ${n}`, stack: 'Error: boom\n at x', info: 'render', url: '/wel/index', time: '2024-01-01 10:00:00' });

test('stores each entry with tenant, user and user agent', async () => {
  const res = await submit([entry(1), entry(2)]);
  expect(res.body).toMatchObject({ code: 200, success: true, msg: '发送成功!' });
  const rows = await ts.ctx.db.system((tx) =>
    tx.query(`select tenant_id, user_id, create_by, user_agent, exception_name, message, stack_trace, info, request_uri, time, service_id
                from blade_log_error where message like 'boom %' order by message`),
  );
  expect(rows).toEqual([1, 2].map((n) => ({
    tenant_id: '000000', user_id: userId, create_by: 'demo', user_agent: 'rstest', exception_name: 'error', message: `boom ${n}`,
    stack_trace: 'Error: boom\n at x', info: 'render', request_uri: '/wel/index', time: '2024-01-01 10:00:00', service_id: 'browser',
  })));
});

test('HTML and SQL are kept as text; over-long text is cut, not refused', async () => {
  const res = await submit([{ ...entry(3), message: `<script>alert(1)</script>'; drop table blade_log_error; --`, stack: 'x'.repeat(50_000) }]);
  expect(res.status).toBe(200);
  const row = await ts.ctx.db.system((tx) => tx.one<{ message: string; len: number }>(`select message, length(stack_trace) as len from blade_log_error where message like '<script>%'`));
  expect(row).toEqual({ message: `<script>alert(1)</script>'; drop table blade_log_error; --`, len: 20_000 });
});

test('refuses what is not a list of entries, an empty list, and more than 200', async () => {
  const cases: [unknown, string][] = [
    [{ type: 'error' }, '请求参数格式错误: body'],
    [[], 'body: 至少需要1项'],
    [Array.from({ length: 201 }, (_, i) => entry(i)), 'body: 最多200项'],
    [[{ ...entry(1), message: { nested: true } }], '请求参数格式错误: [0].message'],
  ];
  for (const [json, msg] of cases) {
    const res = await submit(json);
    expect(res.status).toBe(400);
    expect(res.body.msg).toBe(msg);
  }
  const broken = await ts.post('/api/blade-log/client-error/submit', { token, body: '[{', headers: { 'Content-Type': 'application/json' } });
  expect(broken.status).toBe(400);
  expect((await submit([entry(1)], '')).status).toBe(401);
});
