import type { MessageFeed } from '../../../core/sdk/shared';

// Skeleton: replaced by the feed's author in this change.
export const lazyTaskFeed: MessageFeed = {
  pageSize: 5,
  page: () => Promise.resolve({ items: [], total: 0 }),
  count: () => Promise.resolve(0),
};
