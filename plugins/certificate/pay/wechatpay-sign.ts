import { createPrivateKey, createPublicKey, createSign, createVerify, type KeyObject, randomBytes, X509Certificate } from 'node:crypto';

/**
 * WeChat Pay API v3's signatures, as its public documentation describes them: a request is signed with
 * the merchant's private key (RSA-SHA256, base64) over `METHOD\nURL\ntimestamp\nnonce\nbody\n` and names
 * itself in an `Authorization: WECHATPAY2-SHA256-RSA2048 …` header; an answer is signed with the
 * platform's key over `timestamp\nnonce\nbody\n`, in the `Wechatpay-*` headers. The provider and the
 * tests' fake server both use these functions, each with its own keys.
 */

export const AUTH_SCHEME = 'WECHATPAY2-SHA256-RSA2048';

/** How far a signed timestamp may be from our clock, either way (WeChat's own window). */
export const TIMESTAMP_WINDOW_SECONDS = 300;

/** A 32-character random nonce. */
export const newNonce = () => randomBytes(16).toString('hex');

export function sign(privateKey: KeyObject, message: string): string {
  return createSign('RSA-SHA256').update(message, 'utf8').sign(privateKey, 'base64');
}

export function verify(publicKey: KeyObject, message: string, signature: string): boolean {
  try {
    return createVerify('RSA-SHA256').update(message, 'utf8').verify(publicKey, signature, 'base64');
  } catch {
    return false;
  }
}

/** What a request's signature covers; `url` is the path with its query string, as sent. */
export const requestMessage = (method: string, url: string, timestamp: string, nonce: string, body: string) => `${method}\n${url}\n${timestamp}\n${nonce}\n${body}\n`;

/** What an answer's signature covers. */
export const answerMessage = (timestamp: string, nonce: string, body: string) => `${timestamp}\n${nonce}\n${body}\n`;

export interface Authorization {
  mchid: string;
  nonce_str: string;
  signature: string;
  timestamp: string;
  serial_no: string;
}

export function authorizationHeader(a: Authorization): string {
  return `${AUTH_SCHEME} mchid="${a.mchid}",nonce_str="${a.nonce_str}",signature="${a.signature}",timestamp="${a.timestamp}",serial_no="${a.serial_no}"`;
}

/** The header's parts, or null when it is not a WeChat Pay v3 authorization. */
export function parseAuthorization(header: string | undefined): Authorization | null {
  if (!header?.startsWith(`${AUTH_SCHEME} `)) return null;
  const parts: Record<string, string> = {};
  for (const match of header.slice(AUTH_SCHEME.length + 1).matchAll(/(\w+)="([^"]*)"/g)) parts[match[1]!] = match[2]!;
  const { mchid, nonce_str, signature, timestamp, serial_no } = parts;
  if (!mchid || !nonce_str || !signature || !timestamp || !serial_no) return null;
  return { mchid, nonce_str, signature, timestamp, serial_no };
}

/** Is a Unix timestamp (seconds, as text) within the window of `now`? */
export function timestampFresh(timestamp: string, now: Date): boolean {
  if (!/^\d{1,12}$/.test(timestamp)) return false;
  return Math.abs(Number(timestamp) - Math.floor(now.getTime() / 1000)) <= TIMESTAMP_WINDOW_SECONDS;
}

/** An RSA private key from PEM (PKCS#8 or PKCS#1), or null when the text is not one. */
export function privateKeyFrom(pem: string): KeyObject | null {
  try {
    const key = createPrivateKey({ key: pem, format: 'pem' });
    return key.asymmetricKeyType === 'rsa' ? key : null;
  } catch {
    return null;
  }
}

/**
 * The platform's RSA public key from PEM: a public key (WeChat's "platform public key" mode) or a
 * platform certificate (its serial number then read too). A private key is not accepted here.
 */
export function platformKeyFrom(pem: string): { key: KeyObject; serial?: string } | null {
  try {
    if (pem.includes('BEGIN CERTIFICATE')) {
      const certificate = new X509Certificate(pem);
      return certificate.publicKey.asymmetricKeyType === 'rsa' ? { key: certificate.publicKey, serial: certificate.serialNumber.toUpperCase() } : null;
    }
    if (!pem.includes('PUBLIC KEY')) return null;
    const key = createPublicKey({ key: pem, format: 'pem' });
    return key.asymmetricKeyType === 'rsa' ? { key } : null;
  } catch {
    return null;
  }
}
