import { afterAll, beforeAll, describe, expect, test } from '@rstest/core';
import pg from 'pg';
import { md5 } from '../auth/password';
import { silentLogger } from '../context';
import { scratchDatabase } from '../db/scratch';
import type { ServerPlugin } from '../plugin';
import { openServer, type OpenServer } from '../start';
import { ADMIN_TENANT } from '../tenant/tenants';
import { LISTENER_NAME } from './pg-listener';

/**
 * Two servers in one process on one PostgreSQL database, each with its own pool and its own listening
 * connection, as two instances would have: what one commits reaches the other's caches at once; what
 * one rolls back reaches nobody; a lost listening connection is noticed, the caches read through while
 * it is down and everything is read again once it is back. Runs where TEST_DATABASE_URL is set.
 */
const url = process.env.TEST_DATABASE_URL;
if (!url) console.log('signals across instances: skipped, TEST_DATABASE_URL is not set (see scripts/test-postgres.sh)');

/**
 * Far beyond any delivery, even on a loaded machine: reaching it means the change never came. How soon
 * one comes is a figure of `npm run bench` (tests/bench/limits.ts), not asserted here.
 */
const NEVER_MS = 20_000;
const SECRET = 'signals-test-secret-signals-test-secret';
const BASIC = `Basic ${Buffer.from('saber:saber_secret').toString('base64')}`;
const stub = (id: string): ServerPlugin => ({ manifest: { id, name: { zh: id, en: id } } });
const plugins = [stub('alpha'), stub('beta')];

let scratch: Awaited<ReturnType<typeof scratchDatabase>>;
let one: OpenServer;
let two: OpenServer;

/** Asks `probe` until `done` holds; returns the last answer (after NEVER_MS, for the assertion to show it). */
async function until<T>(probe: () => Promise<T> | T, done: (value: T) => boolean): Promise<T> {
  const deadline = Date.now() + NEVER_MS;
  for (;;) {
    const value = await probe();
    if (done(value) || Date.now() > deadline) return value;
    await new Promise((r) => setTimeout(r, 20));
  }
}

async function call(server: OpenServer, method: string, path: string, token?: string): Promise<{ status: number; body: any }> {
  const res = await server.app.request(path, { method, headers: token ? { 'Blade-Auth': `bearer ${token}` } : {} });
  return { status: res.status, body: await res.json() };
}

async function signIn(server: OpenServer, tenantId: string, account: string, password: string): Promise<string> {
  const query = new URLSearchParams({ tenantId, username: account, password: md5(password), grant_type: 'password', scope: 'all' });
  const res = await server.app.request(`/api/blade-auth/oauth/token?${query}`, { method: 'POST', headers: { Authorization: BASIC, 'Tenant-Id': tenantId } });
  const body = (await res.json()) as { access_token?: string };
  if (!body.access_token) throw new Error(`sign-in refused: ${JSON.stringify(body)}`);
  return body.access_token;
}

