/**
 * How soon the server's limits and refusals answer, and how soon a change reaches another instance: the
 * figures the server tests used to bound (and failed by when the machine was busy). The tests assert what
 * is answered; these say how fast. Printed, never asserted.
 *
 * - A password hash refused with every hashing place and the queue taken (work-gate.server.test.ts).
 * - A failed sign-in per reason (unknown tenant, unknown account, wrong password, expired tenant): the
 *   medians, which must be alike (sign-in-answers.server.test.ts).
 * - A stalled request body cut at a 1 s time-out (listen.server.test.ts).
 * - A report query beyond its time-out, stopped or refused, on PGlite and PostgreSQL (report-limits.server.test.ts).
 * - A datasource connection to a closed port, and to a host name that does not exist, through the real
 *   resolver (datasource/tools.server.test.ts).
 * - An album of 50 new pictures saved, thumbnails and all (album.server.test.ts).
 * - A committed change heard by a second server on the same PostgreSQL (signals/instances.server.test.ts,
 *   tests/cluster/two-instances.server.test.ts).
 *
 * PostgreSQL's figures need BENCH_DATABASE_URL or TEST_DATABASE_URL. Alone: `npx tsx tests/bench/limits.ts`.
 * From the bench runner: `await benchLimits()`.
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { HASH_CONCURRENCY, HASH_QUEUE, hashGate, md5, verifyPassword } from '../../core/server/auth/password';
import { silentLogger } from '../../core/server/context';
import { scratchDatabase } from '../../core/server/db/scratch';
import { startServer } from '../../core/server/listen';
import { SEED } from '../../core/server/seed/kernel-seed';
import { openServer } from '../../core/server/start';
import { createTestServer, type TestServer } from '../../core/server/test-server';
import cardServer from '../../plugins/card/server';
import datasourceServer from '../../plugins/datasource/server';
import dictServer from '../../plugins/dict/server';
import mallServer from '../../plugins/mall/server';
import reportServer from '../../plugins/report/server';

type Log = (line: string) => void;

const sorted = (values: readonly number[]) => [...values].sort((a, b) => a - b);
const median = (values: readonly number[]) => sorted(values)[Math.floor(values.length / 2)]!;
const ms = (value: number) => `${value.toFixed(value < 10 ? 2 : 0)} ms`;
/** Median, fastest and slowest of a few runs. */
const spread = (values: readonly number[]) => `median ${ms(median(values))}, fastest ${ms(Math.min(...values))}, slowest ${ms(Math.max(...values))} (${values.length} runs)`;

async function timed<T>(work: () => Promise<T>): Promise<{ ms: number; value: T }> {
  const started = performance.now();
  const value = await work();
  return { ms: performance.now() - started, value };
}

/** A hash refused while every place and the queue are taken by work that ends when the bench says. */
async function hashRefusal(log: Log): Promise<void> {
  let release!: () => void;
  const released = new Promise<void>((done) => (release = done));
  const holding = Array.from({ length: HASH_CONCURRENCY + HASH_QUEUE }, () => hashGate.run(() => released));
  const stored = 'scrypt$16384$8$1$c2FsdHNhbHRzYWx0c2FsdA$AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA';
  const times: number[] = [];
  try {
    for (let i = 0; i < 1000; i++) times.push((await timed(() => verifyPassword(md5('x'), stored).catch(() => 'refused'))).ms);
  } finally {
    release();
    await Promise.all(holding);
  }
  log(`\npassword hash refused with ${HASH_CONCURRENCY} hashing and ${HASH_QUEUE} waiting: ${spread(times)}`);
}

