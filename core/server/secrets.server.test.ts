import { describe, expect, test } from '@rstest/core';
import { createSecrets } from './secrets';

const SECRET = 'a-token-secret-of-at-least-32-characters!';
const secrets = createSecrets(SECRET);
const PURPOSE = 'certificate.pay.apiKey';

/** The sealed value with one byte of its binary part changed. */
function flipped(sealed: string, at: number): string {
  const bytes = Buffer.from(sealed.slice(3), 'base64url');
  bytes[at] = bytes[at]! ^ 0x01;
  return `v1.${bytes.toString('base64url')}`;
}

describe('ctx.secrets', () => {
  test('seals and opens: text, empty text, any script; the sealed value shows nothing of the plain', () => {
    for (const plain of ['0123456789abcdef0123456789abcdef', '', '商户密钥 ✓ 🔑', '-----BEGIN PRIVATE KEY-----\nMIIE…\n-----END PRIVATE KEY-----\n']) {
      const sealed = secrets.seal(PURPOSE, plain);
      expect(sealed).toMatch(/^v1\.[\w-]+$/);
      if (plain) expect(sealed).not.toContain(plain);
      expect(secrets.open(PURPOSE, sealed)).toBe(plain);
    }
  });

  test('a fresh IV each time: the same plain seals differently, both open', () => {
    const a = secrets.seal(PURPOSE, 'same');
    const b = secrets.seal(PURPOSE, 'same');
    expect(a).not.toBe(b);
    expect([secrets.open(PURPOSE, a), secrets.open(PURPOSE, b)]).toEqual(['same', 'same']);
  });

  test('another purpose, another server secret, a forged, truncated or malformed value: null, never a throw', () => {
    const sealed = secrets.seal(PURPOSE, 'merchant key');
    expect(secrets.open('certificate.pay.privateKey', sealed)).toBeNull();
    expect(createSecrets('another-token-secret-of-32-characters-or-more').open(PURPOSE, sealed)).toBeNull();
    // The same secret gives the same keys: another instance of the server opens it.
    expect(createSecrets(SECRET).open(PURPOSE, sealed)).toBe('merchant key');
    const length = Buffer.from(sealed.slice(3), 'base64url').length;
    for (const at of [0, 11, 12, length - 17, length - 1]) expect(secrets.open(PURPOSE, flipped(sealed, at))).toBeNull();
    for (const bad of [sealed.slice(0, -4), sealed.slice(0, 20), 'v1.', 'v1.!!!', 'v2.' + sealed.slice(3), sealed.slice(3), '', 'merchant key']) {
      expect(secrets.open(PURPOSE, bad)).toBeNull();
    }
    expect(secrets.open(PURPOSE, null as unknown as string)).toBeNull();
    expect(secrets.open('', sealed)).toBeNull();
  });

  test('a purpose that is no plain name is a programming error when sealing', () => {
    expect(() => secrets.seal('', 'x')).toThrow('purpose');
    expect(() => secrets.seal('a b', 'x')).toThrow('purpose');
  });
});
