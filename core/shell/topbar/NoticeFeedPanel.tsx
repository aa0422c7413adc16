import { useCallback, useEffect, useRef, useState } from 'react';
import { Button, Empty, Spin, Tag } from '@arco-design/web-react';
import { useTranslation } from '../../i18n';
import type { NoticeFeed, NoticeFeedItem } from '../../plugin/types';
import { NOTICE_REFRESH_MS, relativeTime } from './notices';
import '../locales/shellui';
import './topbar.css';
import './notice-feed.css';

export interface NoticeFeedState {
  items: NoticeFeedItem[];
  total: number;
  /** Pages loaded so far. */
  pages: number;
  /** The user's unread count as last heard (null: not yet). */
  unread: number | null;
  /** `loading`: the first page; `more`: a further page; `failed`: the last read failed. */
  status: 'idle' | 'loading' | 'more' | 'failed' | 'ready';
}

export interface NoticeFeedControls extends NoticeFeedState {
  /** Reads the first page again (the popover opens, a retry). */
  reload(): Promise<void>;
  loadMore(): Promise<void>;
  markRead(id: string): Promise<void>;
  markAllRead(): Promise<void>;
}

const INITIAL: NoticeFeedState = { items: [], total: 0, pages: 0, unread: null, status: 'idle' };

/**
 * The feed's state for the bell and its notice tab. The unread count is asked for when the feed appears,
 * every minute while the page is visible, when the page becomes visible again, and after every mark; the
 * list when the popover opens. An answer that arrives after a newer request started is dropped.
 */
export function useNoticeFeed(feed: NoticeFeed | undefined): NoticeFeedControls {
  const [state, setState] = useState<NoticeFeedState>(INITIAL);
  const listCall = useRef(0);
  const countCall = useRef(0);

  const refreshUnread = useCallback(async () => {
    if (!feed) return;
    const call = ++countCall.current;
    try {
      const unread = await feed.unread();
      if (call === countCall.current) setState((s) => ({ ...s, unread }));
    } catch {
      // The badge keeps the last count; the next refresh tries again.
    }
  }, [feed]);

  useEffect(() => {
    setState(INITIAL);
    if (!feed) return;
    void refreshUnread();
    const timer = window.setInterval(() => {
      if (document.visibilityState === 'visible') void refreshUnread();
    }, NOTICE_REFRESH_MS);
    const onVisibility = () => {
      if (document.visibilityState === 'visible') void refreshUnread();
    };
    document.addEventListener('visibilitychange', onVisibility);
    return () => {
      window.clearInterval(timer);
      document.removeEventListener('visibilitychange', onVisibility);
    };
  }, [feed, refreshUnread]);

  const read = async (page: number) => {
    if (!feed) return;
    const call = ++listCall.current;
    countCall.current++; // the page brings the count too
    setState((s) => ({ ...s, status: page === 1 ? 'loading' : 'more' }));
    try {
      const answer = await feed.page(page);
      if (call !== listCall.current) return;
      setState((s) => {
        const kept = page === 1 ? [] : s.items.filter((item) => !answer.items.some((next) => next.id === item.id));
        return { items: [...kept, ...answer.items], total: answer.total, pages: page, unread: answer.unread, status: 'ready' };
      });
    } catch {
      // A first page that failed shows the failure alone (its retry reads it again); a further one keeps the list.
      if (call === listCall.current) setState((s) => (page === 1 ? { ...s, items: [], pages: 0, status: 'failed' } : { ...s, status: 'failed' }));
    }
  };

  const setRead = (ids: ReadonlySet<string> | 'all', value: boolean) =>
    setState((s) => ({ ...s, items: s.items.map((item) => (ids === 'all' || ids.has(item.id) ? { ...item, read: value } : item)) }));

  return {
    ...state,
    reload: () => read(1),
    loadMore: () => read(state.pages + 1),
    async markRead(id) {
      if (!feed) return;
      const wasUnread = state.items.some((item) => item.id === id && !item.read);
      setRead(new Set([id]), true);
      try {
        await feed.markRead(id);
      } catch {
        if (wasUnread) setRead(new Set([id]), false);
      }
      await refreshUnread();
    },
    async markAllRead() {
      if (!feed) return;
      try {
        await feed.markAllRead();
        setRead('all', true);
      } catch {
        // Nothing was marked: the items say so as they are.
      }
      await refreshUnread();
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
  const { items, status, total, unread } = feed;
  if (items.length === 0 && (status === 'loading' || status === 'idle')) {
    return (
      <div className="ba-notice-state" role="status">
        <Spin size={16} /> {t('notice.loading')}
      </div>
    );
  }
  if (items.length === 0 && status === 'failed') {
    return (
      <div className="ba-notice-state" role="alert">
        <span>{t('notice.failed')}</span>
        <Button size="mini" onClick={() => void feed.reload()}>
          {t('notice.retry')}
        </Button>
      </div>
    );
  }
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
        {status === 'failed' ? (
          <Button size="mini" type="text" status="danger" onClick={() => void feed.loadMore()}>
            {t('notice.failed')} · {t('notice.retry')}
          </Button>
        ) : items.length < total ? (
          <Button size="mini" type="text" loading={status === 'more'} onClick={() => void feed.loadMore()}>
            {status === 'more' ? t('notice.loading') : t('notice.loadMore')}
          </Button>
        ) : (
          <span className="ba-notice-subtitle">{t('notice.noMore')}</span>
        )}
      </div>
    </>
  );
}
