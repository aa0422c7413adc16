import type { Tx } from '../db/types';

/**
 * Sign-in lock-out (BladeX `account.failCount`): 5 wrong passwords for one tenant + account within 30
 * minutes lock that account for 30 minutes. Counted whether the account exists or not (no hint either
 * way), in the database so every instance sees the same count, and updated in one atomic statement.
 */
export const MAX_FAILURES = 5;
export const WINDOW_MS = 30 * 60_000;
export const LOCK_MS = 30 * 60_000;

export async function isLocked(tx: Tx, tenantId: string, account: string, now: Date): Promise<boolean> {
  const row = await tx.one<{ locked: boolean }>(
    `select coalesce(locked_until > $3, false) as locked from blade_login_failure where tenant_id = $1 and account = $2`,
    [tenantId, account, now],
  );
  return row?.locked ?? false;
}

export async function recordFailure(tx: Tx, tenantId: string, account: string, now: Date): Promise<void> {
  const windowStart = new Date(now.getTime() - WINDOW_MS);
  const lockUntil = new Date(now.getTime() + LOCK_MS);
  // A failure after the window starts a new count; the 5th within the window sets the lock.
  await tx.query(
    `insert into blade_login_failure as f (tenant_id, account, fail_count, first_failed_at)
     values ($1, $2, 1, $3)
     on conflict (tenant_id, account) do update set
       fail_count = case when f.first_failed_at < $4 then 1 else f.fail_count + 1 end,
       first_failed_at = case when f.first_failed_at < $4 then $3 else f.first_failed_at end,
       locked_until = case when f.first_failed_at >= $4 and f.fail_count + 1 >= $6 then $5 else f.locked_until end`,
    [tenantId, account, now, windowStart, lockUntil, MAX_FAILURES],
  );
}

export async function clearFailures(tx: Tx, tenantId: string, account: string): Promise<void> {
  await tx.query('delete from blade_login_failure where tenant_id = $1 and account = $2', [tenantId, account]);
}
