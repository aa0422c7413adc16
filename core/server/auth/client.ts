import { timingSafeEqual } from 'node:crypto';
import type { Tx } from '../db/types';
import type { Extensions, OAuthClient } from '../extensions';
import { MSG, OAuthError } from './oauth-error';

/** An OAuth client: whose Basic credentials mint tokens, and for how long. */
export interface Client {
  clientId: string;
  grantTypes: string[];
  accessValidity: number;
  refreshValidity: number;
}

/** `Authorization: Basic base64(id:secret)`; BladeX tolerates `Basic%20…`. */
export function parseBasic(header: string | undefined): { id: string; secret: string } | null {
  const match = /^basic(?:\s+|%20)(.+)$/i.exec(header?.trim() ?? '');
  if (!match) return null;
  const decoded = Buffer.from(match[1], 'base64').toString('utf8');
  const colon = decoded.indexOf(':');
  if (colon <= 0) return null;
  return { id: decoded.slice(0, colon), secret: decoded.slice(colon + 1) };
}

const same = (a: string, b: string) => {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
};

/**
 * The client a product without a client plugin accepts: the browser app's own, whose id and secret
 * every copy of the app carries anyway (a secret only in name). With the client plugin installed, its
 * table decides.
 */
export const DEFAULT_CLIENT: OAuthClient = {
  clientId: 'saber',
  secret: 'saber_secret',
  grantTypes: ['refresh_token', 'password', 'captcha', 'social'],
  accessValidity: 3600,
  refreshValidity: 604800,
};

/** The client of the request, checked against the clients a plugin provides (or the default one); else HTTP 401 `客户端认证失败!`. */
export async function authenticateClient(tx: Tx, header: string | undefined, clients: Extensions['clients']): Promise<Client> {
  const basic = parseBasic(header);
  if (!basic || basic.id.length > 48) throw new OAuthError(MSG.badClient, 401);
  const found = clients ? await clients.find(tx, basic.id) : basic.id === DEFAULT_CLIENT.clientId ? DEFAULT_CLIENT : undefined;
  if (!found || !same(found.secret, basic.secret)) throw new OAuthError(MSG.badClient, 401);
  return { clientId: basic.id, grantTypes: found.grantTypes, accessValidity: found.accessValidity, refreshValidity: found.refreshValidity };
}
