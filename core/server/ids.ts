import { randomBytes, randomInt } from 'node:crypto';
import { hostname } from 'node:os';
import type { Logger } from './context';
import type { Db, Tx } from './db/types';

/**
 * Snowflake-like ids as MyBatis-Plus `ASSIGN_ID` makes them (19 digits, time ordered): 41 bits of
 * milliseconds since the Twitter epoch, 10 bits of worker, 12 bits of sequence; ids travel as strings.
 * Two processes writing to one database must not share a worker: the server leases its worker from the
 * database (`leaseWorkerId`); a bare generator (tests, tools) takes a random one.
 */
const EPOCH = 1288834974657n;
export const WORKER_COUNT = 1024;

export interface IdGenerator {
  next(): string;
}

/**
 * Ids of `worker`, only at instants after `after` (ms since 1970) when given: a worker id taken over from
 * another process continues after the last instant that process may have used it.
 */
export function createIdGenerator(worker = randomInt(WORKER_COUNT), after?: number): IdGenerator {
  let last = after === undefined ? -1n : BigInt(Math.trunc(after));
  let sequence = after === undefined ? 0n : 4095n; // `after` is used up: the next id borrows the instant after it
  const workerBits = BigInt(worker & (WORKER_COUNT - 1)) << 12n;
  return {
    next() {
      let now = BigInt(Date.now());
      if (now < last) now = last; // clock stepped back: keep counting from the last instant
      if (now === last) {
        sequence = (sequence + 1n) & 4095n;
        if (sequence === 0n) now = last + 1n; // 4096 ids in one millisecond: borrow the next one
      } else {
        sequence = 0n;
      }
      last = now;
      return (((now - EPOCH) << 22n) | workerBits | sequence).toString();
    },
  };
}

export interface LeasedIdGenerator extends IdGenerator {
  /** The worker id this process holds now (it changes only if the lease was lost and another was claimed). */
  readonly worker: number;
  /** Stops renewing and frees the worker id at once for the next process. */
  release(): Promise<void>;
}

export interface LeaseOptions {
  log: Logger;
  /** How long a claim lasts without renewal; a crashed process's worker id is free again after it. */
  leaseMs?: number;
  /** How often the lease is renewed; a few renewals may fail (database restarting) before it lapses. */
  renewMs?: number;
  /**
   * The database is this process's alone (the embedded one): no other process can claim the worker id, so
   * a renewal held up (behind a long queue of queries on the single connection) never stops the ids.
   */
  sole?: boolean;
  /** The system's clocks and a timer by default; a test moves time and runs the renewals itself. */
  clock?: LeaseClock;
}

/** What a lease reads the time from, and what starts its renewals. */
export interface LeaseClock {
  /** Milliseconds since 1970, as other processes read them too (it may step). */
  wall(): number;
  /** Milliseconds from any origin, never stepping (it may stop while the machine is suspended). */
  monotonic(): number;
  /** Calls `renew` every `ms` until the function returned is called; `renew` settles when its renewal is over. */
  every(ms: number, renew: () => Promise<void>): () => void;
}

const systemClock: LeaseClock = {
  wall: () => Date.now(),
  monotonic: () => performance.now(),
  every(ms, renew) {
    const timer = setInterval(() => void renew(), ms);
    timer.unref(); // never what keeps the process alive
    return () => clearInterval(timer);
  },
};

interface Claim {
  worker: number;
  /** The previous holder's last instant (its clock, ms): ids of this worker continue after it. */
  after: number;
}

/**
 * Takes a free worker id: one never leased first, else the one whose lease ended longest ago (a worker id
 * is reused as late as possible). Claims queue behind a transaction lock, so two starting processes never
 * take the same one. Records the instant until which this holder may issue ids: renewal time plus the lease.
 */
async function claim(tx: Tx, holder: string, leaseMs: number, wallNow: () => number): Promise<Claim> {
  await tx.query(`select pg_advisory_xact_lock(hashtext('blade_worker_lease'))`);
  const free = await tx.one<{ worker_id: number; issued_until_ms: string | null }>(
    `select w as worker_id, l.issued_until_ms from generate_series(0, ${WORKER_COUNT - 1}) w
       left join blade_worker_lease l on l.worker_id = w
      where l.worker_id is null or l.expires_at <= now()
      order by l.expires_at nulls first, w
      limit 1`,
  );
  if (!free) throw new Error(`All ${WORKER_COUNT} worker ids are leased by running servers (blade_worker_lease): no id can be given to this one.`);
  await tx.query(
    `insert into blade_worker_lease (worker_id, holder, issued_until_ms, claimed_at, expires_at)
     values ($1, $2, $3, now(), now() + make_interval(secs => $4))
     on conflict (worker_id) do update set holder = excluded.holder, issued_until_ms = excluded.issued_until_ms,
       claimed_at = excluded.claimed_at, expires_at = excluded.expires_at`,
    [free.worker_id, holder, wallNow() + leaseMs, leaseMs / 1000],
  );
  return { worker: free.worker_id, after: free.issued_until_ms === null ? -1 : Number(free.issued_until_ms) };
}

