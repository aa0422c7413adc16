import type { ReactNode } from 'react';
import { Button, Spin } from '@arco-design/web-react';
import type { TFunction } from '../../i18n';
import type { PagedFeedState } from './paged-feed';

type FeedView = Pick<PagedFeedState<unknown>, 'items' | 'status' | 'total'> & { reload(): Promise<void>; loadMore(): Promise<void> };

/**
 * What a feed's tab shows before it has entries to list: a spinner while its first page loads, or the
 * failure with a retry; null once there is a list (or an empty one) to show.
 */
export function firstPageState(feed: FeedView, failedText: string, t: TFunction): ReactNode {
  if (feed.items.length > 0) return null;
  if (feed.status === 'loading' || feed.status === 'idle') {
    return (
      <div className="ba-notice-state" role="status">
        <Spin size={16} /> {t('notice.loading')}
      </div>
    );
  }
  if (feed.status === 'failed') {
    return (
      <div className="ba-notice-state" role="alert">
        <span>{failedText}</span>
        <Button size="mini" onClick={() => void feed.reload()}>
          {t('notice.retry')}
        </Button>
      </div>
    );
  }
  return null;
}

/** Below a feed's entries: load the next page, the failure of the last one with a retry, or the end. */
export function nextPageControl(feed: FeedView, failedText: string, t: TFunction): ReactNode {
  if (feed.status === 'failed') {
    return (
      <Button size="mini" type="text" status="danger" onClick={() => void feed.loadMore()}>
        {failedText} · {t('notice.retry')}
      </Button>
    );
  }
  if (feed.items.length < feed.total) {
    return (
      <Button size="mini" type="text" loading={feed.status === 'more'} onClick={() => void feed.loadMore()}>
        {feed.status === 'more' ? t('notice.loading') : t('notice.loadMore')}
      </Button>
    );
  }
  return <span className="ba-notice-subtitle">{t('notice.noMore')}</span>;
}
