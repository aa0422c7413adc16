/**
 * What a burst of sign-ins does to everybody else: 50 password sign-ins (50 accounts) sent at once while
 * one client keeps calling a route that does no database work (`/api/blade-auth/oauth/user-info`,
 * answered from the token) over its own keep-alive connection. Printed: that route's latency before and
 * during the burst (p50, p99, max), the sign-ins' outcome and rate, and the server's event-loop delay
 * during the burst. The server runs as in production (`startServer`, PGlite in a data folder) in a child
 * process, so the load generator does not share its event loop; with the rate limits off (all calls come
 * from one address): this measures the hashing, not the limiter.
 *
 * `npx tsx tests/bench/sign-in-load.ts` (SIGN_INS=n to change the burst).
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { Agent, request } from 'node:http';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { pathToFileURL } from 'node:url';

const BASIC = `Basic ${Buffer.from('saber:saber_secret').toString('base64')}`;
const PASSWORD = 'load-pass-1';
const ACCOUNTS = 50;

type ToChild = 'eld-start' | 'eld-stop';
interface FromChild {
  url?: string;
  eld?: { p50: number; p99: number; max: number };
}

/** Child: the server, with ACCOUNTS accounts, reporting its own event-loop delay between the parent's start and stop. */
async function serve(): Promise<void> {
  const { startServer } = await import('../../app/server');
  const { loadServerPlugins } = await import('../../app/server-plugins');
  const { hashPassword, md5 } = await import('../../core/server/auth/password');
  const { silentLogger } = await import('../../core/server/context');
  const { SEED } = await import('../../core/server/seed/kernel-seed');
  const { openServer } = await import('../../core/server/start');
  const { insertUser } = await import('../../core/server/user/users');
  const dataDir = mkdtempSync(join(tmpdir(), 'card-admin-sign-in-load-'));
  const plugins = await loadServerPlugins();
  const setup = await openServer({ dataDir, distDir: null, plugins, log: silentLogger });
  const passwordHash = await hashPassword(md5(PASSWORD)); // one hash for all: the bench measures checking them
  await setup.ctx.db.system(async (tx) => {
    for (let i = 0; i < ACCOUNTS; i++) {
      await insertUser(tx, setup.ctx.ids, { tenantId: '000000', account: `load${i}`, passwordHash, name: `load${i}`, realName: `load${i}`, roleIds: [SEED.userRoleId] });
    }
  });
  await setup.close();
  const server = await startServer({ dataDir, port: 0, distDir: null, log: silentLogger, plugins });
  const eld = monitorEventLoopDelay({ resolution: 5 });
  process.on('message', (message: ToChild) => {
    if (message === 'eld-start') {
      eld.reset();
      eld.enable();
    } else {
      eld.disable();
      const ms = (ns: number) => ns / 1e6;
      process.send!({ eld: { p50: ms(eld.percentile(50)), p99: ms(eld.percentile(99)), max: ms(eld.max) } } satisfies FromChild);
    }
  });
  // The parent is done: no graceful close (keep-alive sockets would hold it), only the data folder removed.
  process.on('disconnect', () => {
    rmSync(dataDir, { recursive: true, force: true });
    process.exit(0);
  });
  process.send!({ url: server.url } satisfies FromChild);
}

const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? NaN;
};
const summary = (values: number[]) => `p50 ${percentile(values, 50).toFixed(1)} ms, p99 ${percentile(values, 99).toFixed(1)} ms, max ${Math.max(...values).toFixed(1)} ms (${values.length} calls)`;

async function signIn(url: string, account: string): Promise<{ status: number; token?: string }> {
  const { createHash } = await import('node:crypto');
  const password = createHash('md5').update(PASSWORD).digest('hex');
  const query = new URLSearchParams({ tenantId: '000000', username: account, password, grant_type: 'password', scope: 'all' });
  const res = await fetch(`${url}/api/blade-auth/oauth/token?${query}`, { method: 'POST', headers: { Authorization: BASIC, 'Tenant-Id': '000000' } });
  const body = (await res.json()) as { access_token?: string };
  return { status: res.status, token: body.access_token };
}

/** One connection kept open for the probe: its latency is the server's, not a new connection's. */
const probeAgent = new Agent({ keepAlive: true, maxSockets: 1 });

function userInfo(url: string, token: string): Promise<number> {
  return new Promise((done, fail) => {
    const req = request(`${url}/api/blade-auth/oauth/user-info`, { agent: probeAgent, headers: { 'Blade-Auth': `bearer ${token}` } }, (res) => {
      res.resume();
      res.on('end', () => done(res.statusCode ?? 0));
    });
    req.on('error', fail);
    req.end();
  });
}

/** Calls the no-database route one at a time until `until` settles (or for `until` ms); returns each call's latency. */
async function poll(url: string, token: string, until: Promise<unknown> | number): Promise<number[]> {
  const latencies: number[] = [];
  let done = false;
  if (typeof until === 'number') setTimeout(() => (done = true), until);
  else void until.finally(() => (done = true));
  while (!done) {
    const started = performance.now();
    const status = await userInfo(url, token);
    if (status !== 200) throw new Error(`user-info answered ${status}`);
    latencies.push(performance.now() - started);
    await new Promise((r) => setTimeout(r, 5));
  }
  return latencies;
}

export async function benchSignInLoad(signIns = Number(process.env.SIGN_INS || ACCOUNTS)): Promise<void> {
  const root = resolve(import.meta.dirname, '..', '..');
  const child = spawn(process.execPath, [join(root, 'node_modules', 'tsx', 'dist', 'cli.mjs'), import.meta.filename, '--serve'], {
    cwd: root,
    env: { ...process.env, RATE_LIMITS: 'off' },
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  const next = () => new Promise<FromChild>((done) => child.once('message', (m) => done(m as FromChild)));
  try {
    const { url } = await next();
    const first = await signIn(url!, 'load0');
    if (!first.token) throw new Error(`sign-in refused (${first.status})`);
    await poll(url!, first.token, 1000); // warm-up
    const idle = await poll(url!, first.token, 3000);

    child.send('eld-start' satisfies ToChild);
    const started = performance.now();
    const burst = Promise.all(Array.from({ length: signIns }, (_, i) => signIn(url!, `load${i % ACCOUNTS}`)));
    const busy = await poll(url!, first.token, burst);
    const results = await burst;
    const seconds = (performance.now() - started) / 1000;
    child.send('eld-stop' satisfies ToChild);
    const { eld } = await next();

    const statuses = new Map<number, number>();
    for (const r of results) statuses.set(r.status, (statuses.get(r.status) ?? 0) + 1);
    console.log(`\n${signIns} concurrent sign-ins against a route with no database work (user-info)`);
    console.log(`  user-info alone:        ${summary(idle)}`);
    console.log(`  during the sign-ins:    ${summary(busy)}`);
    console.log(`  sign-ins: ${[...statuses].map(([s, n]) => `${n}× ${s}`).join(', ')} in ${seconds.toFixed(2)} s (${(signIns / seconds).toFixed(1)}/s)`);
    console.log(`  server event-loop delay during them: p50 ${eld!.p50.toFixed(1)} ms, p99 ${eld!.p99.toFixed(1)} ms, max ${eld!.max.toFixed(1)} ms`);
  } finally {
    probeAgent.destroy();
    const exited = new Promise((r) => child.once('exit', r));
    child.disconnect();
    await exited;
  }
}

if (process.argv.includes('--serve')) {
  serve().catch((error) => {
    console.error(error);
    process.exit(1);
  });
} else if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  benchSignInLoad().catch((error) => {
    console.error(error);
    process.exitCode = 1;
  });
}
