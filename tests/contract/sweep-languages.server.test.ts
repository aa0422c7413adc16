import { describe, expect, test } from '@rstest/core';
import { loadServerPlugins } from '../../app/server-plugins';
import { md5 } from '../../core/server/auth/password';
import { DEMO_TENANT } from '../../core/server/seed/kernel-seed';
import type { CallResult } from '../../core/server/test-server';
import { type Route, ANY_MEMBER, ADMINISTRATOR_ONLY, SESSION_ENDING, ts, routes, admin, nobody, tenantAdmin, key, concrete, startSweepServer, SWEEP_LIMIT_MS } from './sweep-kit';

/** Every message of every endpoint in the caller's language. */
startSweepServer();

/** Chinese characters (CJK unified ideographs and extension A): none may reach an English caller. */
const CJK = /[\u3400-\u9fff]/;
const ENGLISH = { 'Accept-Language': 'en-US,en;q=0.9' };

/** What a response says to a person: the R envelope's `msg` and the token endpoint's `error_description`. */
function messagesOf(res: CallResult): string[] {
  const body = res.body as { msg?: unknown; error_description?: unknown } | undefined;
  if (typeof body !== 'object' || body === null) return [];
  return [body.msg, body.error_description].filter((m): m is string => typeof m === 'string' && m !== '');
}

const failed = (res: CallResult) => res.status !== 200 || (res.body as { success?: boolean } | undefined)?.success === false;

interface LanguageCall {
  label: string;
  send: (headers: Record<string, string>) => Promise<CallResult>;
}

/**
 * Sends each call in English and without a language: the English answer holds no Chinese character, an
 * error answered without a language is in Chinese, and both are the same answer (same status).
 */
async function expectBothLanguages(calls: readonly LanguageCall[]): Promise<{ errors: number }> {
  const chinese: string[] = [];
  const notChinese: string[] = [];
  const different: string[] = [];
  let errors = 0;
  for (const call of calls) {
    const en = await call.send(ENGLISH);
    const zh = await call.send({});
    for (const m of messagesOf(en)) if (CJK.test(m)) chinese.push(`${call.label} → ${en.status} ${m.slice(0, 120)}`);
    if (failed(zh)) for (const m of messagesOf(zh)) if (!CJK.test(m)) notChinese.push(`${call.label} → ${zh.status} ${m.slice(0, 120)}`);
    if (en.status !== zh.status) different.push(`${call.label}: ${en.status} in English, ${zh.status} in Chinese`);
    if (failed(en) && messagesOf(en).length > 0) errors++;
  }
  expect(chinese).toEqual([]);
  expect(notChinese).toEqual([]);
  expect(different).toEqual([]);
  return { errors };
}

