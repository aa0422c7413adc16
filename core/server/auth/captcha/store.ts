import { randomUUID } from 'node:crypto';
import type { Tx } from '../../db/types';

/**
 * Captcha codes live 30 minutes in `blade_captcha` (BladeX keeps them in Redis), and serve once. Anyone
 * may ask for one, so the table is bounded by the rate limits (per address, and a ceiling for everybody:
 * at most the ceiling × 30 minutes of live rows) and by the pruning of expired rows (ratelimit/prune.ts).
 */
const TTL_MS = 30 * 60_000;

export async function saveCaptcha(tx: Tx, code: string, now: Date): Promise<string> {
  const key = randomUUID();
  await tx.query('insert into blade_captcha (captcha_key, code, expires_at) values ($1, $2, $3)', [key, code.toLowerCase(), new Date(now.getTime() + TTL_MS)]);
  return key;
}

/** True when the code matches (case-insensitively) a live key; the key is spent either way. */
export async function consumeCaptcha(tx: Tx, key: string, code: string, now: Date): Promise<boolean> {
  if (key.length > 64 || code.length > 16) return false;
  const row = await tx.one<{ code: string; expires_at: Date }>('delete from blade_captcha where captcha_key = $1 returning code, expires_at', [key]);
  return !!row && row.expires_at.getTime() > now.getTime() && row.code === code.toLowerCase();
}
