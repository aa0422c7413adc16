/**
 * Token refresh, split into small testable parts:
 * - `isRefreshDue`: the timing decision (pure);
 * - `singleFlight`: one refresh at a time in this tab (concurrent callers share one promise);
 * - `withTabLock`: one refresh at a time across the browser tabs of this origin (Web Locks API);
 * - `createRefresher`: the three together. Inside the cross-tab lock it re-reads the stored token: if
 *   another tab refreshed meanwhile it adopts that token instead of refreshing again, because refresh
 *   tokens rotate on the server and a second use of the old one is refused.
 */

/** Due when the stored token is at least `tokenTimeSeconds` old (BladeX `website.tokenTime`, seconds). */
export function isRefreshDue(storedAt: number, now: number, tokenTimeSeconds: number): boolean {
  if (!storedAt || storedAt <= 0) return false;
  return now - storedAt >= tokenTimeSeconds * 1000;
}

export interface SingleFlight<T> {
  (): Promise<T>;
  readonly running: boolean;
}

export function singleFlight<T>(task: () => Promise<T>): SingleFlight<T> {
  let current: Promise<T> | null = null;
  const run = (() => {
    current ??= task().finally(() => {
      current = null;
    });
    return current;
  }) as SingleFlight<T>;
  Object.defineProperty(run, 'running', { get: () => current !== null });
  return run;
}

export type LockRunner = <T>(name: string, task: () => Promise<T>) => Promise<T>;

/** Runs `task` holding the named lock of this origin, or directly where the Web Locks API is missing. */
export const withTabLock: LockRunner = (name, task) => {
  const locks = typeof navigator !== 'undefined' ? navigator.locks : undefined;
  if (locks && typeof locks.request === 'function') return locks.request(name, () => task());
  return task();
};

export interface TokenStamp {
  token: string;
  storedAt: number;
}

export type RefreshOutcome = 'refreshed' | 'adopted' | 'signed-out';

export interface RefresherDeps<R> {
  lockName: string;
  /** The token record as stored (written by whichever tab refreshed last); null when signed out. */
  readStored: () => TokenStamp | null;
  /** The token this tab is using. */
  current: () => TokenStamp;
  /** The refresh call itself. */
  request: () => Promise<R>;
  /** Stores what the refresh call answered. */
  apply: (result: R) => void;
  /** Takes over a token another tab stored. */
  adopt: (stamp: TokenStamp) => void;
  lock?: LockRunner;
}

export function createRefresher<R>(deps: RefresherDeps<R>): SingleFlight<RefreshOutcome> {
  const lock = deps.lock ?? withTabLock;
  return singleFlight(() =>
    lock(deps.lockName, async (): Promise<RefreshOutcome> => {
      const stored = deps.readStored();
      if (!stored || !stored.token) return 'signed-out';
      const mine = deps.current();
      if (stored.token !== mine.token || stored.storedAt > mine.storedAt) {
        deps.adopt(stored);
        return 'adopted';
      }
      deps.apply(await deps.request());
      return 'refreshed';
    }),
  );
}