describe.skipIf(!url)('signals between two servers on one PostgreSQL (TEST_DATABASE_URL)', () => {
  beforeAll(async () => {
    scratch = await scratchDatabase(url!);
    const options = { databaseUrl: scratch.url, tokenSecret: SECRET, distDir: null, log: silentLogger, plugins };
    one = await openServer(options);
    two = await openServer(options);
  });
  afterAll(async () => {
    await one?.close();
    await two?.close();
    await scratch?.drop();
  });

  test('a committed message reaches the other server; a rolled-back one never does', async () => {
    const seen: string[] = [];
    // A channel first used after the start is listened to from then on: ping it until the first arrives.
    two.ctx.signals.on('blade_test_cross', (payload) => seen.push(payload));
    const ping = async () => {
      await one.ctx.db.global((tx) => one.ctx.signals.publish(tx, 'blade_test_cross', 'ping'));
      return seen.includes('ping');
    };
    expect(await until(ping, (heard) => heard)).toBe(true);

    await expect(
      one.ctx.db.global(async (tx) => {
        await one.ctx.signals.publish(tx, 'blade_test_cross', 'rolled back');
        throw new Error('abandoned');
      }),
    ).rejects.toThrow('abandoned');
    await one.ctx.db.global((tx) => one.ctx.signals.publish(tx, 'blade_test_cross', 'committed'));
    // Notifications arrive in commit order: once the committed one is here, the other would have been too.
    const heard = await until(() => seen.filter((s) => s !== 'ping'), (s) => s.includes('committed'));
    expect(heard).toEqual(['committed']);
  });

  test("a tenant's plugins switched through one are in force on the other at once", async () => {
    const root = await signIn(one, ADMIN_TENANT, 'admin', 'admin');
    const demoAdmin = await signIn(two, '100001', 'admin', 'admin');
    const enabled = async () => (await call(two, 'GET', '/api/blade-system/plugin/enabled', demoAdmin)).body.data as string[];
    expect(await enabled()).toEqual(['alpha', 'beta']); // now in the second's cache
    try {
      expect((await call(one, 'POST', '/api/blade-system/tenant/setting?ids=100001&plugins=alpha', root)).body.success).toBe(true);
      expect(await until(enabled, (ids) => ids.length === 1)).toEqual(['alpha']);
    } finally {
      await call(one, 'POST', '/api/blade-system/tenant/setting?ids=100001&plugins=*', root);
    }
    expect(await until(enabled, (ids) => ids.length === 2)).toEqual(['alpha', 'beta']);
  });

  test('an API scope written through one covers its path on the other at once', async () => {
    const path = '/demo/cross-instance';
    expect(await two.ctx.apiScopes.covering(path)).toEqual([]); // cached
    const id = one.ctx.ids.next();
    await one.ctx.db.system(async (tx) => {
      await tx.query(`insert into blade_scope_api (id, menu_id, resource_code, scope_name, scope_path) values ($1, 1, 'x', 'x', $2)`, [id, path]);
      await one.ctx.apiScopes.invalidate(tx);
    });
    expect(await until(() => two.ctx.apiScopes.covering(path), (ids) => ids.length > 0)).toEqual([id]);
  });

  test('a token signed out through one is refused by the other at once', async () => {
    const token = await signIn(one, ADMIN_TENANT, 'demo', 'demo');
    const info = () => call(two, 'GET', '/api/blade-user/info', token);
    expect((await info()).status).toBe(200);
    expect((await call(one, 'POST', '/api/blade-auth/oauth/logout', token)).status).toBe(200);
    expect((await until(info, (r) => r.status === 401)).status).toBe(401);
  });

  test('a lost listening connection: read-through while down, everything read again once back', async () => {
    const root = await signIn(one, ADMIN_TENANT, 'admin', 'admin');
    const token = await signIn(two, ADMIN_TENANT, 'demo', 'demo');
    const demoAdmin = await signIn(two, '100001', 'admin', 'admin');
    const enabled = async () => (await call(two, 'GET', '/api/blade-system/plugin/enabled', demoAdmin)).body.data as string[];
    expect(await enabled()).toEqual(['alpha', 'beta']);

    const admin = new pg.Client({ connectionString: scratch.url });
    await admin.connect();
    try {
      const killed = await admin.query(`select pg_terminate_backend(pid) from pg_stat_activity where application_name = $1 and datname = current_database()`, [LISTENER_NAME]);
      expect(killed.rowCount).toBe(2);
    } finally {
      await admin.end();
    }
    expect(await until(() => two.ctx.signals.live, (live) => !live)).toBe(false);
    // While the second cannot hear, changes and sign-outs through the first are still in force on it.
    try {
      expect((await call(one, 'POST', '/api/blade-system/tenant/setting?ids=100001&plugins=beta', root)).body.success).toBe(true);
      expect((await call(one, 'POST', '/api/blade-auth/oauth/logout', token)).status).toBe(200);
      if (!two.ctx.signals.live) {
        expect(await enabled()).toEqual(['beta']);
        expect((await call(two, 'GET', '/api/blade-user/info', token)).status).toBe(401);
      }
      // Back once the listener has reconnected; what was missed is known from memory again.
      expect(await until(() => two.ctx.signals.live, (live) => live)).toBe(true);
      expect(await enabled()).toEqual(['beta']);
      expect(two.ctx.revokedSessions.isRevoked(ADMIN_TENANT, JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString()).sid)).toBe(true);
      expect((await call(two, 'GET', '/api/blade-user/info', token)).status).toBe(401);
    } finally {
      await call(one, 'POST', '/api/blade-system/tenant/setting?ids=100001&plugins=*', root);
    }
    expect(await until(enabled, (ids) => ids.length === 2)).toEqual(['alpha', 'beta']);
  });
});
