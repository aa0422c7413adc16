import type { Db } from '../db/types';
import { WINDOW_MS as SIGN_IN_WINDOW_MS } from '../auth/lockout';

/**
 * Rows that anonymous calls leave behind and that count for nothing once their time is over: rate-limit
 * buckets, captcha codes, third-party sign-in codes, and failed sign-ins (of any tenant and account name,
 * invented ones included) whose window and lock are both over. The rate limits bound how fast such rows
 * are made; this bounds how long they stay. Run as the owner: failed sign-ins are tenant rows, and these
 * are every tenant's.
 */
export async function pruneExpired(db: Db, now: Date): Promise<void> {
  await db.system(async (tx) => {
    await tx.query('delete from blade_rate_limit where expires_at < $1', [now]);
    await tx.query('delete from blade_captcha where expires_at < $1', [now]);
    await tx.query('delete from blade_oauth_code where expires_at < $1', [now]);
    await tx.query('delete from blade_login_failure where first_failed_at < $1 and (locked_until is null or locked_until < $2)', [
      new Date(now.getTime() - SIGN_IN_WINDOW_MS),
      now,
    ]);
  });
}
