/**
 * What the API log costs: throughput of `GET /api/blade-system/param/list` under load (CONCURRENCY callers
 * each calling again as soon as answered, over keep-alive connections) on two server processes started
 * alike, one recording every call in `blade_log_api` and one with `API_LOG=off` (nothing recorded, no entry
 * built). The two are measured turn about, ROUNDS times each, so that a busy spell on the machine falls on
 * both; printed: calls per second of each round, the medians, and the difference in percent. Never asserted.
 *
 * `npx tsx tests/bench/api-log-load.ts` (BENCH_SECONDS, BENCH_CONCURRENCY, BENCH_ROUNDS to change the load).
 */
import { pathToFileURL } from 'node:url';
import { apiToken } from '../e2e/api';
import { startServerProcess, type RunningServer } from '../e2e/server-process';

const SECONDS = Number(process.env.BENCH_SECONDS || 5);
const CONCURRENCY = Number(process.env.BENCH_CONCURRENCY || 16);
const ROUNDS = Number(process.env.BENCH_ROUNDS || 3);
const PATH = '/api/blade-system/param/list';
const BASIC = `Basic ${Buffer.from('saber:saber_secret').toString('base64')}`;

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

/** Calls answered per second by `concurrency` callers over `ms`; a call answered other than 200 stops the bench. */
async function throughput(url: string, token: string, ms: number, concurrency = CONCURRENCY): Promise<number> {
  let calls = 0;
  const until = performance.now() + ms;
  const started = performance.now();
  const caller = async () => {
    while (performance.now() < until) {
      const res = await fetch(`${url}${PATH}`, { headers: { Authorization: BASIC, 'Blade-Auth': `bearer ${token}` } });
      await res.arrayBuffer();
      if (res.status !== 200) throw new Error(`${PATH} answered ${res.status}`);
      calls++;
    }
  };
  await Promise.all(Array.from({ length: concurrency }, caller));
  return calls / ((performance.now() - started) / 1000);
}

export async function benchApiLog(): Promise<void> {
  const servers: { label: string; server: RunningServer; token: string; rates: number[] }[] = [];
  try {
    for (const [label, apiLog] of [
      ['API log on ', 'on'],
      ['API log off', 'off'],
    ] as const) {
      const server = await startServerProcess({ RATE_LIMITS: 'off', API_LOG: apiLog }, { browserApp: false });
      servers.push({ label, server, token: await apiToken(server.url, '000000', 'admin', 'admin'), rates: [] });
    }
    for (const s of servers) await throughput(s.server.url, s.token, 1500); // warm-up: JIT, caches, the first batches
    for (let round = 0; round < ROUNDS; round++) {
      // Turn about, the first one alternating, so neither always follows the other's leftover work.
      const order = round % 2 === 0 ? servers : [...servers].reverse();
      for (const s of order) s.rates.push(await throughput(s.server.url, s.token, SECONDS * 1000));
    }
    const [on, off] = servers.map((s) => median(s.rates)) as [number, number];
    console.log(`\nAPI log overhead: ${PATH}, ${CONCURRENCY} callers, ${ROUNDS} rounds of ${SECONDS} s each, turn about (PGlite)`);
    for (const s of servers) console.log(`  ${s.label}: median ${median(s.rates).toFixed(0)} calls/s (${s.rates.map((r) => r.toFixed(0)).join(', ')})`);
    console.log(`  difference of the medians: ${(((off - on) / off) * 100).toFixed(1)} % fewer calls/s with the API log on`);
    // Each round's two measures are neighbours in time: their ratio is the least disturbed by the machine's other work.
    const paired = servers[0]!.rates.map((rate, i) => ((servers[1]!.rates[i]! - rate) / servers[1]!.rates[i]!) * 100);
    console.log(`  difference per round: ${paired.map((d) => `${d.toFixed(1)} %`).join(', ')} (median ${median(paired).toFixed(1)} %)`);
  } finally {
    for (const s of servers) await s.server.stop();
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  benchApiLog().catch((error) => {
    console.error(error);
    process.exitCode = 1;
  });
}
