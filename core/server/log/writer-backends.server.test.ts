import { afterAll, beforeAll, describe, expect, test } from '@rstest/core';
import { serverBackends } from '../../testing/server-backends';
import type { TestServer } from '../test-server';
import { createLogWriter } from './writer';

/**
 * The writer's batch insert (each column sent as one array and unnested) as each database takes it: the
 * same rows arrive on PGlite and on PostgreSQL, text, numbers, nulls and times alike, and nothing is
 * reported as failed.
 */
describe.each(serverBackends())('the log writer on $name', (backend) => {
  let ts: TestServer;
  beforeAll(async () => {
    ts = await backend.start();
  });
  afterAll(() => ts.close());

  test('API, error and usual entries of two tenants stored whole in one flush', async () => {
    const errors: string[] = [];
    const logs = createLogWriter({ db: ts.ctx.db, ids: ts.ctx.ids, now: ts.ctx.now, log: { info: () => undefined, error: (m) => errors.push(m) } });
    const time = new Date('2026-11-20T08:00:00Z');
    for (const tenantId of ['000000', '100001']) {
      logs.api({ tenantId, userId: null, account: '', requestId: `req-${tenantId}`, method: 'GET', requestUri: '/api/x?a=1', route: '/x', status: 200, ms: 2, time, params: '' });
      logs.api({ tenantId, userId: '1123598821738675201', account: 'admin', requestId: `req2-${tenantId}`, method: 'POST', requestUri: '/api/y', route: null, status: 500, ms: 12, time, params: '{"password":"******"}' });
      logs.error({ tenantId, requestId: `req2-${tenantId}`, exceptionName: 'TypeError', message: 'boom', stackTrace: 'TypeError: boom\n    at f (/app/x.ts:1:1)', fileName: 'x.ts', lineNumber: 1, time });
      logs.usual({ tenantId, event: 'role.grant', data: { roleId: '1', menus: 3 }, requestId: `req3-${tenantId}` });
    }
    await logs.close();
    expect(errors).toEqual([]);
    const rows = await ts.ctx.db.system((tx) =>
      tx.query<{ tenant_id: string; status: number; time: string; user_id: string | null; route: string | null; create_time: Date }>(
        `select tenant_id, status, time, user_id::text as user_id, route, create_time from blade_log_api where request_id like 'req%' order by tenant_id, status`,
      ),
    );
    expect(rows.map((r) => [r.tenant_id, r.status, r.time, r.user_id, r.route])).toEqual([
      ['000000', 200, '2', null, '/x'],
      ['000000', 500, '12', '1123598821738675201', null],
      ['100001', 200, '2', null, '/x'],
      ['100001', 500, '12', '1123598821738675201', null],
    ]);
    expect(rows.every((r) => r.create_time.getTime() === time.getTime())).toBe(true);
    const failures = await ts.ctx.db.system((tx) => tx.query<{ tenant_id: string; line_number: number }>(`select tenant_id, line_number from blade_log_error where request_id like 'req2-%' order by 1`));
    expect(failures).toEqual([{ tenant_id: '000000', line_number: 1 }, { tenant_id: '100001', line_number: 1 }]);
    const events = await ts.ctx.db.system((tx) => tx.query<{ tenant_id: string; log_id: string }>(`select tenant_id, log_id from blade_log_usual where request_id like 'req3-%' order by 1`));
    expect(events).toEqual([{ tenant_id: '000000', log_id: 'role.grant' }, { tenant_id: '100001', log_id: 'role.grant' }]);
  });
});
