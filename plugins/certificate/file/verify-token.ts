import type { Context } from 'hono';
import { isBigintId, type ServerContext, TENANT_ID } from '../../../core/sdk/server';

/**
 * The certificate's QR code: `<origin>/api/certificate/verify?t=<token>`, the token signed by this server
 * for `<tenant>:<order id>`. It never expires (a printed certificate is checked years later); whether the
 * certificate still stands is the order's state at the time of the check.
 */

export const VERIFY_PATH = '/certificate/verify';
const PURPOSE = 'certificate';

/** Whose certificate a token names. */
export interface CertificateRef {
  tenantId: string;
  orderId: string;
}

/**
 * Where the check is answered: `PUBLIC_URL` (the address people reach this server at, behind a proxy or a
 * domain name) when set, else the origin the request came to.
 */
export function publicOrigin(c: Context): string {
  const configured = process.env.PUBLIC_URL?.trim();
  if (configured) {
    try {
      const url = new URL(configured);
      if (url.protocol === 'https:' || url.protocol === 'http:') return `${url.origin}${url.pathname.replace(/\/+$/, '')}`;
    } catch {
      // Not a URL: the request's own origin.
    }
  }
  return new URL(c.req.url).origin;
}

export function verifyUrl(ctx: Pick<ServerContext, 'tokens'>, origin: string, tenantId: string, orderId: string): string {
  return `${origin}/api${VERIFY_PATH}?t=${encodeURIComponent(ctx.tokens.signFor(PURPOSE, `${tenantId}:${orderId}`))}`;
}

/** The certificate a token names, or null for one this server did not sign (or altered, or malformed inside). */
export function certificateOfToken(ctx: Pick<ServerContext, 'tokens'>, token: string): CertificateRef | null {
  const data = ctx.tokens.verifyFor(PURPOSE, token);
  const [tenantId = '', orderId = '', ...rest] = (data ?? '').split(':');
  if (!data || rest.length || !TENANT_ID.test(tenantId) || !/^[1-9]\d{0,18}$/.test(orderId) || !isBigintId(orderId)) return null;
  return { tenantId, orderId };
}
