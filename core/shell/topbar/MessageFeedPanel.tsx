import { useMemo } from 'react';
import { Button, Empty, Tag } from '@arco-design/web-react';
import { useTranslation } from '../../i18n';
import type { MessageFeed, MessageFeedItem } from '../../plugin/types';
import { waitingTime } from './notices';
import { firstPageState, nextPageControl } from './FeedState';
import { usePagedFeed, type PagedFeed } from './paged-feed';
import '../locales/shellui';
import './topbar.css';
import './notice-feed.css';

export type MessageFeedControls = PagedFeed<MessageFeedItem>;

/** The message feed's state for the bell and its message tab: a paged feed whose count is what waits. */
export function useMessageFeed(feed: MessageFeed | undefined): MessageFeedControls {
  const source = useMemo(
    () =>
      feed && {
        page: async (n: number) => {
          const answer = await feed.page(n);
          return { ...answer, count: answer.total };
        },
        count: () => feed.count(),
      },
    [feed],
  );
  return usePagedFeed(source);
}

/**
 * The message tab on a real feed: what waits for the user, oldest first, each with its category and how
 * long it has waited; each a button (Tab reaches it, Enter opens it) that goes where it is handled.
 * Loading, empty and failure (with a retry) states; "view all" and "load more" below.
 */
export function MessageFeedPanel({ feed, allLink, onGo }: { feed: MessageFeedControls; allLink?: string; onGo: (link: string) => void }) {
  const { t } = useTranslation();
  const { items, status } = feed;
  const waiting = firstPageState(feed, t('notice.tasksFailed'), t);
  if (waiting) return waiting;
  const viewAll = allLink ? (
    <Button size="mini" type="text" onClick={() => onGo(allLink)} data-testid="message-feed-all">
      {t('notice.viewAll')}
    </Button>
  ) : (
    <span />
  );
  if (items.length === 0) {
    return (
      <>
        <Empty description={t('notice.tasksNone')} />
        <div className="ba-notice-footer">{viewAll}</div>
      </>
    );
  }
  const now = new Date();
  return (
    <>
      <ul className="ba-notice-list ba-notice-feed" aria-busy={status === 'more'} style={{ listStyle: 'none', margin: 0, padding: 0 }}>
        {items.map((item) => (
          <li key={item.id} className="ba-notice-item">
            <button type="button" className="ba-notice-open" onClick={() => onGo(item.link)} data-testid="message-feed-item">
              <span className="ba-notice-text">
                <span className="ba-notice-title" title={item.title}>
                  {item.title}
                </span>
                <span className="ba-notice-subtitle">{waitingTime(item.time, now, t)}</span>
              </span>
              {item.tag ? (
                <Tag size="small" color="orangered">
                  {item.tag}
                </Tag>
              ) : null}
            </button>
          </li>
        ))}
      </ul>
      <div className="ba-notice-footer">
        {viewAll}
        {nextPageControl(feed, t('notice.tasksFailed'), t)}
      </div>
    </>
  );
}
