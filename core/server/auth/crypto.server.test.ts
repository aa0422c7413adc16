import { inflateSync } from 'node:zlib';
import { createHash } from 'node:crypto';
import { describe, expect, test } from '@rstest/core';
import { crc32, encodePng } from './captcha/png';
import { CAPTCHA_ALPHABET, glyph } from './captcha/font';
import { HEIGHT, randomCode, renderCaptcha, WIDTH } from './captcha/render';
import { hashPassword, md5, verifyPassword } from './password';
import { createTokenService } from './jwt';

describe('captcha image', () => {
  test('a valid 130×48 RGB PNG: signature, chunk CRCs, pixel data of the right size', () => {
    const png = renderCaptcha(randomCode());
    expect([...png.subarray(0, 8)]).toEqual([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
    let offset = 8;
    const chunks: Record<string, Buffer> = {};
    while (offset < png.length) {
      const length = png.readUInt32BE(offset);
      const type = png.toString('ascii', offset + 4, offset + 8);
      const data = png.subarray(offset + 8, offset + 8 + length);
      expect(png.readUInt32BE(offset + 8 + length)).toBe(crc32(png.subarray(offset + 4, offset + 8 + length)));
      chunks[type] = data;
      offset += 12 + length;
    }
    expect(Object.keys(chunks)).toEqual(['IHDR', 'IDAT', 'IEND']);
    expect(chunks.IHDR.readUInt32BE(0)).toBe(WIDTH);
    expect(chunks.IHDR.readUInt32BE(4)).toBe(HEIGHT);
    expect([chunks.IHDR[8], chunks.IHDR[9]]).toEqual([8, 2]);
    expect(inflateSync(chunks.IDAT).length).toBe((WIDTH * 3 + 1) * HEIGHT);
  });

  test('crc32 matches the reference value', () => {
    expect(crc32(new TextEncoder().encode('123456789'))).toBe(0xcbf43926);
    expect(() => encodePng(2, 2, new Uint8Array(3))).toThrow();
  });

  test('codes use the unambiguous alphabet, which the font covers', () => {
    for (const char of CAPTCHA_ALPHABET) expect(glyph(char)).toHaveLength(7);
    for (let i = 0; i < 50; i++) expect(randomCode()).toMatch(/^[ACDEFHJKMNPRTUVWXY234678]{5}$/);
    expect(CAPTCHA_ALPHABET).not.toMatch(/[01OILSB5Z9GQ]/);
  });
});

describe('passwords', () => {
  test('scrypt, self-describing, salted (two hashes of one password differ)', async () => {
    const a = await hashPassword(md5('admin'));
    const b = await hashPassword(md5('admin'));
    expect(a).toMatch(/^scrypt\$16384\$8\$1\$[\w-]{22}\$[\w-]{43}$/);
    expect(a).not.toBe(b);
    expect(await verifyPassword(md5('admin'), a)).toBe('ok');
    expect(await verifyPassword(md5('wrong'), a)).toBe('wrong');
    expect(await verifyPassword(md5('admin'), null)).toBe('wrong');
    expect(await verifyPassword(md5('admin'), 'garbage')).toBe('wrong');
  });

  test('legacy BladeX sha1(md5) rows are recognised', async () => {
    const legacy = createHash('sha1').update(md5('admin')).digest('hex');
    expect(legacy).toBe('90b9aa7e25f80cf4f64e990b78a9fc5ebd6cecad');
    expect(await verifyPassword(md5('admin'), legacy)).toBe('ok-legacy');
    expect(await verifyPassword(md5('nope'), legacy)).toBe('wrong');
  });
});

describe('tokens', () => {
  test('signed HS512, checked for type, signature and expiry', async () => {
    let now = new Date('2024-01-01T00:00:00Z');
    const tokens = createTokenService('x'.repeat(40), () => now);
    const claims = { client_id: 'saber', tenant_id: '000000', user_id: '1', role_id: '2', dept_id: '', sid: '9' };
    const refresh = await tokens.signRefresh(claims, 60);
    expect(await tokens.verifyRefresh(refresh.token)).toMatchObject({ ...claims, token_type: 'refresh_token', jti: refresh.jti });
    expect(await tokens.verifyAccess(refresh.token)).toBeNull();
    expect(await createTokenService('y'.repeat(40), () => now).verifyRefresh(refresh.token)).toBeNull();
    now = new Date(now.getTime() + 61_000);
    expect(await tokens.verifyRefresh(refresh.token)).toBeNull();
    expect(() => createTokenService('short', () => now)).toThrow();
  });
});
