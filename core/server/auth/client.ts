import { timingSafeEqual } from 'node:crypto';
import type { Tx } from '../db/types';
import { MSG, OAuthError } from './oauth-error';

/** An OAuth client (`blade_client`): whose Basic credentials mint tokens, and for how long. */
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

/** The client of the request, checked against `blade_client`; else HTTP 401 `客户端认证失败!`. */
export async function authenticateClient(tx: Tx, header: string | undefined): Promise<Client> {
  const basic = parseBasic(header);
  if (!basic || basic.id.length > 48) throw new OAuthError(MSG.badClient, 401);
  const row = await tx.one<{
    client_secret: string;
    authorized_grant_types: string;
    access_token_validity: number;
    refresh_token_validity: number;
  }>(
    `select client_secret, authorized_grant_types, access_token_validity, refresh_token_validity
       from blade_client where client_id = $1 and is_deleted = 0 and status = 1`,
    [basic.id],
  );
  if (!row || !same(row.client_secret, basic.secret)) throw new OAuthError(MSG.badClient, 401);
  return {
    clientId: basic.id,
    grantTypes: row.authorized_grant_types.split(',').map((g) => g.trim()),
    accessValidity: row.access_token_validity,
    refreshValidity: row.refresh_token_validity,
  };
}
