import { afterAll, beforeAll, describe, expect, test } from '@rstest/core';
import { silentLogger } from '../context';
import { scratchDatabase } from '../db/scratch';
import { openServer, type OpenServer } from '../start';
import { DEFAULT_RATE_RULES } from './rules';

/**
 * Two instances on one PostgreSQL count one caller once: a client cannot get twice the limit by having
 * the load balancer spread its calls. Needs TEST_DATABASE_URL (CI sets it up); skipped otherwise.
 */
const url = process.env.TEST_DATABASE_URL;
if (!url) console.log('ratelimit/shared.server.test.ts skipped: TEST_DATABASE_URL is not set (scripts/test-postgres.sh prints one)');

describe.skipIf(!url)('two instances on one PostgreSQL', () => {
  let scratch: Awaited<ReturnType<typeof scratchDatabase>>;
  let servers: OpenServer[] = [];
  const trustProxy = process.env.TRUST_PROXY;
  beforeAll(async () => {
    process.env.TRUST_PROXY = '1';
    scratch = await scratchDatabase(url!);
    // Both clocks stand at the top of a minute: no window ends while a test counts, however long it takes.
    const base = Math.ceil(Date.now() / 60_000) * 60_000;
    const now = () => new Date(base);
    const options = { databaseUrl: scratch.url, tokenSecret: 'ratelimit-test-secret-ratelimit-test', distDir: null, log: silentLogger, rateLimits: {}, now };
    servers.push(await openServer(options));
    servers.push(await openServer(options));
  });
  afterAll(async () => {
    for (const server of servers) await server.close();
    servers = [];
    await scratch?.drop();
    if (trustProxy === undefined) delete process.env.TRUST_PROXY;
    else process.env.TRUST_PROXY = trustProxy;
  });

  const captcha = (server: OpenServer, ip: string) => server.app.request('/api/blade-auth/oauth/captcha', { headers: { 'X-Forwarded-For': ip } });

  test('captcha requests of one address spread over both instances share one count', async () => {
    const { limit } = DEFAULT_RATE_RULES.captchaAddress;
    const statuses: number[] = [];
    for (let i = 0; i < limit; i++) statuses.push((await captcha(servers[i % 2], '192.0.2.1')).status);
    expect(statuses).toEqual(Array(limit).fill(200));
    // Either instance refuses the next one, though each has served only half.
    const [first, second] = await Promise.all([captcha(servers[0], '192.0.2.1'), captcha(servers[1], '192.0.2.1')]);
    expect([first.status, second.status]).toEqual([429, 429]);
    expect(Number(second.headers.get('Retry-After'))).toBeGreaterThan(0);
    expect((await captcha(servers[1], '192.0.2.2')).status).toBe(200);
  });

  test('calls sent to both instances at once are all counted (one atomic upsert, no lost update)', async () => {
    const { limit } = DEFAULT_RATE_RULES.captchaAddress;
    const answers = await Promise.all(Array.from({ length: limit + 10 }, (_, i) => captcha(servers[i % 2], '192.0.2.3')));
    expect(answers.filter((a) => a.status === 200).length).toBe(limit);
    expect(answers.filter((a) => a.status === 429).length).toBe(10);
  });
});