/** Failed sign-ins by reason: each checks one hash, so the medians should be alike. */
async function failedSignIns(log: Log): Promise<void> {
  const ts = await createTestServer();
  try {
    await ts.addUser({ tenantId: '000000', account: 'known', password: 'right', roleId: SEED.userRoleId });
    const { userRoleId } = await ts.addTenant('200002');
    await ts.addUser({ tenantId: '200002', account: 'expired', password: 'right', roleId: userRoleId });
    await ts.ctx.db.system((tx) => tx.query(`update blade_tenant set expire_time = now() - interval '1 day' where tenant_id = '200002'`));
    const signIn = (tenantId: string, account: string, plain: string, i: number) =>
      ts.token({ tenantId, username: account, password: md5(plain), grant_type: 'password' }, {}, { ip: `192.0.2.${i}` });
    const cases: Record<string, (i: number) => Promise<unknown>> = {
      'unknown tenant': (i) => signIn('987654', 'known', 'right', i),
      'unknown account': (i) => signIn('000000', `nobody${i}`, 'right', i),
      'wrong password': (i) => signIn('000000', 'known', 'wrong', i),
      'expired tenant': (i) => signIn('200002', 'expired', 'wrong', i),
    };
    const medians: [string, number][] = [];
    for (const [name, run] of Object.entries(cases)) {
      const times: number[] = [];
      for (let i = 1; i <= 9; i++) times.push((await timed(() => run(i))).ms);
      medians.push([name, median(times)]);
    }
    const values = medians.map(([, value]) => value);
    log(`\nfailed sign-in, median of 9 each: ${medians.map(([name, value]) => `${name} ${ms(value)}`).join(', ')}; slowest/fastest ${(Math.max(...values) / Math.min(...values)).toFixed(2)}`);
  } finally {
    await ts.close();
  }
}

