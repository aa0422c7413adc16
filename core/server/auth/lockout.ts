import type { Tx } from '../db/types';

/**
 * Sign-in lock-out (BladeX `account.failCount`): after `limit` attempts for one tenant, account and client
 * address within 30 minutes, that account is locked for 30 minutes from that address. The attempt is
 * counted BEFORE its password is checked, in one atomic statement that answers whether it may go on: of
 * many attempts sent at once only `limit` are ever checked, whatever their timing. A right password clears
 * the count. Keyed by address too, so that anonymous guesses from one place do not lock the account's owner
 * out everywhere (spreading guesses over many addresses is what the rate limits slow down). Counted
 * whether the account exists or not (no hint either way), in the database, so every instance shares it.
 */
export const WINDOW_MS = 30 * 60_000;
export const LOCK_MS = 30 * 60_000;

export interface AttemptKey {
  tenantId: string;
  account: string;
  /** '' when the address is unknown (an in-process request). */
  clientIp: string;
}

/**
 * Counts an attempt and says whether its password may be checked: not when it is past the limit (the
 * attempt that reaches the limit sets the lock and is the last one checked). An expired window or lock
 * starts a new count.
 */
export async function reserveAttempt(tx: Tx, key: AttemptKey, limit: number, now: Date): Promise<boolean> {
  const windowStart = new Date(now.getTime() - WINDOW_MS);
  const lockUntil = new Date(now.getTime() + LOCK_MS);
  // Every branch reads the row as it was. A lock in force: counted past the limit. A lock run out or a
  // window passed: attempt 1 again. Otherwise the next attempt; the one that reaches the limit sets the
  // lock and is still checked (a right password clears it), the ones after it are not.
  const row = await tx.one<{ fail_count: number }>(
    `insert into blade_login_failure as f (tenant_id, account, client_ip, fail_count, first_failed_at, locked_until)
     values ($1, $2, $3, 1, $4, case when 1 >= $7::int then $6::timestamptz end)
     on conflict (tenant_id, account, client_ip) do update set
       fail_count = case when f.locked_until > $4 then least(f.fail_count + 1, 1000000)
                         when f.locked_until is not null or f.first_failed_at < $5 then 1
                         else f.fail_count + 1 end,
       first_failed_at = case when f.locked_until > $4 then f.first_failed_at
                              when f.locked_until is not null or f.first_failed_at < $5 then $4
                              else f.first_failed_at end,
       locked_until = case when f.locked_until > $4 then f.locked_until
                           when f.locked_until is not null or f.first_failed_at < $5 then case when 1 >= $7::int then $6::timestamptz end
                           when f.fail_count + 1 >= $7::int then $6::timestamptz
                           end
     returning fail_count`,
    [key.tenantId, key.account, key.clientIp, now, windowStart, lockUntil, limit],
  );
  return !!row && row.fail_count <= limit;
}

/** After a right password: the count of this tenant, account and address starts again. */
export async function clearAttempts(tx: Tx, key: AttemptKey, now: Date): Promise<void> {
  await tx.query('delete from blade_login_failure where tenant_id = $1 and account = $2 and client_ip = $3', [key.tenantId, key.account, key.clientIp]);
  // Housekeeping on the way: the tenant's rows whose window and lock are both over count for nothing.
  await tx.query(
    `delete from blade_login_failure where tenant_id = $1 and first_failed_at < $2 and (locked_until is null or locked_until < $3)`,
    [key.tenantId, new Date(now.getTime() - WINDOW_MS), now],
  );
}
