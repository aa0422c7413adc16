import { createHash, randomBytes } from 'node:crypto';
import type { Tx } from '../../db/types';

/**
 * One-time codes a sign-in provider hands to /login (`?source&code&state`), carrying the third-party
 * identity until the browser trades the code at the token endpoint. Only the code's hash is stored.
 */
export interface ProviderIdentity {
  source: string;
  uuid: string;
  username: string;
  nickname: string;
  avatar: string;
}

const CODE_TTL_MS = 10 * 60_000;
const hash = (code: string) => createHash('sha256').update(code).digest('hex');

export async function createOAuthCode(tx: Tx, identity: ProviderIdentity, now: Date): Promise<string> {
  const code = randomBytes(24).toString('base64url');
  await tx.query('delete from blade_oauth_code where expires_at < $1', [now]);
  await tx.query(
    `insert into blade_oauth_code (code_hash, source, uuid, username, nickname, avatar, expires_at)
     values ($1, $2, $3, $4, $5, $6, $7)`,
    [hash(code), identity.source, identity.uuid, identity.username, identity.nickname, identity.avatar, new Date(now.getTime() + CODE_TTL_MS)],
  );
  return code;
}

/** The identity of a live, unused code of that source; the code is spent either way. */
export async function consumeOAuthCode(tx: Tx, source: string, code: string, now: Date): Promise<ProviderIdentity | null> {
  const row = await tx.one<{ uuid: string; username: string; nickname: string; avatar: string }>(
    `update blade_oauth_code set used_at = $3
      where code_hash = $1 and source = $2 and used_at is null and expires_at > $3
      returning uuid, username, nickname, avatar`,
    [hash(code), source, now],
  );
  return row ? { source, uuid: row.uuid, username: row.username ?? '', nickname: row.nickname ?? '', avatar: row.avatar ?? '' } : null;
}
