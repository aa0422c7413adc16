import { RetryLater } from './retry-later';

/**
 * At most `concurrency` runs of some heavy work at once, at most `queue` more waiting their turn (first
 * come, first served); one more is refused at once with 503 and `Retry-After`, instead of waiting behind
 * a queue that only grows. For work that would otherwise crowd out everything else (password hashing on
 * libuv's few threads).
 */
export interface WorkGate {
  run<T>(work: () => Promise<T>): Promise<T>;
  /** Runs in progress and runs waiting (for tests and the bench). */
  readonly running: number;
  readonly waiting: number;
}

export function createWorkGate(options: { concurrency: number; queue: number; retryAfterSeconds?: number }): WorkGate {
  const concurrency = Math.max(1, Math.floor(options.concurrency));
  const queueLimit = Math.max(0, Math.floor(options.queue));
  const waiters: (() => void)[] = [];
  let running = 0;

  const release = () => {
    const next = waiters.shift();
    if (next) next(); // the slot passes straight on: `running` stays the same
    else running--;
  };

  return {
    async run(work) {
      if (running < concurrency) running++;
      else if (waiters.length < queueLimit) await new Promise<void>((go) => waiters.push(go));
      else throw new RetryLater(503, options.retryAfterSeconds ?? 1);
      try {
        return await work();
      } finally {
        release();
      }
    },
    get running() {
      return running;
    },
    get waiting() {
      return waiters.length;
    },
  };
}
