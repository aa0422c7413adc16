import { describe, expect, test } from '@rstest/core';
import type { ServerContext } from './context';
import { startJobs } from './jobs';

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

function contextLogging(errors: string[]): ServerContext {
  return { log: { info: () => undefined, error: (message: string, error?: unknown) => errors.push(`${message}: ${error instanceof Error ? error.message : String(error)}`) } } as unknown as ServerContext;
}

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
    await sleep(120);
    await jobs.stop();
    expect(runs).toBeGreaterThan(2);
    expect(errors).toEqual(['Job visit/expire grants failed: database away']);
  });

  test('a run longer than the period is not doubled, and stop waits for it; nothing runs after', async () => {
    let running = 0;
    let most = 0;
    let runs = 0;
    let finished = 0;
    const jobs = startJobs(contextLogging([]), [
      {
        owner: 'p',
        job: {
          name: 'slow',
          everyMs: 10,
          run: async () => {
            runs++;
            most = Math.max(most, ++running);
            await sleep(60);
            running--;
            finished++;
          },
        },
      },
    ]);
    await sleep(40);
    await jobs.stop();
    expect(most).toBe(1);
    expect(finished).toBe(runs); // stop() waited for the run under way
    const after = runs;
    await sleep(40);
    expect(runs).toBe(after);
  });
});
