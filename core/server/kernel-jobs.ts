import type { Job } from './jobs';
import { pruneLogsJob } from './log/prune';

/** The kernel's own periodic work, run beside the plugins' jobs (and stopped with them). */
export const kernelJobs: readonly Job[] = [pruneLogsJob];
