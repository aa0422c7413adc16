import { afterEach, beforeEach, describe, expect, rs, test } from '@rstest/core';
import type { ServerContext } from './context';
import { startJobs } from './jobs';

function contextLogging(errors: string[]): ServerContext {
  return { log: { info: () => undefined, error: (message: string, error?: unknown) => errors.push(`${message}: ${error instanceof Error ? error.message : String(error)}`) } } as unknown as ServerContext;
}

/** A run the test finishes by hand. */
function held() {
  let finish!: () => void;
  const done = new Promise<void>((resolve) => (finish = resolve));
  return { done, finish };
}

/** Lets whatever could settle now settle (the fake clock does not move). */
const turn = () => new Promise((r) => setImmediate(r));

// The periods are the jobs' own timers, moved by hand: a run counts as due when its period has passed,
// however slowly the machine turns.
beforeEach(() => void rs.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] }));
afterEach(() => void rs.useRealTimers());

describe('jobs', () => {
  test('each runs on its period; a failed run is logged under its owner and name, and the next runs anyway', async () => {
    const errors: string[] = [];
    let runs = 0;
    const jobs = startJobs(contextLogging(errors), [
      {
        owner: 'visit',
        job: {
          name: 'expire grants',
          everyMs: 15,
          run: async () => {
            runs++;
            if (runs === 1) throw new Error('database away');
          },
        },
      },
    ]);
    await rs.advanceTimersByTimeAsync(14);
    expect(runs).toBe(0); // the first runs one period after the start
    await rs.advanceTimersByTimeAsync(1);
    expect(runs).toBe(1);
    await rs.advanceTimersByTimeAsync(2 * 15);
    expect(runs).toBe(3);
    await jobs.stop();
    expect(errors).toEqual(['Job visit/expire grants failed: database away']);
  });

  test('a run longer than the period is not doubled, and stop waits for it; nothing runs after', async () => {
    let running = 0;
    let most = 0;
    let runs = 0;
    let finished = 0;
    const runsUnderWay: ReturnType<typeof held>[] = [];
    const jobs = startJobs(contextLogging([]), [
      {
        owner: 'p',
        job: {
          name: 'slow',
          everyMs: 10,
          run: async () => {
            runs++;
            most = Math.max(most, ++running);
            const run = held();
            runsUnderWay.push(run);
            await run.done;
            running--;
            finished++;
          },
        },
      },
    ]);
    await rs.advanceTimersByTimeAsync(10);
    expect(runs).toBe(1);
    await rs.advanceTimersByTimeAsync(10 * 10); // ten periods pass while the first run is under way
    expect([runs, most]).toEqual([1, 1]);
    runsUnderWay[0]!.finish();
    await rs.advanceTimersByTimeAsync(10);
    expect([runs, finished, most]).toEqual([2, 1, 1]); // the next period after it runs again

    let stopped = false;
    const stopping = jobs.stop().then(() => (stopped = true));
    await turn();
    expect(stopped).toBe(false); // stop() waits for the run under way
    runsUnderWay[1]!.finish();
    await stopping;
    expect(finished).toBe(runs);
    await rs.advanceTimersByTimeAsync(10 * 10);
    expect(runs).toBe(2);
  });
});
