import type { Db, Tx } from '../db/types';
import { commaPayloads, type Signals } from '../signals/bus';

/**
 * Ended sessions, so that an access token stops working the moment its session ends (sign-out, refresh
 * replay, its user disabled, removed or their password changed) instead of at its expiry, without asking
 * the database on every request. A session is a refresh family: every access token carries its id (`sid`).
 *
 * `blade_session_revocation` holds each ended session until the last access token it issued has expired;
 * every instance keeps those ids in memory, loaded at start (and again after a lost connection) and
 * added to by a signal from the transaction that ends a session. While the signal bus is not live the
 * check asks the database instead. Guest tokens belong to no session (no refresh token, a short life):
 * there is nothing to end, they are not checked.
 */
export const SESSION_REVOKED = 'blade_session_revoked';

export interface RevokedSessions {
  /** Whether the session `sessionId` of tenant `tenantId` was ended. */
  isRevoked(tenantId: string, sessionId: string): boolean | Promise<boolean>;
}

export interface EndedSession {
  familyId: string;
  userId: string;
  /** When the last access token of the session expires: the record is useless afterwards. */
  until: Date;
}

const SESSION_ID = /^\d{1,19}$/;

export function createRevokedSessions(db: Db, signals: Signals, now: () => Date): RevokedSessions {
  /** Session id → when its record may be forgotten (epoch ms). */
  const ended = new Map<string, number>();
  let sweepAt = 1024;

  const add = (familyId: string, until: number) => {
    ended.set(familyId, Math.max(until, ended.get(familyId) ?? 0));
    // Expired records go when the map has doubled since the last sweep: amortised, and no timer to stop.
    if (ended.size >= sweepAt) {
      const at = now().getTime();
      for (const [id, expiry] of ended) if (expiry <= at) ended.delete(id);
      sweepAt = Math.max(1024, ended.size * 2);
    }
  };

  signals.on(SESSION_REVOKED, (payload) => {
    for (const item of payload.split(',')) {
      const [familyId, seconds] = item.split(':');
      if (familyId && SESSION_ID.test(familyId)) add(familyId, Number(seconds) * 1000 || Number.MAX_SAFE_INTEGER);
    }
  });

  // Records never disappear while still useful, so a reload only adds to what is known.
  signals.onResync(async () => {
    const at = now();
    const rows = await db.system(async (tx) => {
      await tx.query('delete from blade_session_revocation where expires_at <= $1', [at]);
      return tx.query<{ family_id: string; until: Date }>('select family_id::text as family_id, expires_at as until from blade_session_revocation');
    });
    for (const row of rows) add(row.family_id, row.until.getTime());
  });

  return {
    isRevoked(tenantId, sessionId) {
      if (!sessionId) return false;
      if (!SESSION_ID.test(sessionId)) return true; // we sign every sid: anything else is no session of ours
      if (signals.live) return ended.has(sessionId);
      return db
        .tenant(tenantId, (tx) => tx.one('select 1 as found from blade_session_revocation where tenant_id = $1 and family_id = $2', [tenantId, sessionId]))
        .then((row) => row !== undefined);
    },
  };
}

/**
 * Records ended sessions in the transaction that ends them and tells every instance once it commits.
 * Already-expired ones are left out (their tokens no longer work anyway); the tenant's records past use
 * are removed on the way.
 */
export async function recordEndedSessions(tx: Tx, signals: Signals, tenantId: string, sessions: readonly EndedSession[], now: Date): Promise<void> {
  await tx.query('delete from blade_session_revocation where tenant_id = $1 and expires_at <= $2', [tenantId, now]);
  const live = sessions.filter((s) => s.until > now);
  if (live.length === 0) return;
  await tx.query(
    `insert into blade_session_revocation (family_id, tenant_id, user_id, revoked_at, expires_at)
     select s.family_id, $1, s.user_id, $2, s.until from unnest($3::bigint[], $4::bigint[], $5::timestamptz[]) as s(family_id, user_id, until)
     on conflict (family_id) do update set expires_at = greatest(blade_session_revocation.expires_at, excluded.expires_at)`,
    [tenantId, now, live.map((s) => s.familyId), live.map((s) => s.userId), live.map((s) => s.until.toISOString())],
  );
  const items = live.map((s) => `${s.familyId}:${Math.ceil(s.until.getTime() / 1000)}`);
  for (const payload of commaPayloads(items)) await signals.publish(tx, SESSION_REVOKED, payload);
}
