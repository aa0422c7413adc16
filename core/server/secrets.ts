import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';

/**
 * Secrets kept at rest in a table (a payment merchant's API key, its private key): sealed with AES-256-GCM
 * under a key derived (HKDF-SHA256) from the server's token secret and the value's purpose, so a table
 * dump alone reveals nothing, and a value sealed for one purpose never opens for another (each purpose has
 * its own key, and the purpose is authenticated too). A sealed value is text: `v1.` + base64url of the
 * 12-byte random IV, the ciphertext and the 16-byte tag. Changing the token secret makes the sealed values
 * unreadable: they are entered again.
 */
export interface Secrets {
  /** `plain` sealed for `purpose` (`certificate.pay.apiKey`); a fresh IV each time, so equal plains seal differently. */
  seal(purpose: string, plain: string): string;
  /** The plain text, or null for anything that is not a value sealed for this purpose by this server (forged, truncated, another purpose's). Never throws. */
  open(purpose: string, sealed: string): string | null;
}

const VERSION = 'v1.';
const IV_BYTES = 12;
const TAG_BYTES = 16;
/** Fixed, so that the same secret and purpose always give the same key (the secret is the key material). */
const SALT = 'card-admin/secrets/v1';
const PURPOSE = /^[\w.:-]{1,100}$/;

export function createSecrets(tokenSecret: string): Secrets {
  const keys = new Map<string, Buffer>();
  const keyOf = (purpose: string) => {
    let key = keys.get(purpose);
    if (!key) {
      key = Buffer.from(hkdfSync('sha256', tokenSecret, SALT, `purpose:${purpose}`, 32));
      keys.set(purpose, key);
    }
    return key;
  };
  return {
    seal(purpose, plain) {
      if (!PURPOSE.test(purpose)) throw new Error(`secrets.seal: the purpose "${purpose}" must be 1 to 100 letters, digits, dots, colons, dashes or underscores.`);
      const iv = randomBytes(IV_BYTES);
      const cipher = createCipheriv('aes-256-gcm', keyOf(purpose), iv);
      cipher.setAAD(Buffer.from(purpose));
      const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
      return VERSION + Buffer.concat([iv, body, cipher.getAuthTag()]).toString('base64url');
    },
    open(purpose, sealed) {
      if (typeof sealed !== 'string' || !PURPOSE.test(purpose) || !sealed.startsWith(VERSION)) return null;
      const encoded = sealed.slice(VERSION.length);
      if (!/^[\w-]*$/.test(encoded)) return null;
      const bytes = Buffer.from(encoded, 'base64url');
      if (bytes.length < IV_BYTES + TAG_BYTES) return null;
      try {
        const decipher = createDecipheriv('aes-256-gcm', keyOf(purpose), bytes.subarray(0, IV_BYTES));
        decipher.setAAD(Buffer.from(purpose));
        decipher.setAuthTag(bytes.subarray(bytes.length - TAG_BYTES));
        return Buffer.concat([decipher.update(bytes.subarray(IV_BYTES, bytes.length - TAG_BYTES)), decipher.final()]).toString('utf8');
      } catch {
        return null;
      }
    },
  };
}
