// Submodules only: the whole crypto-js would add ~64 kB to the login chunk.
import md5Hex from 'crypto-js/md5';
import sha256Hex from 'crypto-js/sha256';

/** The login password as BladeX expects it: md5, lower-case hex (the server hashes it again). */
export function md5(text: string): string {
  return md5Hex(text).toString();
}

/**
 * Hash for the lock-screen password. Synchronous on purpose (crypto.subtle exists only in secure
 * contexts, and intranet deployments are often plain http).
 */
export function sha256(text: string): string {
  return sha256Hex(text).toString();
}
