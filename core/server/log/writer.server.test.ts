import { afterAll, beforeAll, expect, test } from '@rstest/core';
import type { Db, Tx } from '../db/types';
import { createTestServer, type TestServer } from '../test-server';
import type { UsualLogEntry } from './entries';
import { createLogWriter, type LogWriterOptions } from './writer';

/**
 * The writer's promises: a call returns at once; entries are written in few multi-row inserts, nothing
 * lost; a full queue drops its oldest entries and says so; a failing database is reported once and never
 * reaches the caller; what is queued when the server stops is stored before the database closes.
 */
let ts: TestServer;
beforeAll(async () => {
  ts = await createTestServer();
});
afterAll(() => ts.close());

/** The server's database, counting the insert statements and transactions the writer sends. */
function countingDb(db: Db) {
  const counts = { inserts: 0, transactions: 0 };
  const wrap = (tx: Tx): Tx => ({
    query: (sql, params) => {
      if (/^\s*insert/i.test(sql)) counts.inserts++;
      return tx.query(sql, params);
    },
    one: (sql, params) => tx.one(sql, params),
    exec: (sql) => tx.exec(sql),
  });
  const counted: Db = {
    kind: db.kind,
    tenant: (tenantId, fn) => {
      counts.transactions++;
      return db.tenant(tenantId, (tx) => fn(wrap(tx)));
    },
    global: (fn) => db.global(fn),
    system: (fn) => db.system(fn),
    close: () => db.close(),
  };
  return { counted, counts };
}

const writer = (db: Db, options: Partial<LogWriterOptions> = {}, errors: string[] = []) =>
  createLogWriter({ db, ids: ts.ctx.ids, now: ts.ctx.now, log: { info: (m) => errors.push(`info: ${m}`), error: (m) => errors.push(m) }, ...options });

const event = (name: string, n: number, tenantId = '000000'): UsualLogEntry => ({ tenantId, event: name, data: { n } });
const stored = (name: string) => ts.ctx.db.system((tx) => tx.query<{ tenant_id: string; n: number }>(`select tenant_id, (log_data::json->>'n')::int as n from blade_log_usual where log_id = $1 order by 2`, [name]));

test('100 entries of two tenants: nothing written during the calls, then one insert per tenant; none lost', async () => {
  const { counted, counts } = countingDb(ts.ctx.db);
  const logs = writer(counted);
  for (let i = 0; i < 100; i++) logs.usual(event('batch.hundred', i, i % 2 === 0 ? '000000' : '100001'));
  expect(counts.inserts).toBe(0);
  await logs.flush();
  expect(counts).toEqual({ inserts: 2, transactions: 2 });
  const rows = await stored('batch.hundred');
  expect(rows.map((r) => r.n)).toEqual(Array.from({ length: 100 }, (_, i) => i));
  expect(rows.every((r) => r.tenant_id === (r.n % 2 === 0 ? '000000' : '100001'))).toBe(true);
});

test('a full batch is written at once, the rest by the timer; three kinds in one transaction', async () => {
  const { counted, counts } = countingDb(ts.ctx.db);
  const logs = writer(counted, { batchSize: 50, intervalMs: 100 });
  for (let i = 0; i < 120; i++) logs.usual(event('batch.timer', i));
  logs.api({ tenantId: '000000', method: 'GET', requestUri: '/api/x', status: 200, ms: 1, time: ts.ctx.now(), requestId: 'writer-test-api' });
  logs.error({ tenantId: '000000', exceptionName: 'Error', message: 'writer test', stackTrace: '', time: ts.ctx.now(), requestId: 'writer-test-error' });
  // No flush: the two full batches go at once, the last 22 entries after the interval.
  const deadline = Date.now() + 20_000;
  while ((await stored('batch.timer')).length < 120 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 50));
  expect((await stored('batch.timer')).length).toBe(120);
  expect(counts.transactions).toBe(3);
  expect(counts.inserts).toBe(5);
  const others = await ts.ctx.db.system((tx) => tx.query(`select 'api' as kind from blade_log_api where request_id = 'writer-test-api' union all select 'error' from blade_log_error where request_id = 'writer-test-error'`));
  expect(others).toEqual([{ kind: 'api' }, { kind: 'error' }]);
});

test('a flood beyond the cap drops the oldest entries, counts them and says so once', async () => {
  const errors: string[] = [];
  const logs = writer(ts.ctx.db, { queueMax: 10, batchSize: 1000, intervalMs: 60_000 }, errors);
  for (let i = 0; i < 25; i++) logs.usual(event('batch.flood', i));
  expect(logs.dropped).toBe(15);
  await logs.flush();
  expect((await stored('batch.flood')).map((r) => r.n)).toEqual([15, 16, 17, 18, 19, 20, 21, 22, 23, 24]);
  expect(errors).toEqual(['The log queue was full: 15 entries dropped (15 since the start)']);
});

test('a failing database is reported once, never thrown at the caller; a later success is noted', async () => {
  const errors: string[] = [];
  let down = true;
  const flaky: Db = { ...ts.ctx.db, kind: ts.ctx.db.kind, tenant: (tenantId, fn) => (down ? Promise.reject(new Error('connection refused')) : ts.ctx.db.tenant(tenantId, fn)), global: ts.ctx.db.global, system: ts.ctx.db.system, close: ts.ctx.db.close };
  const logs = writer(flaky, {}, errors);
  logs.usual(event('batch.flaky', 1));
  await logs.flush();
  logs.usual(event('batch.flaky', 2));
  await expect(logs.flush()).resolves.toBeUndefined();
  expect(errors).toEqual(['The log writer could not store 1 entries (given up; reported once until a write succeeds)']);
  down = false;
  logs.usual(event('batch.flaky', 3));
  await logs.flush();
  expect(errors[1]).toBe('info: The log writer stores entries again');
  expect((await stored('batch.flaky')).map((r) => r.n)).toEqual([3]);
});

test('close() stores what is queued; entries after it are ignored', async () => {
  const logs = writer(ts.ctx.db, { intervalMs: 60_000 });
  logs.usual(event('batch.close', 1));
  await logs.close();
  logs.usual(event('batch.close', 2));
  await logs.flush();
  expect((await stored('batch.close')).map((r) => r.n)).toEqual([1]);
});

test("the server's stop stores the queue before its database closes", async () => {
  const other = await createTestServer();
  const db = other.ctx.db as { close: () => Promise<void> };
  const close = db.close.bind(db);
  let atClose: unknown[] = [];
  db.close = async () => {
    atClose = await other.ctx.db.system((tx) => tx.query(`select log_id from blade_log_usual where log_id = 'batch.stop'`));
    return close();
  };
  other.ctx.logs.usual(event('batch.stop', 1));
  await other.close();
  expect(atClose).toEqual([{ log_id: 'batch.stop' }]);
});
