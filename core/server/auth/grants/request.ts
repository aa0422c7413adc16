import type { LocalText } from '../../i18n';
import type { Client } from '../client';

/** A token request once the client is authenticated and the tenant is known. */
export interface TokenRequest {
  params: Record<string, string>;
  header: (name: string) => string | undefined;
  client: Client;
  tenantId: string;
  /** `User-Type` header (web, app, other): BladeX puts it in the token's `detail`. */
  userType: string;
  /** The caller's address ('' when unknown): the lock-out counts per account and address. */
  clientIp: string;
}

/**
 * What a grant's transaction decided. A refusal is returned, not thrown, so that what the transaction
 * wrote on the way (a failed attempt counted, a replayed family revoked) is committed before we answer.
 */
export type Outcome<T> = { ok: T } | { refused: LocalText };
