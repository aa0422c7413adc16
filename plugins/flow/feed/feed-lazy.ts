import type { MessageFeed } from '../../../core/sdk/shared';
import { TASK_FEED_ALL, TASK_FEED_PAGE_SIZE } from './links';

/**
 * The feed as the plugin declares it: each call loads the feed's small module first (once), so the
 * declaration, which the server reads too, imports no HTTP client.
 */
const load = () => import('./feed').then((m) => m.taskFeed);

export const lazyTaskFeed: MessageFeed = {
  pageSize: TASK_FEED_PAGE_SIZE,
  allLink: TASK_FEED_ALL,
  page: async (n) => (await load()).page(n),
  count: async () => (await load()).count(),
};
