import { afterAll, beforeAll, describe, expect, test } from '@rstest/core';
import { md5 } from '../auth/password';
import { createTestServer, type TestServer } from '../test-server';
import { DEFAULT_RATE_RULES, rateLimitsFromEnv, resolveRules } from './rules';

/**
 * The server's default limits, against callers told apart by `X-Forwarded-For` (believed here because
 * TRUST_PROXY says one proxy is in front, as behind a load balancer).
 */
let ts: TestServer;
const trustProxy = process.env.TRUST_PROXY;
beforeAll(async () => {
  process.env.TRUST_PROXY = '1';
  ts = await createTestServer({ rateLimits: {} });
});
afterAll(async () => {
  await ts.close();
  if (trustProxy === undefined) delete process.env.TRUST_PROXY;
  else process.env.TRUST_PROXY = trustProxy;
});

/** To the top of the next minute: no window ends while a test counts (the tests run in seconds). */
const toWindowStart = (server: TestServer) => server.advance(60_000 - (server.ctx.now().getTime() % 60_000));

const from = (ip: string, extra: Record<string, string> = {}) => ({ 'X-Forwarded-For': ip, ...extra });
const guess = (ip: string, account: string, password = 'guess') =>
  ts.token({ username: account, password: md5(password), grant_type: 'password' }, from(ip));
const captcha = (ip: string, extra: Record<string, string> = {}) => ts.get('/api/blade-auth/oauth/captcha', { headers: from(ip, extra) });

test('a password spray across 30 account names from one address is cut off (429) after the per-address limit', async () => {
  toWindowStart(ts);
  const { limit } = DEFAULT_RATE_RULES.signInAddress;
  const answers = [];
  for (let i = 0; i < limit + 5; i++) answers.push(await guess('198.51.100.1', `spray${i}`));
  // Every name is new, so neither the lock-out nor the per-account limit ever sees a second guess.
  expect(answers.slice(0, limit).map((a) => a.status)).toEqual(Array(limit).fill(400));
  const refused = answers.slice(limit);
  expect(refused.map((a) => a.status)).toEqual(Array(5).fill(429));
  expect(refused[0].body.error_description).toBe('请求过于频繁，请稍后再试');
  expect(Number(refused[0].headers.get('Retry-After'))).toBeGreaterThan(0);
  // Another address is a caller of its own.
  expect((await ts.token({ username: 'admin', password: md5('admin'), grant_type: 'password' }, from('198.51.100.2'))).status).toBe(200);
  // The window slides on: once it has passed the address may try again.
  ts.advance(2 * 60_000);
  expect((await guess('198.51.100.1', 'spray-later')).status).toBe(400);
});

test('guesses at one account from one address stop at the per-account limit, whatever the answers were', async () => {
  toWindowStart(ts);
  const { limit } = DEFAULT_RATE_RULES.signInAccount;
  const statuses: number[] = [];
  for (let i = 0; i <= limit; i++) statuses.push((await guess('198.51.100.3', 'demo')).status);
  expect(statuses.slice(0, limit).every((s) => s === 400)).toBe(true);
  expect(statuses[limit]).toBe(429);
  // Same account name, other case: the same account to the limit.
  expect((await guess('198.51.100.3', 'DEMO')).status).toBe(429);
  // Others from that address are not held up by it.
  expect((await guess('198.51.100.3', 'someone-else')).status).toBe(400);
});

test('31 captcha requests in a minute from one address: the 31st is 429 with Retry-After, in the caller\'s language', async () => {
  toWindowStart(ts);
  const { limit } = DEFAULT_RATE_RULES.captchaAddress;
  for (let i = 0; i < limit; i++) expect((await captcha('198.51.100.4')).status).toBe(200);
  const refused = await captcha('198.51.100.4', { 'Accept-Language': 'en' });
  expect(refused.status).toBe(429);
  expect(refused.body).toMatchObject({ code: 429, success: false, msg: 'Too many requests, please try again later' });
  const retryAfter = Number(refused.headers.get('Retry-After'));
  expect(retryAfter).toBeGreaterThan(0);
  expect(retryAfter).toBeLessThanOrEqual(120);
  // Refused from memory until then (no row is counted for it), and served again after it.
  expect((await captcha('198.51.100.4')).status).toBe(429);
  ts.advance(retryAfter * 1000);
  expect((await captcha('198.51.100.4')).status).toBe(200);
});

test('the third-party sign-in codes are limited per address', async () => {
  toWindowStart(ts);
  const { limit } = DEFAULT_RATE_RULES.socialAddress;
  const statuses: number[] = [];
  for (let i = 0; i <= limit; i++) statuses.push((await ts.get('/api/blade-auth/oauth/render/demo', { headers: from('198.51.100.5') })).status);
  expect(statuses.slice(0, limit).every((s) => s === 302)).toBe(true);
  expect(statuses[limit]).toBe(429);
});

