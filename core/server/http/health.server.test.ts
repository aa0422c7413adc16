import { afterAll, beforeAll, describe, expect, test } from '@rstest/core';
import { createApp } from '../app';
import type { Db } from '../db/types';
import { createTestServer, type TestServer } from '../test-server';
import { expectedMigrations } from './health';

let ts: TestServer;
beforeAll(async () => {
  ts = await createTestServer();
});
afterAll(() => ts.close());

describe('/api/health and /api/ready', () => {
  test('health: 200 without a token (a broken one is not even read), under /api and at the root', async () => {
    for (const path of ['/api/health', '/health']) {
      const res = await ts.get(path, { headers: { 'Blade-Auth': 'bearer not-a-token' } });
      expect([path, res.status, res.body]).toEqual([path, 200, { code: 200, success: true, data: { status: 'UP' }, msg: '操作成功' }]);
      expect(res.headers.get('cache-control')).toBe('no-store');
    }
  });

  test('ready: 200 when the database answers and holds every migration', async () => {
    const expected = expectedMigrations(ts.ctx, []);
    expect(expected).toContain('kernel/001_schema');
    for (const path of ['/api/ready', '/ready']) {
      const res = await ts.get(path);
      expect([path, res.status, res.body.data]).toEqual([path, 200, { status: 'UP', database: 'UP', migrations: expected.length }]);
    }
  });

  test('ready: 503 when a migration is missing, and again 200 once it is there', async () => {
    const [row] = await ts.ctx.db.system((tx) => tx.query<{ id: string; checksum: string | null; applied_at: Date }>(`delete from schema_migrations where id = 'kernel/001_schema' returning *`));
    try {
      const res = await ts.get('/api/ready', { headers: { 'Accept-Language': 'en' } });
      expect([res.status, res.body.success, res.body.msg]).toEqual([503, false, 'Not ready: the database schema is not up to date']);
      expect((await ts.get('/api/health')).status).toBe(200);
    } finally {
      await ts.ctx.db.system((tx) => tx.query('insert into schema_migrations (id, checksum, applied_at) values ($1, $2, $3)', [row!.id, row!.checksum, row!.applied_at]));
    }
    expect((await ts.get('/api/ready')).status).toBe(200);
  });

  test('ready: 503 when the database fails; health still 200', async () => {
    const down: Db = {
      ...ts.ctx.db,
      system: () => Promise.reject(new Error('connection refused')),
    };
    const lines: string[] = [];
    const app = createApp({ ...ts.ctx, db: down, log: { info: (m) => lines.push(m), error: (m) => lines.push(`ERROR ${m}`) } }, [], null);
    const ready = await app.request('/api/ready');
    expect([ready.status, (await ready.json()).msg]).toEqual([503, '服务未就绪: 数据库不可用']);
    expect((await app.request('/api/health')).status).toBe(200);
    expect(lines).toEqual(['ready: the database did not answer (connection refused)']);
  });
});
