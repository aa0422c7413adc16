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
