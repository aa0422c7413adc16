import { afterAll, beforeAll } from '@rstest/core';
import { mkdirSync } from 'node:fs';
import type { Browser } from 'playwright-core';
import { launchBrowser } from './browser';
import { startServerProcess, type RunningServer } from './server-process';

/** Where the browser tests leave the screenshots a person looks at. */
export const SHOTS = 'tests/artifacts';

export interface E2eSuite {
  readonly server: RunningServer;
  readonly browser: Browser;
}

/**
 * One server process and one browser for a test file, started together before its first test and stopped
 * after its last (a file's own beforeAll, registered after this call, runs once both are up).
 */
export function serverAndBrowser(options: { browserApp?: boolean } = {}): E2eSuite {
  let server: RunningServer | undefined;
  let browser: Browser | undefined;
  beforeAll(async () => {
    mkdirSync(SHOTS, { recursive: true });
    [server, browser] = await Promise.all([startServerProcess({}, options), launchBrowser()]);
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });
  const started = <T>(value: T | undefined): T => {
    if (!value) throw new Error('the e2e server and browser are used before beforeAll started them');
    return value;
  };
  return {
    get server() {
      return started(server);
    },
    get browser() {
      return started(browser);
    },
  };
}

/**
 * What `read` gives once it equals `expected`, polled every 50 ms for up to `timeoutMs` (a page may still
 * be re-rendering after a drag or a click); else the last reading, so the assertion names what was there.
 */
export async function settled<T>(read: () => Promise<T>, expected: T, timeoutMs = 5000): Promise<T> {
  const wanted = JSON.stringify(expected);
  const end = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (JSON.stringify(value) === wanted || Date.now() > end) return value;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}
