import { createHmac, randomUUID, timingSafeEqual } from 'node:crypto';

/**
 * HS512 JWTs with BladeX's claims, signed and checked with node's synchronous HMAC: a check is a few
 * microseconds on the request's own turn of the event loop, where WebCrypto's asynchronous one cost a
 * hundred or more. The header must say HS512 (`none` or any other algorithm is refused); issuer, audience
 * and type are checked, and the time claims against the server's injectable clock, so tests can expire a
 * token.
 */
const ISSUER = 'issuser';
const AUDIENCE = 'audience';
const ALG = 'HS512';
/** Tolerated clock difference between instances, seconds. */
const SKEW = 30;
const BASE64URL = /^[A-Za-z0-9_-]+$/;

const base64url = (text: string) => Buffer.from(text).toString('base64url');
/** Every token starts with this header (the same bytes hono/jwt wrote, so earlier tokens stay valid). */
const HEADER = base64url(JSON.stringify({ alg: ALG, typ: 'JWT' }));

function parseJson(part: string): Record<string, unknown> | null {
  try {
    const value: unknown = JSON.parse(Buffer.from(part, 'base64url').toString('utf8'));
    return typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}

const audienceMatches = (aud: unknown) => aud === AUDIENCE || (Array.isArray(aud) && aud.includes(AUDIENCE));

export interface AccessClaims {
  token_type: 'access_token';
  client_id: string;
  tenant_id: string;
  user_id: string;
  oauth_id: string;
  role_id: string;
  role_name: string;
  dept_id: string;
  post_id: string;
  account: string;
  user_name: string;
  nick_name: string;
  detail: { type: string };
  /** Session (refresh family) id. */
  sid: string;
  jti: string;
  exp: number;
  nbf: number;
  iat: number;
}

export interface RefreshClaims {
  token_type: 'refresh_token';
  client_id: string;
  tenant_id: string;
  user_id: string;
  role_id: string;
  dept_id: string;
  sid: string;
  jti: string;
  exp: number;
  nbf: number;
  iat: number;
}

type Claims = AccessClaims | RefreshClaims;
type ClaimInput<T extends Claims> = Omit<T, 'jti' | 'exp' | 'nbf' | 'iat' | 'token_type'>;

export interface SignedToken {
  token: string;
  jti: string;
  expiresAt: Date;
}

export interface TokenService {
  signAccess(claims: ClaimInput<AccessClaims>, ttlSeconds: number): SignedToken;
  signRefresh(claims: ClaimInput<RefreshClaims>, ttlSeconds: number): SignedToken;
  /** The claims of a valid, unexpired token of that type, else null (never throws). */
  verifyAccess(token: string): AccessClaims | null;
  verifyRefresh(token: string): RefreshClaims | null;
  /**
   * A lasting, unforgeable token for `data` (no expiry; it ends when the data it names ends), for one
   * purpose: a token made for one purpose never passes for another. A staff card's link carries one, so
   * that visits can only be recorded for cards the server issued.
   */
  signFor(purpose: string, data: string): string;
  /** The data of a token `signFor(purpose, …)` made, else null (never throws). */
  verifyFor(purpose: string, token: string): string | null;
}

export function createTokenService(secret: string, now: () => Date): TokenService {
  if (secret.length < 32) throw new Error('The token signing secret must be at least 32 characters.');

  const mac = (input: string) => createHmac('sha512', secret).update(input).digest();

  function issue<T extends Claims>(type: T['token_type'], claims: ClaimInput<T>, ttl: number): SignedToken {
    const iat = Math.floor(now().getTime() / 1000);
    const jti = randomUUID();
    const payload = { iss: ISSUER, aud: AUDIENCE, token_type: type, ...claims, jti, iat, nbf: iat, exp: iat + ttl };
    const signed = `${HEADER}.${base64url(JSON.stringify(payload))}`;
    return { token: `${signed}.${mac(signed).toString('base64url')}`, jti, expiresAt: new Date((iat + ttl) * 1000) };
  }

  function check<T extends Claims>(token: string, type: T['token_type']): T | null {
    if (!token || token.length > 8192) return null;
    const parts = token.split('.');
    if (parts.length !== 3) return null;
    const [header, body, signature] = parts as [string, string, string];
    if (!BASE64URL.test(signature)) return null;
    const expected = mac(`${header}.${body}`);
    const given = Buffer.from(signature, 'base64url');
    if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
    // Signed with our key, so parsing is safe; the header is still checked, as a verifier must (ours is
    // always the same bytes, which spares parsing it).
    if (header !== HEADER) {
      const head = parseJson(header);
      if (!head || head.alg !== ALG || (head.typ !== undefined && head.typ !== 'JWT') || 'crit' in head) return null;
    }
    const payload = parseJson(body);
    if (!payload) return null;
    const at = now().getTime() / 1000;
    if (payload.iss !== ISSUER || !audienceMatches(payload.aud)) return null;
    if (payload.token_type !== type) return null;
    if (typeof payload.exp !== 'number' || payload.exp <= at) return null;
    if (typeof payload.nbf === 'number' && payload.nbf > at + SKEW) return null;
    return payload as unknown as T;
  }

  // A key of its own per purpose, so that no purpose's token is ever a valid signature of another input.
  const purposeMac = (purpose: string, data: string) => createHmac('sha256', mac(`purpose:${purpose}`)).update(data).digest().subarray(0, 16);

  return {
    signFor: (purpose, data) => `${base64url(data)}.${purposeMac(purpose, data).toString('base64url')}`,
    verifyFor(purpose, token) {
      if (typeof token !== 'string' || token.length > 512) return null;
      const [body, signature, extra] = token.split('.');
      if (!body || !signature || extra !== undefined || !BASE64URL.test(body) || !BASE64URL.test(signature)) return null;
      const data = Buffer.from(body, 'base64url').toString('utf8');
      const given = Buffer.from(signature, 'base64url');
      const expected = purposeMac(purpose, data);
      return given.length === expected.length && timingSafeEqual(given, expected) ? data : null;
    },
    signAccess: (claims, ttl) => issue<AccessClaims>('access_token', claims, ttl),
    signRefresh: (claims, ttl) => issue<RefreshClaims>('refresh_token', claims, ttl),
    verifyAccess: (token) => check<AccessClaims>(token, 'access_token'),
    verifyRefresh: (token) => check<RefreshClaims>(token, 'refresh_token'),
  };
}
