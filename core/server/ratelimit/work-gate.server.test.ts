import { afterAll, beforeAll, describe, expect, test } from '@rstest/core';
import { defineServerPlugin } from '../plugin';
import { HASH_CONCURRENCY, HASH_QUEUE, hashGate, md5, verifyPassword } from '../auth/password';
import { SEED } from '../seed/kernel-seed';
import { createTestServer, type TestServer } from '../test-server';
import { RetryLater } from './retry-later';
import { createWorkGate } from './work-gate';

/** A task the test finishes by hand. */
function pending() {
  let finish!: () => void;
  let fail!: (error: Error) => void;
  const done = new Promise<void>((resolve, reject) => {
    finish = resolve;
    fail = reject;
  });
  return { done, finish, fail };
}

const tick = () => new Promise((r) => setImmediate(r));

describe('the work gate', () => {
  test('runs N at once, queues Q in order, and refuses one more at once with 503 and Retry-After', async () => {
    const gate = createWorkGate({ concurrency: 2, queue: 3 });
    const tasks = Array.from({ length: 5 }, pending);
    const started: number[] = [];
    let running = 0;
    let most = 0;
    const runs = tasks.map((task, i) =>
      gate.run(async () => {
        started.push(i);
        most = Math.max(most, ++running);
        await task.done.finally(() => running--);
        return i;
      }),
    );
    await tick();
    expect(started).toEqual([0, 1]);
    expect([gate.running, gate.waiting]).toEqual([2, 3]);

    const extra = await gate.run(async () => 'never').catch((error: unknown) => error);
    expect(extra).toBeInstanceOf(RetryLater);
    expect((extra as RetryLater).status).toBe(503);
    expect((extra as RetryLater).retryAfterSeconds).toBe(1);
    expect((extra as RetryLater).text.zh).toBe('服务器繁忙，请稍后再试');

    tasks[1].fail(new Error('boom')); // a failed run frees its place too
    await expect(runs[1]).rejects.toThrow('boom');
    await tick();
    expect(started).toEqual([0, 1, 2]);
    for (const task of tasks) task.finish();
    expect(await Promise.all([runs[0], runs[2], runs[3], runs[4]])).toEqual([0, 2, 3, 4]);
    expect(started).toEqual([0, 1, 2, 3, 4]);
    expect(most).toBe(2);
    expect([gate.running, gate.waiting]).toEqual([0, 0]);
  });
});

/** A route that is always too busy, to see how any route's RetryLater is answered. */
const busyPlugin = defineServerPlugin({
  manifest: { id: 'busy-under-test', name: { zh: '繁忙', en: 'Busy' } },
  publicPaths: ['/busy-under-test'],
  routes(api) {
    api.get('/busy-under-test', () => {
      throw new RetryLater(503, 7);
    });
  },
});

describe('password hashing', () => {
  let ts: TestServer;
  beforeAll(async () => {
    ts = await createTestServer({ plugins: [busyPlugin] });
    for (let i = 0; i < 10; i++) await ts.addUser({ tenantId: '000000', account: `burst${i}`, password: `burst-pass-${i}`, roleId: SEED.userRoleId });
  });
  afterAll(() => ts.close());

  test('leaves a core to everything else', () => {
    expect(HASH_CONCURRENCY).toBeGreaterThanOrEqual(1);
    expect(HASH_CONCURRENCY).toBeLessThanOrEqual(3); // libuv's pool has 4 threads: one stays free
  });

  test('with every place taken and the queue full, one more hash is refused at once; a sign-in then answers 503 with Retry-After', async () => {
    const stored = 'scrypt$16384$8$1$c2FsdHNhbHRzYWx0c2FsdA$AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA';
    let settled = 0;
    const admitted = Array.from({ length: HASH_CONCURRENCY + HASH_QUEUE }, () => verifyPassword(md5('x'), stored).finally(() => settled++));
    expect(hashGate.waiting).toBe(HASH_QUEUE);
    const extra = await verifyPassword(md5('x'), stored).catch((error: unknown) => error);
    expect(extra).toBeInstanceOf(RetryLater);
    // Refused before any admitted hash finished: it waited for none of them (how long a refusal takes is
    // a figure of `npm run bench`, tests/bench/limits.ts).
    expect(settled).toBe(0);

    const signIn = await ts.token({ username: 'burst0', password: md5('burst-pass-0'), grant_type: 'password' }, { 'Accept-Language': 'en' });
    expect(signIn.status).toBe(503);
    expect(signIn.body.error_description).toBe('The server is busy, please try again later');
    expect(signIn.headers.get('Retry-After')).toBe('1');

    expect(new Set(await Promise.all(admitted))).toEqual(new Set(['wrong']));
    expect((await ts.signIn('burst0', 'burst-pass-0')).access_token).toBeTruthy();
  });

  test('a RetryLater thrown by any route is answered in the R envelope with its status and Retry-After', async () => {
    const res = await ts.get('/api/busy-under-test');
    expect(res.status).toBe(503);
    expect(res.body).toMatchObject({ code: 503, success: false, msg: '服务器繁忙，请稍后再试' });
    expect(res.headers.get('Retry-After')).toBe('7');
  });

  test('50 sign-ins at once wait for their hashes off the event loop: another request is answered meanwhile, and all 50 get in', async () => {
    const token = (await ts.signIn('burst0', 'burst-pass-0')).access_token;
    // Every hashing place taken by work that ends when the test says, so the 50 are all waiting their turn
    // (the event loop's delay while real hashes run is a figure of `npm run bench`, tests/bench/sign-in-load.ts).
    const places = Array.from({ length: HASH_CONCURRENCY }, pending);
    const holding = places.map((place) => hashGate.run(() => place.done));
    let over = 0;
    const signIns = Promise.all(
      Array.from({ length: 50 }, (_, i) =>
        ts
          .signIn(`burst${i % 10}`, `burst-pass-${i % 10}`)
          .then(() => 200, () => 0)
          .finally(() => over++),
      ),
    );
    while (hashGate.waiting + over < 50) await tick();
    expect([hashGate.waiting, over]).toEqual([50, 0]);

    const info = await ts.get('/api/blade-auth/oauth/user-info', { token });
    expect(info.status).toBe(200);
    expect([hashGate.waiting, over]).toEqual([50, 0]); // answered while every sign-in still waited for its hash

    for (const place of places) place.finish();
    await Promise.all(holding);
    expect((await signIns).filter((status) => status === 200).length).toBe(50);
    expect([hashGate.running, hashGate.waiting]).toEqual([0, 0]);
  });
});
