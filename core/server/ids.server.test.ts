import { afterAll, beforeAll, describe, expect, test } from '@rstest/core';
import type { Logger } from './context';
import { runMigrations } from './db/migrate';
import { openPglite, type PgliteDb } from './db/pglite';
import { createIdGenerator, leaseWorkerId, WORKER_COUNT } from './ids';
import { workerLeaseTable } from './seed/kernel-migrations';

const EPOCH = 1288834974657n;
const workerOf = (id: string) => Number((BigInt(id) >> 12n) & 1023n);
const instantOf = (id: string) => Number((BigInt(id) >> 22n) + EPOCH);
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

let db: PgliteDb;
const logged: string[] = [];
const log: Logger = { info: (m) => logged.push(m), error: (m) => logged.push(m) };

beforeAll(async () => {
  db = await openPglite();
  await runMigrations(db, [{ owner: 'kernel', migrations: [workerLeaseTable] }]);
});
afterAll(() => db.close());

/** Every worker id but `except` held by a live lease of someone else, so the next claim can only get one of `except`. */
async function occupyAllBut(except: number[]): Promise<void> {
  await db.system((tx) =>
    tx.query(
      `insert into blade_worker_lease (worker_id, holder, issued_until_ms, claimed_at, expires_at)
       select w, 'elsewhere', 0, now(), now() + interval '1 hour' from generate_series(0, ${WORKER_COUNT - 1}) w where w <> all($1::int[])
       on conflict (worker_id) do update set holder = 'elsewhere', expires_at = now() + interval '1 hour'`,
      [except],
    ),
  );
}

describe('snowflake ids', () => {
  test('carry the worker id, and continue after a given instant', () => {
    const ids = createIdGenerator(37);
    const a = ids.next();
    const b = ids.next();
    expect([workerOf(a), workerOf(b)]).toEqual([37, 37]);
    expect(BigInt(b)).toBeGreaterThan(BigInt(a));
    const ahead = Date.now() + 5_000;
    const after = createIdGenerator(37, ahead).next();
    expect(instantOf(after)).toBe(ahead + 1);
  });
});

describe('worker ids leased from the database', () => {
  test('two servers get different worker ids; their ids carry them; release frees the id at once', async () => {
    await db.system((tx) => tx.query('delete from blade_worker_lease'));
    const a = await leaseWorkerId(db, { log });
    const b = await leaseWorkerId(db, { log });
    expect(a.worker).not.toBe(b.worker);
    expect(workerOf(a.next())).toBe(a.worker);
    expect(workerOf(b.next())).toBe(b.worker);
    await a.release();
    const row = await db.system((tx) => tx.one<{ free: boolean }>('select expires_at <= now() as free from blade_worker_lease where worker_id = $1', [a.worker]));
    expect(row?.free).toBe(true);
    await b.release();
  });

  test('concurrent claims never share a worker id', async () => {
    await db.system((tx) => tx.query('delete from blade_worker_lease'));
    const leases = await Promise.all(Array.from({ length: 8 }, () => leaseWorkerId(db, { log })));
    expect(new Set(leases.map((l) => l.worker)).size).toBe(8);
    await Promise.all(leases.map((l) => l.release()));
  });

  test('an expired lease (a crashed server) is reused, after the last instant its holder could have used', async () => {
    await db.system((tx) => tx.query('delete from blade_worker_lease'));
    const crashed = await leaseWorkerId(db, { log, leaseMs: 400, renewMs: 3_600_000 }); // never renews: as if killed
    crashed.next();
    await occupyAllBut([crashed.worker]);
    await expect(leaseWorkerId(db, { log })).rejects.toThrow(`All ${WORKER_COUNT} worker ids are leased`);
    await sleep(450);
    // Past its lease the crashed holder would refuse ids rather than risk a duplicate.
    expect(() => crashed.next()).toThrow(`Worker id ${crashed.worker}: its lease could not be renewed`);
    const { issued_until_ms } = (await db.system((tx) => tx.one<{ issued_until_ms: string }>('select issued_until_ms from blade_worker_lease where worker_id = $1', [crashed.worker])))!;
    const next = await leaseWorkerId(db, { log });
    expect(next.worker).toBe(crashed.worker);
    expect(instantOf(next.next())).toBeGreaterThan(Number(issued_until_ms));
    await next.release();
  });

  test('on a database of its own (embedded), a late renewal never stops the ids: no other process can take them', async () => {
    await db.system((tx) => tx.query('delete from blade_worker_lease'));
    const sole = await leaseWorkerId(db, { log, leaseMs: 400, renewMs: 3_600_000, sole: true });
    await sleep(450);
    expect(workerOf(sole.next())).toBe(sole.worker);
    await sole.release();
  });

  test('renewal keeps the lease; a lease taken over meanwhile is replaced by a new worker id', async () => {
    await db.system((tx) => tx.query('delete from blade_worker_lease'));
    const held = await leaseWorkerId(db, { log, leaseMs: 1_000, renewMs: 50 });
    const first = held.worker;
    await sleep(1_500);
    expect(() => held.next()).not.toThrow(); // renewed past its first second
    const rival = await db.system((tx) => tx.one<{ free: boolean }>('select expires_at <= now() as free from blade_worker_lease where worker_id = $1', [first]));
    expect(rival?.free).toBe(false);

    await db.system((tx) => tx.query(`update blade_worker_lease set holder = 'someone-else' where worker_id = $1`, [first]));
    for (let waited = 0; held.worker === first && waited < 5_000; waited += 50) await sleep(50);
    expect(held.worker).not.toBe(first);
    expect(workerOf(held.next())).toBe(held.worker);
    expect(logged.some((m) => m.includes(`Worker id ${first} was taken over`))).toBe(true);
    await held.release();
  });
});
