import type { ServerContext } from './context';

/**
 * Work a plugin has its server do on a period (marking grants whose time is over, say), as the lease of
 * the worker id is renewed: a timer per job that never keeps the process alive. Every instance behind the
 * load balancer runs every job, so a job must be idempotent (one conditional statement is), and a reader
 * must not rely on it having run: it keeps the data tidy, it does not make it right.
 */
export interface Job {
  /** Named in the log when a run fails. */
  name: string;
  /** Milliseconds between two runs (the first runs one period after the start). */
  everyMs: number;
  run(ctx: ServerContext): Promise<void>;
}

export interface RunningJobs {
  /** No run starts after this; resolves once the runs under way are over (before the database closes). */
  stop(): Promise<void>;
}

/** Starts the jobs of the installed plugins; a run still going when its next is due is not doubled. */
export function startJobs(ctx: ServerContext, jobs: readonly { owner: string; job: Job }[]): RunningJobs {
  const running = new Set<Promise<void>>();
  let stopped = false;
  const timers = jobs.map(({ owner, job }) => {
    let busy = false;
    const timer = setInterval(() => {
      if (busy || stopped) return;
      busy = true;
      const run: Promise<void> = job
        .run(ctx)
        .catch((error: unknown) => ctx.log.error(`Job ${owner}/${job.name} failed`, error))
        .finally(() => {
          busy = false;
          running.delete(run);
        });
      running.add(run);
    }, job.everyMs);
    timer.unref();
    return timer;
  });
  return {
    async stop() {
      stopped = true;
      for (const timer of timers) clearInterval(timer);
      await Promise.all([...running]);
    },
  };
}
