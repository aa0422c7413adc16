import { randomInt } from 'node:crypto';

/**
 * Snowflake-like ids as MyBatis-Plus `ASSIGN_ID` makes them (19 digits, time ordered): 41 bits of
 * milliseconds since the Twitter epoch, 10 bits of worker, 12 bits of sequence. The worker is random per
 * process so that several instances writing to one database do not collide; ids travel as strings.
 */
const EPOCH = 1288834974657n;

export interface IdGenerator {
  next(): string;
}

export function createIdGenerator(worker = randomInt(1024)): IdGenerator {
  let last = -1n;
  let sequence = 0n;
  const workerBits = BigInt(worker & 1023) << 12n;
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

const BIGINT_MAX = '9223372036854775807';

/** A value PostgreSQL takes as a bigint id: 1 to 19 digits, at most 2^63 - 1 (a larger one would be a 500). */
export function isBigintId(value: string): boolean {
  return /^\d{1,19}$/.test(value) && (value.length < 19 || value <= BIGINT_MAX);
}
