import { createHmac } from 'node:crypto';

/**
 * Aliyun's RPC-style request signature (signature version 1.0, HMAC-SHA1), as its API documents it:
 * every parameter but `Signature`, sorted by name, each name and value percent-encoded (RFC 3986: only
 * A–Z a–z 0–9 - _ . ~ left as they are, a space %20), joined as a query string; the string to sign is
 * `<METHOD>&%2F&<that query string, percent-encoded again>`, signed with the AccessKey secret plus `&`.
 */

/** RFC 3986 percent-encoding of UTF-8 (`encodeURIComponent` leaves ! ' ( ) * alone: Aliyun does not). */
export function percentEncode(value: string): string {
  return encodeURIComponent(value).replace(/[!'()*]/g, (ch) => `%${ch.charCodeAt(0).toString(16).toUpperCase()}`);
}

/** The canonicalised query string: parameters sorted by name (code unit order), encoded, joined. */
export function canonicalQuery(params: Readonly<Record<string, string>>): string {
  return Object.keys(params)
    .filter((name) => name !== 'Signature')
    .sort((a, b) => (a < b ? -1 : a > b ? 1 : 0))
    .map((name) => `${percentEncode(name)}=${percentEncode(params[name])}`)
    .join('&');
}

export function stringToSign(method: 'GET' | 'POST', params: Readonly<Record<string, string>>): string {
  return `${method}&${percentEncode('/')}&${percentEncode(canonicalQuery(params))}`;
}

/** The `Signature` parameter's value (base64, before it is percent-encoded into the URL). */
export function rpcSignature(secret: string, method: 'GET' | 'POST', params: Readonly<Record<string, string>>): string {
  return createHmac('sha1', `${secret}&`).update(stringToSign(method, params), 'utf8').digest('base64');
}

/** The query string of a signed GET request: the parameters and their `Signature`. */
export function signedQuery(secret: string, params: Readonly<Record<string, string>>): string {
  return `Signature=${percentEncode(rpcSignature(secret, 'GET', params))}&${canonicalQuery(params)}`;
}
