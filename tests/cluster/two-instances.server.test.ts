import pg from 'pg';
import { afterAll, beforeAll, describe, expect, test } from '@rstest/core';
import { scratchDatabase } from '../../core/server/db/scratch';
import { apiCall, apiToken } from '../e2e/api';
import { startServerProcess, type RunningServer } from '../e2e/server-process';

/**
 * Two real server processes (`tsx app/server.ts`, as deployed) on one PostgreSQL database behave as one
 * server: what is done through the first is in force on the second at once (how soon is a figure of
 * `npm run bench`, tests/bench/limits.ts): a write, a tenant's plugin switched off, a signed-out token
 * refused. Ids made by both at the same time never collide. Runs where TEST_DATABASE_URL is set (CI sets
 * it up); skipped otherwise.
 */
const url = process.env.TEST_DATABASE_URL;
/** Far beyond any propagation, even on a loaded machine: reaching it means the change never came. */
const NEVER_MS = 20_000;

let scratch: Awaited<ReturnType<typeof scratchDatabase>>;
let one: RunningServer;
let two: RunningServer;

/** Asks `probe` until `done` holds; returns the last answer (after NEVER_MS, for the assertion to show it). */
async function until<T>(probe: () => Promise<T>, done: (value: T) => boolean): Promise<T> {
  const deadline = Date.now() + NEVER_MS;
  for (;;) {
    const value = await probe();
    if (done(value) || Date.now() > deadline) return value;
    await new Promise((r) => setTimeout(r, 50));
  }
}

describe.skipIf(!url)('two server processes on one PostgreSQL (TEST_DATABASE_URL)', () => {
  beforeAll(async () => {
    scratch = await scratchDatabase(url!);
    const env = { DATABASE_URL: scratch.url, BLADE_TOKEN_SECRET: 'two-instances-secret-two-instances-secret' };
    // Started together on the empty database: both migrate, seed and sync menus, once between them.
    [one, two] = await Promise.all([startServerProcess(env, { browserApp: false }), startServerProcess(env, { browserApp: false })]);
  });
  afterAll(async () => {
    await Promise.all([one?.stop(), two?.stop()]);
    await scratch?.drop();
  });

  test('a write through one is read through the other', async () => {
    const admin = await apiToken(one.url, '000000', 'admin', 'admin');
    const adminOnTwo = await apiToken(two.url, '000000', 'admin', 'admin');
    const written = await fetch(`${one.url}/api/blade-system/param/submit`, {
      method: 'POST',
      headers: { 'Blade-Auth': `bearer ${admin}`, 'Content-Type': 'application/json' },
      body: JSON.stringify({ paramName: '集群', paramKey: 'cluster.written', paramValue: 'through one' }),
    });
    expect(written.status).toBe(200);
    const seen = await until(
      () => apiCall(two.url, adminOnTwo, 'GET', '/api/blade-system/param/list', { paramKey: 'cluster.written' }),
      (r) => (r.body.data as { records: unknown[] }).records.length === 1,
    );
    expect((seen.body.data as { records: { paramValue: string }[] }).records.map((r) => r.paramValue)).toEqual(['through one']);
  });

  test("a tenant's plugin switched off through one is off on the other at once", async () => {
    const root = await apiToken(one.url, '000000', 'admin', 'admin');
    const tenantAdmin = await apiToken(two.url, '100001', 'admin', 'admin');
    const params = () => apiCall(two.url, tenantAdmin, 'GET', '/api/blade-system/param/list');
    expect((await params()).status).toBe(200); // the second has the tenant's plugins in its cache now
    try {
      const off = await apiCall(one.url, root, 'POST', '/api/blade-system/tenant/setting', { ids: '100001', plugins: 'dict' });
      expect(off.body.success).toBe(true);
      const refused = await until(params, (r) => r.status === 403);
      expect({ status: refused.status, msg: refused.body.msg }).toEqual({ status: 403, msg: '当前租户未开通此功能' });
      const enabled = await apiCall(two.url, tenantAdmin, 'GET', '/api/blade-system/plugin/enabled');
      expect(enabled.body.data).not.toContain('param');
    } finally {
      await apiCall(one.url, root, 'POST', '/api/blade-system/tenant/setting', { ids: '100001', plugins: '*' });
    }
    expect((await until(params, (r) => r.status === 200)).status).toBe(200);
  });

  test('a token signed out through one is refused by the other at once', async () => {
    const token = await apiToken(one.url, '000000', 'demo', 'demo');
    const userInfo = () => apiCall(two.url, token, 'GET', '/api/blade-auth/oauth/user-info');
    expect((await userInfo()).status).toBe(200);
    const out = await fetch(`${one.url}/api/blade-auth/oauth/logout`, { method: 'POST', headers: { 'Blade-Auth': `bearer ${token}` } });
    expect(out.status).toBe(200);
    expect((await until(userInfo, (r) => r.status === 401)).status).toBe(401);
  });

  test('ids made by both at the same time are unique: each process has its own worker id', async () => {
    const tokens = [await apiToken(one.url, '000000', 'admin', 'admin'), await apiToken(two.url, '000000', 'admin', 'admin')];
    const servers = [one, two];
    const answers = await Promise.all(
      Array.from({ length: 60 }, (_, i) =>
        fetch(`${servers[i % 2]!.url}/api/blade-system/param/submit`, {
          method: 'POST',
          headers: { 'Blade-Auth': `bearer ${tokens[i % 2]}`, 'Content-Type': 'application/json' },
          body: JSON.stringify({ paramName: `并发${i}`, paramKey: `cluster.concurrent.${i}`, paramValue: String(i) }),
        }).then(async (res) => ({ status: res.status, success: ((await res.json()) as { success: boolean }).success })),
      ),
    );
    expect(answers.filter((a) => a.status !== 200 || !a.success)).toEqual([]);

    const client = new pg.Client({ connectionString: scratch.url });
    await client.connect();
    try {
      const rows = (await client.query<{ id: string }>(`select id::text as id from blade_param where param_key like 'cluster.concurrent.%'`)).rows;
      expect(new Set(rows.map((r) => r.id)).size).toBe(60);
      const workers = new Set(rows.map((r) => Number((BigInt(r.id) >> 12n) & 1023n)));
      expect(workers.size).toBe(2);
      const leased = (await client.query<{ worker_id: number }>('select worker_id from blade_worker_lease where expires_at > now()')).rows.map((r) => r.worker_id);
      expect([...workers].sort()).toEqual(leased.sort());
    } finally {
      await client.end();
    }
  });
});
