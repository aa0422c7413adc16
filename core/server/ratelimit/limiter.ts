import { createHash } from 'node:crypto';
import type { Logger } from '../context';
import type { Db } from '../db/types';
import { pruneExpired } from './prune';
import { RetryLater } from './retry-later';
import { resolveRules, type DeclaredRateRules, type RateLimitSettings, type RateRules, type RateScope } from './rules';
import { countHits, type BucketHit } from './store';
import { countInMemory, retryAfterSeconds, windowIndexAt, withinLimit, type WindowCount } from './window';

/**
 * One thing to count: a rule (the kernel's, or one an installed plugin declared) and whom it counts (an
 * address, address + account, a card; '' for a ceiling).
 */
export interface RateCheck {
  rule: string;
  key: string;
}

export interface RateLimiter {
  /**
   * Counts one request against every check, the caller's own rules first, then this instance's ceiling,
   * then the shared ceilings; throws RetryLater (429) at the first group that refuses, which leaves the
   * later groups uncounted.
   */
  hit(checks: readonly RateCheck[]): Promise<void>;
  /** The rules in force (null: limits are off). */
  readonly rules: RateRules | null;
}

const ORDER: readonly RateScope[] = ['client', 'instance', 'overall'];
const PRUNE_EVERY_MS = 60_000;
/** Remembered refusals beyond this are swept (each lives at most one window anyway). */
const MAX_BLOCKED = 10_000;

/** A bucket's name: the rule, and the key hashed (keys hold account names, which may be anything). */
const bucketOf = (check: RateCheck) => `${check.rule}:${createHash('sha256').update(check.key).digest('base64url').slice(0, 32)}`;

export function createRateLimiter(options: { db: Db; now: () => Date; log: Logger; settings?: RateLimitSettings; declared?: DeclaredRateRules }): RateLimiter {
  const { db, now, log } = options;
  const rules = resolveRules(options.settings, options.declared);
  /** Buckets refused lately and until when (ms): refused again from memory, without a database trip. */
  const blocked = new Map<string, number>();
  const instanceCounts = new Map<string, WindowCount>();
  let pruneAt = 0;

  function refuseFromMemory(buckets: readonly string[], nowMs: number): void {
    let until = 0;
    for (const bucket of buckets) {
      const end = blocked.get(bucket);
      if (end === undefined) continue;
      if (end <= nowMs) blocked.delete(bucket);
      else until = Math.max(until, end);
    }
    if (until > 0) throw new RetryLater(429, Math.max(1, Math.ceil((until - nowMs) / 1000)));
  }

  function remember(bucket: string, until: number, nowMs: number): void {
    if (blocked.size >= MAX_BLOCKED) for (const [b, end] of blocked) if (end <= nowMs) blocked.delete(b);
    if (blocked.size < MAX_BLOCKED) blocked.set(bucket, until);
  }

  async function prune(at: Date): Promise<void> {
    if (at.getTime() < pruneAt) return;
    pruneAt = at.getTime() + PRUNE_EVERY_MS;
    try {
      await pruneExpired(db, at);
    } catch (error) {
      log.error('Pruning expired rate-limit, captcha, code and sign-in rows failed', error);
    }
  }

  return {
    rules,
    async hit(checks) {
      const at = now();
      await prune(at);
      if (!rules || checks.length === 0) return;
      const unknown = checks.find((check) => !Object.hasOwn(rules, check.rule));
      if (unknown) throw new Error(`Rate limit rule "${unknown.rule}" is declared neither by the kernel nor by an installed plugin.`);
      const nowMs = at.getTime();
      const named = [...new Map(checks.map((check) => [bucketOf(check), check])).entries()];
      refuseFromMemory(
        named.map(([bucket]) => bucket),
        nowMs,
      );
      for (const scope of ORDER) {
        const group = named.filter(([, check]) => rules[check.rule].scope === scope);
        if (group.length === 0) continue;
        let counts: Map<string, WindowCount>;
        if (scope === 'instance') {
          counts = new Map(group.map(([bucket, check]) => [bucket, countInMemory(instanceCounts, bucket, nowMs, rules[check.rule].windowMs)]));
        } else {
          const hits: BucketHit[] = group.map(([bucket, check]) => {
            const { windowMs } = rules[check.rule];
            const windowIndex = windowIndexAt(nowMs, windowMs);
            return { bucket, windowIndex, expiresAt: new Date((windowIndex + 2) * windowMs) };
          });
          counts = await db.global((tx) => countHits(tx, hits));
        }
        let retryAfter = 0;
        for (const [bucket, check] of group) {
          const count = counts.get(bucket);
          const { limit, windowMs } = rules[check.rule];
          if (!count || withinLimit(count, limit, nowMs, windowMs)) continue;
          const seconds = retryAfterSeconds(count, limit, nowMs, windowMs);
          remember(bucket, nowMs + seconds * 1000, nowMs);
          retryAfter = Math.max(retryAfter, seconds);
        }
        if (retryAfter > 0) throw new RetryLater(429, retryAfter);
      }
    },
  };
}