test("a member's calls are not anonymous: they do not count towards the anonymous limits", async () => {
  const { access_token: token } = await ts.signIn('admin', 'admin');
  for (let i = 0; i < DEFAULT_RATE_RULES.anonymousAddress.limit + 5; i++) {
    const res = await ts.get('/api/blade-auth/oauth/user-info', { token, headers: from('198.51.100.6') });
    if (res.status !== 200) throw new Error(`call ${i} answered ${res.status}`);
  }
  // Had they counted, the address would be past its anonymous limit by now.
  expect((await captcha('198.51.100.6')).status).toBe(200);
});

describe('ceilings for everybody', () => {
  let small: TestServer;
  beforeAll(async () => {
    small = await createTestServer({ rateLimits: { limits: { captchaAddress: 3, captchaOverall: 8 } } });
    toWindowStart(small);
  });
  afterAll(() => small.close());
  const ask = (ip: string) => small.get('/api/blade-auth/oauth/captcha', { headers: from(ip) });

  test('an address refused by its own limit does not use up the ceiling everybody shares', async () => {
    for (let i = 0; i < 50; i++) await ask('203.0.113.1'); // 3 served, 47 refused
    expect((await ask('203.0.113.2')).status).toBe(200);
  });

  test('many addresses together stop at the ceiling', async () => {
    const statuses: number[] = [];
    for (let i = 10; i < 20; i++) statuses.push((await ask(`203.0.113.${i}`)).status);
    // 8 per minute for all: 3 served by the first test, 1 by the second, 4 here.
    expect(statuses.filter((s) => s === 200).length).toBe(4);
    expect(statuses.slice(4).every((s) => s === 429)).toBe(true);
  });
});

test('expired rows of anonymous callers are pruned: captcha codes, third-party codes, failed sign-ins, counters', async () => {
  const count = (table: string) => ts.ctx.db.system(async (tx) => Number((await tx.one<{ n: string }>(`select count(*) as n from ${table}`))!.n));
  await captcha('198.51.100.20');
  await ts.get('/api/blade-auth/oauth/render/demo', { headers: from('198.51.100.20') });
  await guess('198.51.100.20', 'invented-name');
  await ts.token({ tenantId: '777777', username: 'nobody', password: md5('x'), grant_type: 'password' }, from('198.51.100.20'));
  for (const table of ['blade_captcha', 'blade_oauth_code', 'blade_login_failure', 'blade_rate_limit']) expect(await count(table)).toBeGreaterThan(0);
  // After every window and lock is over, the next anonymous call sweeps them.
  ts.advance(3 * 60 * 60_000);
  await ts.get('/api/blade-system/tenant/info', { query: { domain: 'x' }, headers: from('198.51.100.21') });
  for (const table of ['blade_captcha', 'blade_oauth_code', 'blade_login_failure']) expect(await count(table)).toBe(0);
  // Only the counters of that last call remain.
  expect(await count('blade_rate_limit')).toBeLessThanOrEqual(3);
});

describe('configuration', () => {
  test('RATE_LIMITS: empty is the defaults, off is none, name=limit changes one, anything else stops the start', () => {
    expect(resolveRules(rateLimitsFromEnv(''))).toEqual(DEFAULT_RATE_RULES);
    expect(resolveRules(rateLimitsFromEnv('off'))).toBeNull();
    expect(resolveRules(rateLimitsFromEnv('signInAddress=60, captchaAddress=5'))).toMatchObject({
      signInAddress: { limit: 60, windowMs: 60_000, scope: 'client' },
      captchaAddress: { limit: 5 },
      signInAccount: DEFAULT_RATE_RULES.signInAccount,
    });
    expect(() => rateLimitsFromEnv('signin=5')).toThrow(/unknown rule "signin"/);
    expect(() => rateLimitsFromEnv('signInAddress=0')).toThrow(/at least 1/);
    expect(() => rateLimitsFromEnv('signInAddress=lots')).toThrow(/whole number/);
  });
});

test('guest registrations are limited per address (each would be a pending account)', async () => {
  toWindowStart(ts);
  const ip = '198.51.100.30';
  const render = await ts.get('/api/blade-auth/oauth/render/demo', { query: { state: 's' }, headers: from(ip) });
  const code = new URL(render.headers.get('location')!, 'http://x').searchParams.get('code')!;
  const guestToken = await ts.token({ grant_type: 'social', source: 'demo', code, state: 's' }, from(ip));
  expect(guestToken.status).toBe(200);
  const { limit } = DEFAULT_RATE_RULES.registerAddress;
  const statuses: number[] = [];
  // Refused by the registration's own checks (the form is empty), but each one counted first.
  for (let i = 0; i <= limit; i++) statuses.push((await ts.post('/api/blade-user/register-guest', { token: guestToken.body.access_token, headers: from(ip) })).status);
  expect(statuses.slice(0, limit).every((s) => s === 400)).toBe(true);
  expect(statuses[limit]).toBe(429);
});
