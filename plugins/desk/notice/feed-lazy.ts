import type { NoticeFeed } from '../../../core/sdk/shared';
import { NOTICE_FEED_PAGE_SIZE } from './entity';

/**
 * The feed as the plugin declares it: each call loads the feed's small module first (once), so the
 * declaration, which the server reads too, imports no HTTP client.
 */
const load = () => import('./feed').then((m) => m.noticeFeed);

export const lazyNoticeFeed: NoticeFeed = {
  pageSize: NOTICE_FEED_PAGE_SIZE,
  page: async (n) => (await load()).page(n),
  unread: async () => (await load()).unread(),
  markRead: async (id) => (await load()).markRead(id),
  markAllRead: async () => (await load()).markAllRead(),
  open: async (id) => (await load()).open(id),
};
