import { randomUUID } from 'node:crypto';
import { sign, verify } from 'hono/jwt';

/**
 * HS512 JWTs with BladeX's claims. Signature, issuer and audience are checked by
 * `hono/jwt`; time claims against the server's injectable clock, so tests can expire a token.
 */
const ISSUER = 'issuser';
const AUDIENCE = 'audience';
const ALG = 'HS512';
/** Tolerated clock difference between instances, seconds. */
const SKEW = 30;

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
  signAccess(claims: ClaimInput<AccessClaims>, ttlSeconds: number): Promise<SignedToken>;
  signRefresh(claims: ClaimInput<RefreshClaims>, ttlSeconds: number): Promise<SignedToken>;
  /** The claims of a valid, unexpired token of that type, else null (never throws). */
  verifyAccess(token: string): Promise<AccessClaims | null>;
  verifyRefresh(token: string): Promise<RefreshClaims | null>;
}

export function createTokenService(secret: string, now: () => Date): TokenService {
  if (secret.length < 32) throw new Error('The token signing secret must be at least 32 characters.');

  async function issue<T extends Claims>(type: T['token_type'], claims: ClaimInput<T>, ttl: number): Promise<SignedToken> {
    const iat = Math.floor(now().getTime() / 1000);
    const jti = randomUUID();
    const payload = { iss: ISSUER, aud: AUDIENCE, token_type: type, ...claims, jti, iat, nbf: iat, exp: iat + ttl };
    return { token: await sign(payload, secret, ALG), jti, expiresAt: new Date((iat + ttl) * 1000) };
  }

  async function check<T extends Claims>(token: string, type: T['token_type']): Promise<T | null> {
    if (!token || token.length > 8192) return null;
    let payload: Record<string, unknown>;
    try {
      payload = await verify(token, secret, { alg: ALG, iss: ISSUER, aud: AUDIENCE, exp: false, nbf: false, iat: false });
    } catch {
      return null;
    }
    const at = now().getTime() / 1000;
    if (payload.token_type !== type) return null;
    if (typeof payload.exp !== 'number' || payload.exp <= at) return null;
    if (typeof payload.nbf === 'number' && payload.nbf > at + SKEW) return null;
    return payload as unknown as T;
  }

  return {
    signAccess: (claims, ttl) => issue<AccessClaims>('access_token', claims, ttl),
    signRefresh: (claims, ttl) => issue<RefreshClaims>('refresh_token', claims, ttl),
    verifyAccess: (token) => check<AccessClaims>(token, 'access_token'),
    verifyRefresh: (token) => check<RefreshClaims>(token, 'refresh_token'),
  };
}
