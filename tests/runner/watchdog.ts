import { afterEach, beforeEach, expect } from '@rstest/core';
import { setInterval } from 'node:timers';
import { Worker } from 'node:worker_threads';

/**
 * Time-outs that hold. The runner times a test with a timer, which fires only when the test's thread lets
 * its event loop turn: a test spinning on resolved promises (or a synchronous loop, or PGlite answering
 * thousands of in-process requests) would run past its limit, and the run would hang until CI's own limit
 * with no name given. So a second thread watches: the test thread beats every 100 ms, and when it has not
 * beaten for a second while its test is past its own limit, the watcher writes which test it is and stops
 * the worker process, which fails the file.
 *
 * Past its limit, for a test whose loop does not turn, is counted in the CPU time the process used since
 * the test began, not in wall time: such a test computes all along, so on an idle machine the two agree,
 * and on one whose cores the other lanes share it is given the same work, not a share of the wall clock.
 * A hang computes too, and is stopped once it has used its limit.
 *
 * Slots of the shared memory: 0 heartbeat, 1 deadline of the current test (0 = none), both in ms since
 * `origin`; 2 the process's CPU ms when the test began, 3 its limit in ms. The current test's name goes
 * in a byte array beside them.
 */
const SLOTS = 4;
const NAME_BYTES = 1024;
const state = globalThis as { __testWatchdog?: { times: Int32Array; name: Uint8Array; origin: number } };

function watchdog() {
  if (state.__testWatchdog) return state.__testWatchdog;
  const memory = new SharedArrayBuffer(SLOTS * 4 + NAME_BYTES);
  const watched = { times: new Int32Array(memory, 0, SLOTS), name: new Uint8Array(memory, SLOTS * 4), origin: Date.now() };
  const source = `
    const { workerData } = require('node:worker_threads');
    const { writeSync } = require('node:fs');
    const times = new Int32Array(workerData.memory, 0, ${SLOTS});
    const name = new Uint8Array(workerData.memory, ${SLOTS * 4});
    setInterval(() => {
      const now = Date.now() - workerData.origin;
      const deadline = Atomics.load(times, 1);
      if (deadline === 0 || now < deadline || now - Atomics.load(times, 0) < 1000) return;
      const cpu = process.cpuUsage();
      if (Math.round((cpu.user + cpu.system) / 1000) - Atomics.load(times, 2) < Atomics.load(times, 3)) return;
      const test = new TextDecoder().decode(name.slice(0, name.indexOf(0) < 0 ? name.length : name.indexOf(0)));
      writeSync(2, '\\n[watchdog] "' + test + '" has used its time limit in CPU time and has not let its event loop turn for ' + (now - Atomics.load(times, 0)) + ' ms: the worker is stopped, so its file fails.\\n');
      process.kill(process.pid, 'SIGKILL');
    }, 200);
  `;
  new Worker(source, { eval: true, workerData: { memory, origin: watched.origin } }).unref();
  setInterval(() => Atomics.store(watched.times, 0, Date.now() - watched.origin), 100).unref();
  state.__testWatchdog = watched;
  return watched;
}

/** The runner's record of the running test: its assertions carry it (its `timeout` is the resolved limit). */
function currentTest(): { name: string; timeout?: number } | undefined {
  const assertion = expect(null) as unknown as { __flags?: Record<string, unknown> };
  return assertion.__flags?.['vitest-test'] as { name: string; timeout?: number } | undefined;
}

const watched = watchdog();

beforeEach(() => {
  const test = currentTest();
  if (!test?.timeout) return;
  const bytes = new TextEncoder().encode(test.name).slice(0, NAME_BYTES - 1);
  watched.name.fill(0);
  watched.name.set(bytes);
  const cpu = process.cpuUsage();
  Atomics.store(watched.times, 2, Math.round((cpu.user + cpu.system) / 1000));
  Atomics.store(watched.times, 3, test.timeout);
  Atomics.store(watched.times, 1, Date.now() - watched.origin + test.timeout);
});

afterEach(() => {
  Atomics.store(watched.times, 1, 0);
});
