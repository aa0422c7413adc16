import type { ReactNode } from 'react';
import { Button, Spin } from '@arco-design/web-react';
import type { TFunction } from '../../i18n';
import type { PagedFeedState } from './paged-feed';

/**
 * What a feed's tab shows before it has entries to list: a spinner while its first page loads, or the
 * failure with a retry; null once there is a list (or an empty one) to show.
 */
export function firstPageState(feed: Pick<PagedFeedState<unknown>, 'items' | 'status'> & { reload(): Promise<void> }, failedText: string, t: TFunction): ReactNode {
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
