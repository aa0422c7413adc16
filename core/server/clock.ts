import { StartRefusal } from './start-refusal';

export interface ServerClock {
  now: () => Date;
  /** How far ahead of the system's clock it runs (0: it is the system's). */
  offsetMs: number;
}

/**
 * The server's clock: the system's, or ahead of it by `CLOCK_OFFSET_MS` milliseconds, so that a test can
 * restart a real server process some days later on the same data and see what time does (a grant
 * expiring). Only at start and only from the environment, never over HTTP; a production server
 * (`NODE_ENV=production`) refuses to start with it rather than run on a wrong time.
 */
export function serverClock(env: Readonly<Record<string, string | undefined>>): ServerClock {
  const raw = env.CLOCK_OFFSET_MS?.trim();
  if (!raw) return { now: () => new Date(), offsetMs: 0 };
  if (env.NODE_ENV === 'production') throw new StartRefusal('CLOCK_OFFSET_MS moves the clock for tests only: unset it on a production server (NODE_ENV=production).');
  const offsetMs = Number(raw);
  if (!/^-?\d+$/.test(raw) || !Number.isSafeInteger(offsetMs)) throw new StartRefusal(`CLOCK_OFFSET_MS: a whole number of milliseconds (got "${raw}").`);
  return { now: () => new Date(Date.now() + offsetMs), offsetMs };
}
