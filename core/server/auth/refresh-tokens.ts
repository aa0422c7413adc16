import { createHash } from 'node:crypto';
import type { ServerContext } from '../context';
import type { Tx } from '../db/types';
import type { IdGenerator } from '../ids';
import { recordEndedSessions } from './revoked-sessions';

/**
 * Refresh tokens rotate: each one is recorded (the sha-256 of its jti), a use revokes it and the caller
 * gets the next one of the same family (the family is one sign-in: logout ends it). Presenting a token
 * that was already rotated means it leaked or was replayed, so the whole family is revoked.
 *
 * Ending a family also ends its access tokens at once (revoked-sessions.ts): each record keeps when the
 * access token issued with it expires, which is how long the session's end must be remembered.
 */
const hash = (jti: string) => createHash('sha256').update(jti).digest('hex');

/** What ending a session needs: the signal bus and the clock. */
export type SessionContext = Pick<ServerContext, 'signals' | 'now'>;

export interface RefreshRecord {
  tenantId: string;
  userId: string;
  clientId: string;
  familyId: string;
  jti: string;
  expiresAt: Date;
  /** Expiry of the access token issued with this refresh token. */
  accessExpiresAt: Date;
}

export async function recordRefresh(tx: Tx, ids: IdGenerator, record: RefreshRecord, now: Date): Promise<void> {
  // Housekeeping on the way: this user's long-expired rows go.
  await tx.query('delete from blade_refresh_token where tenant_id = $1 and user_id = $2 and expires_at < $3', [
    record.tenantId,
    record.userId,
    new Date(now.getTime() - 86_400_000),
  ]);
  await tx.query(
    `insert into blade_refresh_token (id, tenant_id, user_id, client_id, family_id, jti_hash, expires_at, access_expires_at, created_at)
     values ($1, $2, $3, $4, $5, $6, $7, $8, $9)`,
    [ids.next(), record.tenantId, record.userId, record.clientId, record.familyId, hash(record.jti), record.expiresAt, record.accessExpiresAt, now],
  );
}

export type Rotation = { ok: true; familyId: string; userId: string } | { ok: false; reused: boolean };

/** Revokes the token if it is live (atomically: of two concurrent uses only one wins). */
export async function rotateRefresh(ctx: SessionContext, tx: Tx, tenantId: string, jti: string): Promise<Rotation> {
  const now = ctx.now();
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
    await revokeFamily(ctx, tx, tenantId, known.family_id);
    return { ok: false, reused: true };
  }
  return { ok: false, reused: false };
}

/** Ends one session (sign-out, replay): its refresh tokens and, on every instance, its access tokens. */
export async function revokeFamily(ctx: SessionContext, tx: Tx, tenantId: string, familyId: string): Promise<void> {
  const now = ctx.now();
  await tx.query('update blade_refresh_token set revoked_at = $3 where tenant_id = $1 and family_id = $2 and revoked_at is null', [tenantId, familyId, now]);
  await endSessions(ctx, tx, tenantId, now, 'family_id = $3', [familyId]);
}

/**
 * Ends every session of a user (disabled, removed, renamed, password reset) but `keepFamily` (the session
 * that changed its own password goes on).
 */
export async function revokeUserSessions(ctx: SessionContext, tx: Tx, tenantId: string, userId: string, keepFamily?: string): Promise<void> {
  const now = ctx.now();
  const keep = keepFamily || null;
  await tx.query(
    `update blade_refresh_token set revoked_at = $3
      where tenant_id = $1 and user_id = $2 and revoked_at is null and ($4::bigint is null or family_id <> $4::bigint)`,
    [tenantId, userId, now, keep],
  );
  await endSessions(ctx, tx, tenantId, now, 'user_id = $3 and ($4::bigint is null or family_id <> $4::bigint)', [userId, keep]);
}

/** Ends every session of a tenant (the tenant removed): none of its tokens is honoured any more. */
export async function revokeTenantSessions(ctx: SessionContext, tx: Tx, tenantId: string): Promise<void> {
  const now = ctx.now();
  await tx.query('update blade_refresh_token set revoked_at = $2 where tenant_id = $1 and revoked_at is null', [tenantId, now]);
  await endSessions(ctx, tx, tenantId, now, 'true', []);
}

/** The sessions `where` selects whose access tokens may still be valid, recorded as ended. */
async function endSessions(ctx: SessionContext, tx: Tx, tenantId: string, now: Date, where: string, params: unknown[]): Promise<void> {
  // A row of before access_expires_at existed: its refresh expiry bounds its access token's.
  const sessions = await tx.query<{ family_id: string; user_id: string; until: Date }>(
    `select family_id::text as family_id, max(user_id)::text as user_id, max(coalesce(access_expires_at, expires_at)) as until
       from blade_refresh_token where tenant_id = $1 and ${where}
      group by family_id having max(coalesce(access_expires_at, expires_at)) > $2`,
    [tenantId, now, ...params],
  );
  await recordEndedSessions(
    tx,
    ctx.signals,
    tenantId,
    sessions.map((s) => ({ familyId: s.family_id, userId: s.user_id, until: new Date(s.until) })),
    now,
  );
}
