import { createHash, randomBytes, scrypt, timingSafeEqual, type ScryptOptions } from 'node:crypto';
import { availableParallelism } from 'node:os';
import { createWorkGate } from '../ratelimit/work-gate';

/**
 * Passwords. The browser sends md5(typed password) as hex (the BladeX contract); we never store that
 * value, only a salted scrypt hash of it in a self-describing form `scrypt$N$r$p$salt$hash` (base64url),
 * so the cost can be raised later without breaking old rows. Rows imported from BladeX hold
 * `sha1(md5)` (40 hex): they are accepted and the caller re-hashes them with scrypt on that success.
 */
const COST = { N: 16384, r: 8, p: 1 };
const KEY_LENGTH = 32;

/**
 * scrypt runs on libuv's thread pool (4 threads unless UV_THREADPOOL_SIZE says otherwise), which also
 * serves file reads, DNS look-ups and response compression, and each hash keeps a core busy for tens of
 * milliseconds. Unbounded, 50 sign-ins at once fill the pool for seconds and take every core from the
 * event loop. So hashes run a few at a time: one core (and one pool thread) is always left to everything
 * else, and a burst beyond the queue is refused at once (503, try again) rather than queued without end.
 * Process-wide on purpose: the pool and the cores are the process's, however many servers it opens.
 */
const POOL_THREADS = Number(process.env.UV_THREADPOOL_SIZE) || 4;
export const HASH_CONCURRENCY = Math.max(1, Math.min(availableParallelism() - 1, POOL_THREADS - 1));
/** About a few seconds of hashing at most ahead of the last one admitted. */
export const HASH_QUEUE = 64;
export const hashGate = createWorkGate({ concurrency: HASH_CONCURRENCY, queue: HASH_QUEUE });

function scryptAsync(secret: string, salt: Buffer, options: ScryptOptions): Promise<Buffer> {
  return hashGate.run(
    () =>
      new Promise((done, fail) =>
        scrypt(secret, salt, KEY_LENGTH, { ...options, maxmem: 64 * 1024 * 1024 }, (error, key) => (error ? fail(error) : done(key))),
      ),
  );
}

export async function hashPassword(md5hex: string): Promise<string> {
  const salt = randomBytes(16);
  const key = await scryptAsync(md5hex, salt, COST);
  return `scrypt$${COST.N}$${COST.r}$${COST.p}$${salt.toString('base64url')}$${key.toString('base64url')}`;
}

export type PasswordCheck = 'ok' | 'ok-legacy' | 'wrong';

const LEGACY = /^[0-9a-f]{40}$/i;

// Checked when the account does not exist, so that a wrong account costs as long as a wrong password.
const DUMMY = 'scrypt$16384$8$1$AAAAAAAAAAAAAAAAAAAAAA$AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA';

export async function verifyPassword(md5hex: string, stored: string | null | undefined): Promise<PasswordCheck> {
  const value = stored || DUMMY;
  if (LEGACY.test(value)) {
    const sha1 = createHash('sha1').update(md5hex.toLowerCase()).digest();
    return timingSafeEqual(sha1, Buffer.from(value, 'hex')) && stored ? 'ok-legacy' : 'wrong';
  }
  const parts = value.split('$');
  if (parts.length !== 6 || parts[0] !== 'scrypt') return 'wrong';
  const [, n, r, p, salt, hash] = parts;
  const expected = Buffer.from(hash, 'base64url');
  const key = await scryptAsync(md5hex, Buffer.from(salt, 'base64url'), { N: Number(n), r: Number(r), p: Number(p) });
  return key.length === expected.length && timingSafeEqual(key, expected) && stored ? 'ok' : 'wrong';
}

/** md5 hex, as the browser computes it (seeds and tests). */
export const md5 = (text: string) => createHash('md5').update(text).digest('hex');
