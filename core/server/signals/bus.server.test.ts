import { afterAll, beforeAll, expect, test } from '@rstest/core';
import { ADMIN_TENANT } from '../tenant/tenants';
import { createTestServer, type TestServer } from '../test-server';
import type { Signals } from './bus';
import { signalCache } from './cache';

/** The signal bus in one process (PGlite): a message exists only if its transaction commits. */

let ts: TestServer;
beforeAll(async () => {
  ts = await createTestServer();
});
afterAll(() => ts.close());

test('a message is delivered once its transaction has committed, not before', async () => {
  const seen: string[] = [];
  ts.ctx.signals.on('blade_test_commit', (payload) => seen.push(payload));
  await ts.ctx.db.tenant(ADMIN_TENANT, async (tx) => {
    await ts.ctx.signals.publish(tx, 'blade_test_commit', '1,2');
    await tx.query('select 1');
    expect(seen).toEqual([]);
  });
  expect(seen).toEqual(['1,2']);
});

test('a rolled-back transaction delivers nothing', async () => {
  const seen: string[] = [];
  ts.ctx.signals.on('blade_test_rollback', (payload) => seen.push(payload));
  const failing = ts.ctx.db.system(async (tx) => {
    await ts.ctx.signals.publish(tx, 'blade_test_rollback', 'x');
    throw new Error('no');
  });
  await expect(failing).rejects.toThrow('no');
  expect(seen).toEqual([]);
});

test('publish refuses a bad channel, an oversized payload, and a transaction it cannot see commit', async () => {
  await ts.ctx.db.global(async (tx) => {
    await expect(ts.ctx.signals.publish(tx, 'other_channel')).rejects.toThrow(/blade_/);
    await expect(ts.ctx.signals.publish(tx, 'blade_test_size', 'x'.repeat(8000))).rejects.toThrow(/payload/);
  });
  // A transaction of the driver underneath (not ctx.db): its commit is never seen, so no silent loss.
  const fake = { query: async () => [], one: async () => undefined, exec: async () => undefined };
  await expect(ts.ctx.signals.publish(fake, 'blade_test_fake')).rejects.toThrow(/transaction of ctx.db/);
});

test('a cache drops the invalidated keys after the commit, and keeps nothing a racing change made stale', async () => {
  let stored = 'a';
  let reads = 0;
  const cache = signalCache<string>(ts.ctx.signals, 'blade_test_cache', { ttlMs: 60_000 });
  const load = async () => {
    reads += 1;
    return stored;
  };
  expect(await cache.get('k', load)).toBe('a');
  expect(await cache.get('k', load)).toBe('a');
  expect(reads).toBe(1);

  await ts.ctx.db.global(async (tx) => {
    stored = 'b';
    await cache.invalidate(tx, ['k']);
    // Not committed yet: the cached value stays.
    expect(await cache.get('k', load)).toBe('a');
  });
  expect(await cache.get('k', load)).toBe('b');
  expect(reads).toBe(2);

  // A load that began before an invalidation answers its value but does not keep it.
  let release: () => void = () => undefined;
  const slow = cache.get('slow', () => new Promise<string>((resolve) => (release = () => resolve('old'))));
  await ts.ctx.db.global((tx) => cache.invalidate(tx));
  release();
  expect(await slow).toBe('old');
  expect(await cache.get('slow', async () => 'new')).toBe('new');
});

test('while the bus is not live a cache answers from the database every time, and drops everything on resync', async () => {
  let live = false;
  const resyncs: (() => void | Promise<void>)[] = [];
  const signals: Signals = {
    publish: async () => undefined,
    on: () => undefined,
    onResync: (handler) => void resyncs.push(handler),
    get live() {
      return live;
    },
  };
  const cache = signalCache<number>(signals, 'blade_test_down', { ttlMs: 60_000 });
  let reads = 0;
  const load = async () => ++reads;
  expect(await cache.get('k', load)).toBe(1);
  expect(await cache.get('k', load)).toBe(2);
  live = true;
  expect(await cache.get('k', load)).toBe(3);
  expect(await cache.get('k', load)).toBe(3);
  for (const resync of resyncs) await resync();
  expect(await cache.get('k', load)).toBe(4);
});