/**
 * The worker id of this process, claimed in `blade_worker_lease` and renewed in the background. Ids are
 * refused (an error, never a duplicate) once the lease may have lapsed: after `leaseMs` without a
 * successful renewal another process may hold the same worker id. A renewal that finds the worker id
 * taken over claims another one.
 */
export async function leaseWorkerId(db: Db, options: LeaseOptions): Promise<LeasedIdGenerator> {
  const leaseMs = options.leaseMs ?? 60_000;
  const renewMs = options.renewMs ?? 10_000;
  const clock = options.clock ?? systemClock;
  const holder = `${hostname()}:${process.pid}:${randomBytes(4).toString('hex')}`;
  // Measured on both clocks, the larger elapsed time wins: the monotonic one ignores a suspended machine, the wall clock may step.
  const stamp = () => ({ wall: clock.wall(), mono: clock.monotonic() });
  const lapsed = (since: { wall: number; mono: number }) => Math.max(clock.wall() - since.wall, clock.monotonic() - since.mono) >= leaseMs;

  let renewedAt = stamp();
  let current = await db.system((tx) => claim(tx, holder, leaseMs, () => clock.wall()));
  let ids = createIdGenerator(current.worker, current.after);
  let lastId: string | undefined;
  // The generator may run ahead of the clock (4096 ids in a millisecond, or continuing after a predecessor).
  const issuedUntil = (atLeast: number) => Math.max(atLeast, lastId === undefined ? -1 : Number((BigInt(lastId) >> 22n) + EPOCH));
  let failing = false;
  let renewing: Promise<void> | undefined;
  let released = false;

  async function renew(): Promise<void> {
    const sentAt = stamp();
    try {
      const kept = await db.system((tx) =>
        tx.one<{ worker_id: number }>(
          `update blade_worker_lease set expires_at = now() + make_interval(secs => $3), issued_until_ms = $4
            where worker_id = $1 and holder = $2 returning worker_id`,
          [current.worker, holder, leaseMs / 1000, issuedUntil(sentAt.wall) + leaseMs],
        ),
      );
      if (!kept) {
        // Unreachable for longer than the lease and the id went to another process: take a new one.
        const previous = current.worker;
        current = await db.system((tx) => claim(tx, holder, leaseMs, () => clock.wall()));
        ids = createIdGenerator(current.worker, current.after);
        lastId = undefined;
        options.log.error(`Worker id ${previous} was taken over by another server after its lease lapsed; this server now uses worker id ${current.worker}.`);
      }
      renewedAt = sentAt;
      if (failing) options.log.info(`Worker id ${current.worker}: lease renewed again.`);
      failing = false;
    } catch (error) {
      if (!failing) options.log.error(`Worker id ${current.worker}: renewing its lease failed (ids are refused ${leaseMs / 1000} s after the last renewal)`, error);
      failing = true;
    }
  }

  const stopRenewing = clock.every(renewMs, () => {
    if (!renewing && !released) renewing = renew().finally(() => (renewing = undefined));
    return renewing ?? Promise.resolve();
  });

  return {
    get worker() {
      return current.worker;
    },
    next() {
      if (!options.sole && lapsed(renewedAt)) {
        throw new Error(`Worker id ${current.worker}: its lease could not be renewed for ${leaseMs / 1000} s (database unreachable?); no id is issued until it is.`);
      }
      lastId = ids.next();
      return lastId;
    },
    async release() {
      if (released) return;
      released = true;
      stopRenewing();
      await renewing;
      try {
        await db.system((tx) =>
          tx.query('update blade_worker_lease set expires_at = now(), issued_until_ms = $3 where worker_id = $1 and holder = $2', [
            current.worker,
            holder,
            issuedUntil(clock.wall()),
          ]),
        );
      } catch (error) {
        options.log.error(`Worker id ${current.worker}: freeing it failed; it is free again when its lease ends`, error);
      }
    },
  };
}

const BIGINT_MAX = '9223372036854775807';

/** A value PostgreSQL takes as a bigint id: 1 to 19 digits, at most 2^63 - 1 (a larger one would be a 500). */
export function isBigintId(value: string): boolean {
  return /^\d{1,19}$/.test(value) && (value.length < 19 || value <= BIGINT_MAX);
}

/** The parts of an id: the millisecond it was made (since 1970) and its worker and sequence bits (below 2^22). */
export function idParts(id: string): { ms: number; rest: number } {
  const value = BigInt(id);
  return { ms: Number((value >> 22n) + EPOCH), rest: Number(value & 0x3fffffn) };
}
