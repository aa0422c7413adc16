import { createHmac } from 'node:crypto';
import { expect, test } from '@rstest/core';
import { sign, verify } from 'hono/jwt';
import { createTokenService } from './jwt';

/**
 * The synchronous HMAC tokens are the same tokens as before (hono/jwt's HS512): issued ones stay valid
 * across the change, both ways. Only HS512 with our issuer, audience, type and times passes.
 */
const SECRET = 'jwt-test-secret-jwt-test-secret-jwt-test';
const at = new Date('2025-03-01T08:00:00Z');
const seconds = Math.floor(at.getTime() / 1000);
const tokens = createTokenService(SECRET, () => at);
const claims = { client_id: 'saber', tenant_id: '000000', user_id: '1', role_id: '2', dept_id: '3', sid: '9' };
const valid = { iss: 'issuser', aud: 'audience', token_type: 'refresh_token', ...claims, jti: 'j', iat: seconds, nbf: seconds, exp: seconds + 60 };

const b64 = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');
const hs512 = (header: unknown, payload: unknown) => {
  const signed = `${b64(header)}.${b64(payload)}`;
  return `${signed}.${createHmac('sha512', SECRET).update(signed).digest('base64url')}`;
};

test('a token hono/jwt signed is accepted, and one signed here passes hono/jwt', async () => {
  const before = await sign(valid, SECRET, 'HS512');
  expect(tokens.verifyRefresh(before)).toMatchObject(claims);
  const now = tokens.signRefresh(claims, 3600);
  const checked = await verify(now.token, SECRET, { alg: 'HS512', iss: 'issuser', aud: 'audience', exp: false, nbf: false, iat: false });
  expect(checked).toMatchObject({ ...claims, token_type: 'refresh_token', jti: now.jti });
  // Same header bytes as before.
  expect(now.token.split('.')[0]).toBe(before.split('.')[0]);
});

test('refused: another algorithm in the header (even correctly signed), none, a foreign key, a bad shape', () => {
  expect(tokens.verifyRefresh(hs512({ alg: 'HS512', typ: 'JWT' }, valid))).not.toBeNull();
  expect(tokens.verifyRefresh(hs512({ alg: 'HS256', typ: 'JWT' }, valid))).toBeNull();
  expect(tokens.verifyRefresh(hs512({ alg: 'none' }, valid))).toBeNull();
  expect(tokens.verifyRefresh(hs512({ alg: 'HS512', typ: 'JWT', crit: ['x'] }, valid))).toBeNull();
  expect(tokens.verifyRefresh(`${b64({ alg: 'none', typ: 'JWT' })}.${b64(valid)}.`)).toBeNull();
  expect(createTokenService('another-secret-another-secret-another', () => at).verifyRefresh(hs512({ alg: 'HS512', typ: 'JWT' }, valid))).toBeNull();
  for (const bad of ['', 'a.b', 'a.b.c.d', `${b64({ alg: 'HS512' })}.${b64(valid)}.!!!`, 'x'.repeat(9000)]) expect(tokens.verifyRefresh(bad)).toBeNull();
  const signed = hs512({ alg: 'HS512', typ: 'JWT' }, valid);
  expect(tokens.verifyRefresh(`${signed.slice(0, -2)}AA`)).toBeNull();
});

test('refused: wrong issuer, audience or type; expired; not yet valid beyond the tolerated skew', () => {
  const header = { alg: 'HS512', typ: 'JWT' };
  expect(tokens.verifyRefresh(hs512(header, { ...valid, iss: 'other' }))).toBeNull();
  expect(tokens.verifyRefresh(hs512(header, { ...valid, aud: 'other' }))).toBeNull();
  expect(tokens.verifyRefresh(hs512(header, { ...valid, aud: ['other', 'audience'] }))).not.toBeNull();
  expect(tokens.verifyAccess(hs512(header, valid))).toBeNull();
  expect(tokens.verifyRefresh(hs512(header, { ...valid, exp: seconds }))).toBeNull();
  expect(tokens.verifyRefresh(hs512(header, { ...valid, exp: undefined }))).toBeNull();
  expect(tokens.verifyRefresh(hs512(header, { ...valid, nbf: seconds + 29 }))).not.toBeNull();
  expect(tokens.verifyRefresh(hs512(header, { ...valid, nbf: seconds + 31 }))).toBeNull();
});

test('a purpose token carries its data, only for its purpose and only with our key', () => {
  const card = tokens.signFor('card', '100001:1234567890');
  expect(tokens.verifyFor('card', card)).toBe('100001:1234567890');
  expect(tokens.verifyFor('attach', card)).toBeNull();
  expect(createTokenService(`${SECRET}-other`, () => at).verifyFor('card', card)).toBeNull();
  const [, signature] = card.split('.');
  expect(tokens.verifyFor('card', `${Buffer.from('100001:1').toString('base64url')}.${signature}`)).toBeNull();
  for (const bad of ['', 'x', `${card}.x`, 'a.b', `${card}=`, 'é.é']) expect(tokens.verifyFor('card', bad)).toBeNull();
});
