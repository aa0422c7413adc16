import { afterAll, beforeAll, describe, expect, test } from '@rstest/core';
import type { Logger } from './context';
import { runMigrations } from './db/migrate';
import { openPglite, type PgliteDb } from './db/pglite';
import { createIdGenerator, leaseWorkerId, WORKER_COUNT, type LeaseClock } from './ids';
import { workerLeaseTable } from './seed/kernel-migrations';

const EPOCH = 1288834974657n;
const workerOf = (id: string) => Number((BigInt(id) >> 12n) & 1023n);
const instantOf = (id: string) => Number((BigInt(id) >> 22n) + EPOCH);

/**
 * A lease's clock that moves only when the test says, and its renewals run only when the test asks: what
 * a late renewal or a lapsed lease does is then the same however busy the machine is. The database keeps
 * its own clock (`now()`): a lease the test lets lapse there is moved back by its length.
 */
function handClock() {
  let wall = Date.now();
  let monotonic = 0;
  let renew: (() => Promise<void>) | undefined;
  const clock: LeaseClock = {
    wall: () => wall,
    monotonic: () => monotonic,
    every(_ms, run) {
      renew = run;
      return () => (renew = undefined);
    },
  };
  return {
    clock,
    advance(ms: number) {
      wall += ms;
      monotonic += ms;
    },
    /** One renewal, as the timer would start it; settles once it is over. */
    renew: () => renew!(),
  };
}

let db: PgliteDb;
const logged: string[] = [];
const log: Logger = { info: (m) => logged.push(m), error: (m) => logged.push(m) };

beforeAll(async () => {
  db = await openPglite();
  await runMigrations(db, [{ owner: 'kernel', migrations: [workerLeaseTable] }]);
});
afterAll(() => db.close());

/** Long enough that no lease lapses on the database's clock while a test runs, unless the test lapses it. */
const LEASE_MS = 600_000;

/** The lease of `worker` as if its length had passed on the database's clock since it was last renewed. */
async function lapseOnTheDatabase(worker: number): Promise<void> {
  await db.system((tx) =>
    tx.query(`update blade_worker_lease set claimed_at = claimed_at - make_interval(secs => $2), expires_at = expires_at - make_interval(secs => $2) where worker_id = $1`, [worker, LEASE_MS / 1000]),
  );
}

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
    const ahead = Date.now() + 3_600_000; // far enough ahead that the real clock never reaches it during the test
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
    const time = handClock();
    const crashed = await leaseWorkerId(db, { log, leaseMs: LEASE_MS, clock: time.clock }); // never renews: as if killed
    crashed.next();
    await occupyAllBut([crashed.worker]);
    await expect(leaseWorkerId(db, { log })).rejects.toThrow(`All ${WORKER_COUNT} worker ids are leased`);
    time.advance(LEASE_MS - 1);
    expect(() => crashed.next()).not.toThrow();
    time.advance(1);
    // Past its lease the crashed holder would refuse ids rather than risk a duplicate.
    expect(() => crashed.next()).toThrow(`Worker id ${crashed.worker}: its lease could not be renewed`);
    await lapseOnTheDatabase(crashed.worker);
    const { issued_until_ms } = (await db.system((tx) => tx.one<{ issued_until_ms: string }>('select issued_until_ms from blade_worker_lease where worker_id = $1', [crashed.worker])))!;
    const next = await leaseWorkerId(db, { log });
    expect(next.worker).toBe(crashed.worker);
    expect(instantOf(next.next())).toBeGreaterThan(Number(issued_until_ms));
    await next.release();
  });

  test('on a database of its own (embedded), a late renewal never stops the ids: no other process can take them', async () => {
    await db.system((tx) => tx.query('delete from blade_worker_lease'));
    const time = handClock();
    const sole = await leaseWorkerId(db, { log, leaseMs: LEASE_MS, clock: time.clock, sole: true });
    time.advance(LEASE_MS + 50);
    expect(workerOf(sole.next())).toBe(sole.worker);
    await sole.release();
  });

  test('renewal keeps the lease; a lease taken over meanwhile is replaced by a new worker id', async () => {
    await db.system((tx) => tx.query('delete from blade_worker_lease'));
    const time = handClock();
    const held = await leaseWorkerId(db, { log, leaseMs: LEASE_MS, clock: time.clock });
    const first = held.worker;
    const expiry = (than = '-infinity') =>
      db.system((tx) => tx.one<{ at: string; free: boolean; later: boolean }>('select expires_at::text as at, expires_at <= now() as free, expires_at > $2::timestamptz as later from blade_worker_lease where worker_id = $1', [first, than]));
    const claimed = (await expiry())!.at;
    time.advance(LEASE_MS - 100);
    await time.renew();
    time.advance(LEASE_MS - 100);
    expect(() => held.next()).not.toThrow(); // renewed past its first lease
    const renewed = (await expiry(claimed))!;
    expect(renewed.free).toBe(false);
    expect(renewed.later).toBe(true); // the database's lease was pushed on too
    time.advance(100);
    expect(() => held.next()).toThrow(`Worker id ${first}: its lease could not be renewed`); // a whole lease since that renewal
    await time.renew();
    expect(() => held.next()).not.toThrow();

    await db.system((tx) => tx.query(`update blade_worker_lease set holder = 'someone-else' where worker_id = $1`, [first]));
    await time.renew();
    expect(held.worker).not.toBe(first);
    expect(workerOf(held.next())).toBe(held.worker);
    expect(logged.some((m) => m.includes(`Worker id ${first} was taken over`))).toBe(true);
    await held.release();
  });
});
