import { useMemo } from 'react';
import { Button, Empty, Tag } from '@arco-design/web-react';
import { useTranslation } from '../../i18n';
import type { NoticeFeed, NoticeFeedItem } from '../../plugin/types';
import { relativeTime } from './notices';
import { firstPageState, nextPageControl } from './FeedState';
import { usePagedFeed, type PagedFeed } from './paged-feed';
import '../locales/shellui';
import './topbar.css';
import './notice-feed.css';

export interface NoticeFeedControls extends Omit<PagedFeed<NoticeFeedItem>, 'count' | 'update' | 'refreshCount'> {
  /** The user's unread count as last heard (null: not yet). */
  unread: number | null;
  markRead(id: string): Promise<void>;
  markAllRead(): Promise<void>;
}

/**
 * The notice feed's state for the bell and its notice tab (a paged feed whose count is the unread
 * notices), with marking read: an entry shows read at once, and goes back to unread if the server refused.
 */
export function useNoticeFeed(feed: NoticeFeed | undefined): NoticeFeedControls {
  const source = useMemo(
    () =>
      feed && {
        page: async (n: number) => {
          const answer = await feed.page(n);
          return { items: answer.items, total: answer.total, count: answer.unread };
        },
        count: () => feed.unread(),
      },
    [feed],
  );
  const paged = usePagedFeed(source);
  const setRead = (ids: ReadonlySet<string> | 'all', value: boolean) =>
    paged.update((items) => items.map((item) => (ids === 'all' || ids.has(item.id) ? { ...item, read: value } : item)));

  return {
    items: paged.items,
    total: paged.total,
    pages: paged.pages,
    status: paged.status,
    unread: paged.count,
    reload: paged.reload,
    loadMore: paged.loadMore,
    async markRead(id) {
      if (!feed) return;
      const wasUnread = paged.items.some((item) => item.id === id && !item.read);
      setRead(new Set([id]), true);
      try {
        await feed.markRead(id);
      } catch {
        if (wasUnread) setRead(new Set([id]), false);
      }
      await paged.refreshCount();
    },
    async markAllRead() {
      if (!feed) return;
      try {
        await feed.markAllRead();
        setRead('all', true);
      } catch {
        // Nothing was marked: the items say so as they are.
      }
      await paged.refreshCount();
    },
  };
}

/**
 * The notice tab on a real feed: unread notices in bold with a dot, each with its category and how long ago
 * it was released; each a button (Tab reaches it, Enter opens it). Loading, empty and failure (with a
 * retry) states; "mark all as read" and "load more" below.
 */
export function NoticeFeedPanel({ feed, onOpen }: { feed: NoticeFeedControls; onOpen: (item: NoticeFeedItem) => void }) {
  const { t } = useTranslation();
  const { items, status, unread } = feed;
  const waiting = firstPageState(feed, t('notice.failed'), t);
  if (waiting) return waiting;
  if (items.length === 0) return <Empty description={t('notice.none')} />;
  const now = new Date();
  return (
    <>
      <ul className="ba-notice-list ba-notice-feed" aria-busy={status === 'more'} style={{ listStyle: 'none', margin: 0, padding: 0 }}>
        {items.map((item) => (
          <li key={item.id} className={`ba-notice-item${item.read ? '' : ' is-unread'}`}>
            <button type="button" className="ba-notice-open" onClick={() => onOpen(item)} data-testid="notice-feed-item">
              <span className="ba-notice-dot" role={item.read ? undefined : 'img'} aria-label={item.read ? undefined : t('notice.unread')} aria-hidden={item.read ? true : undefined} />
              <span className="ba-notice-text">
                <span className="ba-notice-title">{item.title}</span>
                <span className="ba-notice-subtitle">{relativeTime(item.time, now, t)}</span>
              </span>
              {item.tag ? (
                <Tag size="small" color="arcoblue">
                  {item.tag}
                </Tag>
              ) : null}
            </button>
          </li>
        ))}
      </ul>
      <div className="ba-notice-footer">
        <Button size="mini" type="text" disabled={!unread} onClick={() => void feed.markAllRead()}>
          {t('notice.markAllRead')}
        </Button>
        {nextPageControl(feed, t('notice.failed'), t)}
      </div>
    </>
  );
}
