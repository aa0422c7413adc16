import md5Hex from 'crypto-js/md5';
import sha256Hex from 'crypto-js/sha256';
import { md5, preloadMd5, sha256 } from './hash';

describe('hash', () => {
  afterEach(() => {
    rs.unstubAllGlobals();
  });

  it('md5: lower-case hex, as BladeX expects the login password', async () => {
    preloadMd5();
    expect(await md5('admin')).toBe('21232f297a57a5a743894a0e4a801fc3');
    expect(await md5('密码 pässword')).toBe(md5Hex('密码 pässword').toString());
  });

  it('md5: the test suite of RFC 1321', async () => {
    const suite: [string, string][] = [
      ['', 'd41d8cd98f00b204e9800998ecf8427e'],
      ['a', '0cc175b9c0f1b6a831c399e269772661'],
      ['abc', '900150983cd24fb0d6963f7d28e17f72'],
      ['message digest', 'f96b697d7cb7938d525a2f31aaf161d0'],
      ['abcdefghijklmnopqrstuvwxyz', 'c3fcd3d76192e4007dfb496cca67e13b'],
      ['ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789', 'd174ab98d277d9f5a5611c2c9f419d9f'],
      ['12345678901234567890123456789012345678901234567890123456789012345678901234567890', '57edf4a22be3c955ac49da2e2107b67a'],
    ];
    for (const [text, hex] of suite) expect(await md5(text)).toBe(hex);
  });

  it('md5: the hex crypto-js gives, for every length around the block and padding edges, and any characters', async () => {
    const characters = ['a', 'é', '密', '🎉'];
    for (let length = 0; length <= 140; length++) {
      const text = Array.from({ length }, (_, i) => characters[(i * 7 + length) % characters.length]).join('');
      expect(await md5(text)).toBe(md5Hex(text).toString());
    }
  });

  it('sha256 with Web Crypto gives the hex crypto-js gives (UTF-8 bytes)', async () => {
    expect(globalThis.crypto?.subtle).toBeTruthy();
    expect(await sha256('abc')).toBe('ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad');
    for (const text of ['', 'salt:s3cret-pw', '锁屏密码 ✓ émoji 🎉']) expect(await sha256(text)).toBe(sha256Hex(text).toString());
  });

  it('sha256 falls back to crypto-js where crypto.subtle is missing (plain http)', async () => {
    rs.stubGlobal('crypto', { getRandomValues: (a: Uint8Array) => a });
    expect(globalThis.crypto.subtle).toBeUndefined();
    expect(await sha256('锁屏密码 ✓ 🎉')).toBe(sha256Hex('锁屏密码 ✓ 🎉').toString());
    expect(await sha256('abc')).toBe('ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad');
  });
});
