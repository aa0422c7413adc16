/**
 * The cost of checking an access token, paid by every API request: our synchronous HMAC-SHA512 against
 * hono/jwt's WebCrypto verify of the very same token (the way tokens were checked before). CPU time and
 * wall time per verify, after a warm-up; printed, never asserted.
 *
 * Alone: `npx tsx tests/bench/token-check.ts`. From the bench runner: `await benchTokenCheck()`.
 */
import { verify } from 'hono/jwt';
import { pathToFileURL } from 'node:url';
import { createTokenService } from '../../core/server/auth/jwt';

const SECRET = 'bench-secret-of-at-least-thirty-two-characters';
const ROUNDS = 20_000;

async function perCall(check: () => unknown): Promise<{ cpuUs: number; wallUs: number }> {
  for (let i = 0; i < 2_000; i++) await check();
  const cpu = process.cpuUsage();
  const started = process.hrtime.bigint();
  for (let i = 0; i < ROUNDS; i++) await check();
  const wallNs = Number(process.hrtime.bigint() - started);
  const used = process.cpuUsage(cpu);
  return { cpuUs: (used.user + used.system) / ROUNDS, wallUs: wallNs / 1000 / ROUNDS };
}

export async function benchTokenCheck(log: (line: string) => void = console.log): Promise<void> {
  const tokens = createTokenService(SECRET, () => new Date());
  const { token } = await tokens.signAccess(
    {
      client_id: 'saber', tenant_id: '000000', user_id: '1', oauth_id: '', role_id: '1', role_name: 'administrator', dept_id: '1',
      post_id: '1', account: 'admin', user_name: 'admin', nick_name: '管理员', detail: { type: 'web' }, sid: '1',
    },
    3600,
  );
  const ours = await perCall(() => tokens.verifyAccess(token));
  const webCrypto = await perCall(() => verify(token, SECRET, { alg: 'HS512', iss: 'issuser', aud: 'audience' }));
  log('\naccess-token check per request (one HS512 token, 20,000 verifies)');
  log(`  synchronous HMAC (ours):   ${ours.cpuUs.toFixed(1)} µs CPU, ${ours.wallUs.toFixed(1)} µs wall`);
  log(`  hono/jwt through WebCrypto: ${webCrypto.cpuUs.toFixed(1)} µs CPU, ${webCrypto.wallUs.toFixed(1)} µs wall`);
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  await benchTokenCheck();
}