describe('every message in the caller\'s language', () => {
  test('every endpoint, with bad input, without permission, signed out or given missing rows, answers English to Accept-Language: en and Chinese without it', async () => {
    const id = '1123598815738675201';
    const missing = '1999999999999999999';
    const refusedQuery = { id, ids: id, roleId: id, roleIds: id, userId: id, userIds: id, topMenuIds: id, menuIds: id, parentId: id, code: '00', parentCode: '00', tenantId: DEMO_TENANT.tenantId, current: '1', size: '10' };
    const missingQuery = { id: missing, ids: missing, parentId: missing, roleIds: missing, userIds: missing, code: '990099', datasourceId: missing, current: '1', size: '10' };
    const badQueries: Record<string, string>[] = [
      { id: 'abc', ids: "1' or '1'='1", current: '-1', size: '99999999' },
      { nosuchfilter: '1', createTime_datege: 'yesterday', descs: 'nosuchcolumn' },
      { id: '9223372036854775808', ids: '9223372036854775808', parentId: 'x', roleIds: 'a,b', tenantId: 'x'.repeat(40) },
    ];
    const fields = [...new Set((await loadServerPlugins()).flatMap((p) => (p.entities ?? []).flatMap((e) => Object.keys(e.fields))))];
    const badBodies: unknown[] = [{ id: 'abc' }, { id: missing, parentId: missing }, Object.fromEntries(fields.map((f) => [f, 'x'.repeat(3000)])), Object.fromEntries(fields.map((f) => [f, { nested: 1 }]))];
    const withHeaders = (route: Route, token: string | undefined, query: Record<string, string>, json: unknown) => (headers: Record<string, string>) => {
      const path = concrete(route.path);
      return route.method === 'GET' ? ts.get(path, { token, query, headers }) : ts.post(path, { token, query, json: json ?? {}, headers });
    };

    const calls: LanguageCall[] = [{ label: 'an unknown API path', send: (headers) => ts.get('/api/blade-nothing/here', { token: admin, headers }) }];
    for (const route of routes) {
      if (SESSION_ENDING.has(key(route))) continue;
      const label = key(route);
      calls.push({ label: `${label} signed out`, send: withHeaders(route, undefined, {}, {}) });
      if (!ANY_MEMBER.has(label)) calls.push({ label: `${label} without permission`, send: withHeaders(route, nobody, refusedQuery, { id }) });
      if (ADMINISTRATOR_ONLY.some((pattern) => pattern.test(route.path))) calls.push({ label: `${label} by a tenant's administrator`, send: withHeaders(route, tenantAdmin, refusedQuery, { id }) });
      calls.push({ label: `${label} given a missing row`, send: withHeaders(route, admin, missingQuery, { id: missing, parentId: missing }) });
      badQueries.forEach((q, i) => calls.push({ label: `${label} bad query ${i}`, send: withHeaders(route, admin, q, {}) }));
      if (route.method === 'POST') {
        badBodies.forEach((b, i) => calls.push({ label: `${label} bad body ${i}`, send: withHeaders(route, admin, {}, b) }));
        calls.push({ label: `${label} body not JSON`, send: (headers) => ts.call('POST', concrete(route.path), { token: admin, headers: { ...headers, 'content-type': 'application/json' }, body: '{not json' }) });
      }
    }
    const { errors } = await expectBothLanguages(calls);
    // Most of those calls are refused: the sweep really looked at error messages, not successes.
    expect(errors).toBeGreaterThan(routes.length * 3);
  }, SWEEP_LIMIT_MS);

  test('sign-in failures: wrong password, unknown tenant, locked, pending and disabled accounts, bad client, grant, captcha and tokens', async () => {
    const roleId = await ts.addRole({ tenantId: '000000', alias: 'speakers', codes: [] });
    for (const account of ['wrongpw', 'lockedout', 'pending', 'disabled']) await ts.addUser({ tenantId: '000000', account, password: 'right', roleId });
    await ts.ctx.db.system((tx) => tx.query(`update blade_user set status = case account when 'pending' then 0 else 2 end where tenant_id = '000000' and account in ('pending', 'disabled')`));
    const password = (account: string, plain: string, tenantId = '000000') => ({ tenantId, username: account, password: md5(plain), grant_type: 'password' });
    for (let i = 0; i < 6; i++) await ts.token(password('lockedout', 'wrong'));
    expect((await ts.token(password('lockedout', 'right'))).body.error_description).toBe('登录错误次数过多,请稍后再试');
    const captchaKey = (await ts.get('/api/blade-auth/oauth/captcha')).body.key as string;

    const token = (label: string, params: Record<string, string>, extra: Record<string, string> = {}): LanguageCall => ({ label, send: (headers) => ts.token(params, { ...extra, ...headers }) });
    const calls: LanguageCall[] = [
      token('a wrong password', password('wrongpw', 'wrong')),
      token('an unknown account', password('nobody-at-all', 'x')),
      token('an unknown tenant', password('admin', 'admin', '999999')),
      token('a malformed tenant id', password('admin', 'admin', 'abc')),
      token('a locked account', password('lockedout', 'right')),
      token('an account awaiting approval', password('pending', 'right')),
      token('a disabled account', password('disabled', 'right')),
      token('a wrong client secret', password('admin', 'admin'), { Authorization: `Basic ${Buffer.from('saber:wrong').toString('base64')}` }),
      token('an unknown grant type', { grant_type: 'magic' }),
      token('a wrong captcha', { ...password('admin', 'admin'), grant_type: 'captcha' }, { 'Captcha-Key': captchaKey, 'Captcha-Code': 'zzzz' }),
      token('a forged refresh token', { grant_type: 'refresh_token', refresh_token: 'not.a.token' }),
      token('an unknown third-party source', { grant_type: 'social', source: 'nowhere', code: 'x' }),
      token('an expired third-party code', { grant_type: 'social', source: 'demo', code: 'x' }),
      { label: 'an unknown third-party provider page', send: (headers) => ts.get('/api/blade-auth/oauth/render/nowhere', { headers }) },
    ];
    const { errors } = await expectBothLanguages(calls);
    expect(errors).toBe(calls.length);
    const wrong = await ts.token(password('wrongpw', 'wrong'), ENGLISH);
    expect(wrong.body).toMatchObject({ error_description: 'Wrong user name or password', msg: 'Wrong user name or password' });
    expect((await ts.token(password('wrongpw', 'wrong'))).body.error_description).toBe('用户名或密码不正确');
  });
});