/** A request whose body stops coming, on a server with a 1 s time-out: when its 408 comes. */
async function stalledBody(log: Log): Promise<void> {
  const dataDir = mkdtempSync(join(tmpdir(), 'card-admin-bench-stalled-'));
  const server = await startServer({ port: 0, host: '127.0.0.1', dataDir, distDir: null, log: silentLogger, requestTimeoutMs: 1000 });
  try {
    const { port } = new URL(server.url);
    const head = 'POST /api/blade-user/update-info HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 100\r\n\r\n{"realName":';
    const times: number[] = [];
    let held = 0;
    for (let i = 0; i < 5; i++) {
      const closed = await new Promise<number | null>((done) => {
        const started = performance.now();
        const socket = connect(Number(port), '127.0.0.1', () => socket.write(head));
        // A bench finishes whatever it finds: a connection still open after a minute is counted, not waited for.
        const giveUp = setTimeout(() => {
          done(null);
          socket.destroy();
        }, 60_000);
        socket.on('error', () => undefined);
        socket.on('close', () => {
          clearTimeout(giveUp);
          done(performance.now() - started);
        });
      });
      if (closed === null) held++;
      else times.push(closed);
    }
    const heldNote = held ? `; ${held} still open after 60 s` : '';
    log(`\nstalled request body, time-out 1000 ms: answered 408 and closed after ${times.length ? spread(times) : '–'}${heldNote}`);
  } finally {
    await server.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

/** A report query beyond its time-out: how soon the refusal (PGlite) or the stop (PostgreSQL) comes. */
async function reportLimits(log: Log, databaseUrl: string | undefined): Promise<void> {
  const targets: [string, () => Promise<{ ts: TestServer; drop?: () => Promise<void> }>][] = [
    ['PGlite', async () => ({ ts: await createTestServer({ plugins: [dictServer, mallServer, reportServer] }) })],
  ];
  if (databaseUrl) {
    targets.push([
      'PostgreSQL',
      async () => {
        const scratch = await scratchDatabase(databaseUrl);
        return { ts: await createTestServer({ plugins: [dictServer, mallServer, reportServer], databaseUrl: scratch.url }), drop: scratch.drop };
      },
    ]);
  }
  log('\nreport query beyond its time-out (refused on PGlite by its estimate, stopped on PostgreSQL)');
  for (const [name, open] of targets) {
    const { ts, drop } = await open();
    try {
      const admin = (await ts.signIn('admin', 'admin')).access_token;
      const attempt = (sql: string, timeoutMs: number) => ts.post('/api/blade-report/report/rest/try', { token: admin, json: { sql, timeoutMs } });
      const cases: [string, string, number][] = [
        ['10⁸-row series, 300 ms', 'select count(*) as n from generate_series(1, 100000000) as g(i)', 300],
        ['5-way cross join, 200 ms', 'select count(*) as n from mall_order a, mall_order b, mall_order c, mall_order d, mall_order e', 200],
      ];
      for (const [label, sql, timeoutMs] of cases) {
        const times: number[] = [];
        let status = 0;
        for (let i = 0; i < 5; i++) {
          const run = await timed(() => attempt(sql, timeoutMs));
          times.push(run.ms);
          status = run.value.status;
        }
        log(`  ${name}, ${label}: ${status} after ${spread(times)}`);
      }
    } finally {
      await ts.close();
      await drop?.();
    }
  }
}

/** Datasource connections that cannot be made: a closed port, a host name that does not exist (the real resolver). */
async function datasourceFailures(log: Log): Promise<void> {
  const ts = await createTestServer({ plugins: [datasourceServer] });
  try {
    const admin = (await ts.signIn('admin', 'admin')).access_token;
    const form = { driverClass: 'org.postgresql.Driver', username: 'nobody', password: 'secret-pw-123' };
    const cases: [string, string][] = [
      ['closed port (127.0.0.1:1)', 'jdbc:postgresql://127.0.0.1:1/postgres'],
      ['unknown host (no-such-host.invalid)', 'jdbc:postgresql://no-such-host.invalid:5432/postgres'],
    ];
    log('\ndatasource connection test that fails');
    for (const [label, url] of cases) {
      const times: number[] = [];
      let answer = '';
      for (let i = 0; i < 5; i++) {
        const run = await timed(() => ts.post('/api/blade-develop/datasource/test', { token: admin, json: { ...form, url }, headers: { 'Accept-Language': 'en' } }));
        times.push(run.ms);
        answer = String(run.value.body?.msg ?? run.value.status);
      }
      log(`  ${label}: "${answer}" after ${spread(times)}`);
    }
  } finally {
    await ts.close();
  }
}

/** An album of 50 new 1200×800 pictures saved through the API (the thumbnails made then). */
async function albumOfFifty(log: Log): Promise<void> {
  const ts = await createTestServer({ plugins: [dictServer, cardServer] });
  try {
    const admin = (await ts.signIn('admin', 'admin')).access_token;
    const companyId = ((await ts.get('/api/company/information/list', { token: admin })).body.data as { id: string }[])[0]!.id;
    const links: string[] = [];
    for (let i = 0; i < 50; i++) {
      const name = `album-${(i % 18) + 1}.jpg`;
      const form = new FormData();
      form.append('file', new File([new Uint8Array(readFileSync(join(import.meta.dirname, '..', '..', 'plugins', 'card', 'demo', name)))], name));
      links.push((await ts.post('/api/blade-resource/oss/endpoint/put-file', { token: admin, body: form })).body.data.link as string);
    }
    const images = links.map((link, i) => ({ link, caption: `第${i + 1}张` }));
    const saved = await timed(() => ts.post('/api/case/album/save', { token: admin, json: { companyId, title: '压测五十张', category: 1, images } }));
    log(`\nalbum of 50 new pictures saved, thumbnails and all: ${saved.value.status} after ${ms(saved.ms)}`);
  } finally {
    await ts.close();
  }
}

/** Two servers on one PostgreSQL: from the commit of a message on one to its delivery on the other. */
async function signalDelivery(log: Log, databaseUrl: string | undefined): Promise<void> {
  if (!databaseUrl) {
    log('\nsignal delivery between two servers: skipped (set BENCH_DATABASE_URL or TEST_DATABASE_URL)');
    return;
  }
  const scratch = await scratchDatabase(databaseUrl);
  const options = { databaseUrl: scratch.url, tokenSecret: 'bench-secret-bench-secret-bench-secret', distDir: null, log: silentLogger };
  const one = await openServer(options);
  const two = await openServer(options);
  try {
    const heard = new Map<string, () => void>();
    two.ctx.signals.on('blade_bench_delivery', (payload) => heard.get(payload)?.());
    const send = async (payload: string) => {
      const arrived = new Promise<void>((done) => heard.set(payload, done));
      const started = performance.now();
      await one.ctx.db.global((tx) => one.ctx.signals.publish(tx, 'blade_bench_delivery', payload));
      await arrived;
      return performance.now() - started;
    };
    // A channel is listened to once first used: the first message is not timed.
    await send('warm-up');
    const times: number[] = [];
    for (let i = 0; i < 20; i++) times.push(await send(`message-${i}`));
    log(`\nsignal from one server to another on one PostgreSQL (commit to delivery): ${spread(times)}`);
  } finally {
    await one.close();
    await two.close();
    await scratch.drop();
  }
}

export async function benchLimits(log: Log = console.log): Promise<void> {
  const databaseUrl = process.env.BENCH_DATABASE_URL || process.env.TEST_DATABASE_URL || undefined;
  await hashRefusal(log);
  await failedSignIns(log);
  await stalledBody(log);
  await reportLimits(log, databaseUrl);
  await datasourceFailures(log);
  await albumOfFifty(log);
  await signalDelivery(log, databaseUrl);
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  await benchLimits();
}
