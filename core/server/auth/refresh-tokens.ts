import { createHash } from 'node:crypto';
import type { Tx } from '../db/types';
import type { IdGenerator } from '../ids';

/**
 * Refresh tokens rotate: each one is recorded (the sha-256 of its jti), a use revokes it and the caller
 * gets the next one of the same family (the family is one sign-in: logout ends it). Presenting a token
 * that was already rotated means it leaked or was replayed, so the whole family is revoked.
 */
const hash = (jti: string) => createHash('sha256').update(jti).digest('hex');

export interface RefreshRecord {
  tenantId: string;
  userId: string;
  clientId: string;
  familyId: string;
  jti: string;
  expiresAt: Date;
}

export async function recordRefresh(tx: Tx, ids: IdGenerator, record: RefreshRecord, now: Date): Promise<void> {
  // Housekeeping on the way: this user's long-expired rows go.
  await tx.query('delete from blade_refresh_token where tenant_id = $1 and user_id = $2 and expires_at < $3', [
    record.tenantId,
    record.userId,
    new Date(now.getTime() - 86_400_000),
  ]);
  await tx.query(
    `insert into blade_refresh_token (id, tenant_id, user_id, client_id, family_id, jti_hash, expires_at, created_at)
     values ($1, $2, $3, $4, $5, $6, $7, $8)`,
    [ids.next(), record.tenantId, record.userId, record.clientId, record.familyId, hash(record.jti), record.expiresAt, now],
  );
}

export type Rotation = { ok: true; familyId: string; userId: string } | { ok: false; reused: boolean };

/** Revokes the token if it is live (atomically: of two concurrent uses only one wins). */
export async function rotateRefresh(tx: Tx, tenantId: string, jti: string, now: Date): Promise<Rotation> {
  const live = await tx.one<{ family_id: string; user_id: string }>(
    `update blade_refresh_token set revoked_at = $3
      where tenant_id = $1 and jti_hash = $2 and revoked_at is null and expires_at > $3
      returning family_id, user_id`,
    [tenantId, hash(jti), now],
  );
  if (live) return { ok: true, familyId: live.family_id, userId: live.user_id };
  const known = await tx.one<{ family_id: string; revoked: boolean }>(
    'select family_id, revoked_at is not null as revoked from blade_refresh_token where tenant_id = $1 and jti_hash = $2',
    [tenantId, hash(jti)],
  );
  if (known?.revoked) {
    await revokeFamily(tx, tenantId, known.family_id, now);
    return { ok: false, reused: true };
  }
  return { ok: false, reused: false };
}

export async function revokeFamily(tx: Tx, tenantId: string, familyId: string, now: Date): Promise<void> {
  await tx.query('update blade_refresh_token set revoked_at = $3 where tenant_id = $1 and family_id = $2 and revoked_at is null', [
    tenantId,
    familyId,
    now,
  ]);
}

/** Every session of a user but one (after a password change). */
export async function revokeUserSessions(tx: Tx, tenantId: string, userId: string, now: Date, keepFamily?: string): Promise<void> {
  await tx.query(
    `update blade_refresh_token set revoked_at = $3
      where tenant_id = $1 and user_id = $2 and revoked_at is null and ($4::bigint is null or family_id <> $4::bigint)`,
    [tenantId, userId, now, keepFamily || null],
  );
}
