import { afterAll, beforeAll, describe, expect, test } from '@rstest/core';
import { rData } from '../http/r';
import { clientIp } from '../http/client-ip';
import { defineServerPlugin } from '../plugin';
import { createTestServer, type TestServer } from '../test-server';
import { declaredRateRules, rateLimitsFromEnv, resolveRules, RULE_NAMES, scaledLimits } from './rules';

/**
 * Rules a plugin declares for its own routes: counted by the kernel's limiter like the kernel's rules
 * (429 with Retry-After past the limit), changed by RATE_LIMITS by name, scaled with the others, and
 * refused when their name is already taken.
 */
const pingPlugin = defineServerPlugin({
  manifest: { id: 'ping', name: { zh: '测试', en: 'Test' } },
  publicPaths: ['/ping/count'],
  rateRules: { pingAddress: { limit: 3, windowMs: 60_000, scope: 'client' } },
  routes(api, ctx) {
    api.post('/ping/count', async (c) => {
      await ctx.rateLimiter.hit([{ rule: 'pingAddress', key: clientIp(c) }]);
      return c.json(rData('pong'));
    });
  },
});

let ts: TestServer;
const trustProxy = process.env.TRUST_PROXY;
beforeAll(async () => {
  process.env.TRUST_PROXY = '1';
  ts = await createTestServer({ plugins: [pingPlugin], rateLimits: {} });
  ts.advance(60_000 - (ts.ctx.now().getTime() % 60_000)); // no window ends while the test counts
});
afterAll(async () => {
  await ts.close();
  if (trustProxy === undefined) delete process.env.TRUST_PROXY;
  else process.env.TRUST_PROXY = trustProxy;
});

const ping = (ip: string, headers: Record<string, string> = {}) => ts.post('/api/ping/count', { headers: { 'X-Forwarded-For': ip, ...headers } });

test("a plugin's rule refuses its route past the limit with 429 and Retry-After, per caller, in the caller's language", async () => {
  for (let i = 0; i < 3; i++) expect((await ping('198.51.100.40')).status).toBe(200);
  const refused = await ping('198.51.100.40', { 'Accept-Language': 'en' });
  expect(refused.status).toBe(429);
  expect(refused.body).toMatchObject({ code: 429, success: false, msg: 'Too many requests, please try again later' });
  expect(Number(refused.headers.get('Retry-After'))).toBeGreaterThan(0);
  expect((await ping('198.51.100.41')).status).toBe(200);
});

describe('configuration', () => {
  const declared = declaredRateRules([{ id: 'ping', rules: pingPlugin.rateRules }]);

  test('RATE_LIMITS names a plugin rule like a kernel one; scaling covers both; an explicit limit wins', () => {
    const known = [...RULE_NAMES, ...Object.keys(declared)];
    expect(resolveRules(rateLimitsFromEnv('pingAddress=50', known), declared)).toMatchObject({ pingAddress: { limit: 50, scope: 'client' }, signInAddress: { limit: 30 } });
    expect(() => rateLimitsFromEnv('pingAddress=50')).toThrow(/unknown rule "pingAddress"/);
    expect(resolveRules(scaledLimits(10), declared)).toMatchObject({ pingAddress: { limit: 30 }, signInAddress: { limit: 300 } });
    expect(resolveRules({ scale: 10, limits: { pingAddress: 4 } }, declared)).toMatchObject({ pingAddress: { limit: 4 } });
    expect(() => resolveRules({ limits: { nosuch: 4 } }, declared)).toThrow(/unknown rule "nosuch"/);
  });

  test('a name the kernel or another plugin uses is refused at start, naming both', () => {
    expect(() => declaredRateRules([{ id: 'ping', rules: { signInAddress: { limit: 1, windowMs: 1000, scope: 'client' } } }])).toThrow(
      'Rate limit rule "signInAddress" is declared by both the kernel and plugin "ping".',
    );
    expect(() => declaredRateRules([{ id: 'ping', rules: pingPlugin.rateRules }, { id: 'pong', rules: pingPlugin.rateRules }])).toThrow(
      'Rate limit rule "pingAddress" is declared by both plugin "ping" and plugin "pong".',
    );
  });

  test('a check naming a rule nobody declared is a mistake in the code, not a pass', async () => {
    await expect(ts.ctx.rateLimiter.hit([{ rule: 'undeclared', key: 'x' }])).rejects.toThrow(/declared neither by the kernel nor by an installed plugin/);
  });
});
