/**
 * Hashes for the session. Neither is in the entry chunk: the login page shows without them.
 *
 * - md5: our own (md5.ts; Web Crypto has no MD5), fetched the first time a password is hashed (sign-in,
 *   registration, password change). `preloadMd5()` starts that download early (the login page calls it
 *   when the password field gets focus), so signing in does not wait for it.
 * - sha256: Web Crypto. `crypto.subtle` exists only in secure contexts (https, localhost); intranet
 *   deployments on plain http get crypto-js's sha256 instead, fetched on first use. Both hash the UTF-8
 *   bytes of the text, so they give the same hex.
 */

type HexHash = (text: string) => string;

let md5Module: Promise<HexHash> | null = null;

function loadMd5(): Promise<HexHash> {
  md5Module ??= import('./md5').then(
    (m) => m.default,
    (error: unknown) => {
      md5Module = null; // a failed download is tried again next time
      throw error;
    },
  );
  return md5Module;
}

/** Starts fetching the md5 code (ignored if it fails: md5() fetches again). */
export function preloadMd5(): void {
  loadMd5().catch(() => undefined);
}

/** The login password as BladeX expects it: md5, lower-case hex (the server hashes it again). */
export async function md5(text: string): Promise<string> {
  return (await loadMd5())(text);
}

function toHex(buffer: ArrayBuffer): string {
  return Array.from(new Uint8Array(buffer), (b) => b.toString(16).padStart(2, '0')).join('');
}

/** SHA-256 of the UTF-8 text, lower-case hex (the lock-screen password). */
export async function sha256(text: string): Promise<string> {
  const subtle = globalThis.crypto?.subtle;
  if (subtle) return toHex(await subtle.digest('SHA-256', new TextEncoder().encode(text)));
  const { default: sha256Hex } = await import('crypto-js/sha256');
  return sha256Hex(text).toString();
}
