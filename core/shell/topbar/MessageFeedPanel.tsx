import { useCallback, useEffect, useRef, useState } from 'react';
import { Button, Empty, Spin, Tag } from '@arco-design/web-react';
import { useTranslation } from '../../i18n';
import type { MessageFeed, MessageFeedItem } from '../../plugin/types';
import { NOTICE_REFRESH_MS, waitingTime } from './notices';
import '../locales/shellui';
import './topbar.css';
import './notice-feed.css';

export interface MessageFeedState {
  items: MessageFeedItem[];
  total: number;
  /** Pages loaded so far. */
  pages: number;
  /** How many wait, as last heard (null: not yet). */
  count: number | null;
  /** `loading`: the first page; `more`: a further page; `failed`: the last read failed. */
  status: 'idle' | 'loading' | 'more' | 'failed' | 'ready';
}

export interface MessageFeedControls extends MessageFeedState {
  /** Reads the first page again (the popover opens, a retry). */
  reload(): Promise<void>;
  loadMore(): Promise<void>;
}

const INITIAL: MessageFeedState = { items: [], total: 0, pages: 0, count: null, status: 'idle' };

/**
 * The message feed's state for the bell and its message tab. The count is asked for when the feed
 * appears, every minute while the page is visible and when it becomes visible again; the list (which
 * brings the count too) when the popover opens, or when the feed arrives after it opened. An answer that
 * arrives after a newer request started is dropped.
 */
export function useMessageFeed(feed: MessageFeed | undefined): MessageFeedControls {
  const [state, setState] = useState<MessageFeedState>(INITIAL);
  const listCall = useRef(0);
  const countCall = useRef(0);
  /** The list was asked for (the popover opened), so a feed that arrives later reads it at once. */
  const listWanted = useRef(false);

  const refreshCount = useCallback(async () => {
    if (!feed) return;
    const call = ++countCall.current;
    try {
      const count = await feed.count();
      if (call === countCall.current) setState((s) => ({ ...s, count }));
    } catch {
      // The badge keeps the last count; the next refresh tries again.
    }
  }, [feed]);

  const read = useCallback(async (page: number) => {
    if (page === 1) listWanted.current = true;
    if (!feed) return;
    const call = ++listCall.current;
    countCall.current++; // the page brings the count too
    setState((s) => ({ ...s, status: page === 1 ? 'loading' : 'more' }));
    try {
      const answer = await feed.page(page);
      if (call !== listCall.current) return;
      setState((s) => {
        const kept = page === 1 ? [] : s.items.filter((item) => !answer.items.some((next) => next.id === item.id));
        return { items: [...kept, ...answer.items], total: answer.total, pages: page, count: answer.total, status: 'ready' };
      });
    } catch {
      if (call === listCall.current) setState((s) => (page === 1 ? { ...s, items: [], pages: 0, status: 'failed' } : { ...s, status: 'failed' }));
    }
  }, [feed]);

  useEffect(() => {
    setState(INITIAL);
    if (!feed) return;
    // The popover may have opened before the tenant's plugins provided the feed: its list is read now.
    if (listWanted.current) void read(1);
    else void refreshCount();
    const timer = window.setInterval(() => {
      if (document.visibilityState === 'visible') void refreshCount();
    }, NOTICE_REFRESH_MS);
    const onVisibility = () => {
      if (document.visibilityState === 'visible') void refreshCount();
    };
    document.addEventListener('visibilitychange', onVisibility);
    return () => {
      window.clearInterval(timer);
      document.removeEventListener('visibilitychange', onVisibility);
    };
  }, [feed, refreshCount, read]);

  return { ...state, reload: () => read(1), loadMore: () => read(state.pages + 1) };
}

/**
 * The message tab on a real feed: what waits for the user, oldest first, each with its category and how
 * long it has waited; each a button (Tab reaches it, Enter opens it) that goes where it is handled.
 * Loading, empty and failure (with a retry) states; "view all" and "load more" below.
 */
export function MessageFeedPanel({ feed, allLink, onGo }: { feed: MessageFeedControls; allLink?: string; onGo: (link: string) => void }) {
  const { t } = useTranslation();
  const { items, status, total } = feed;
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
        <span>{t('notice.tasksFailed')}</span>
        <Button size="mini" onClick={() => void feed.reload()}>
          {t('notice.retry')}
        </Button>
      </div>
    );
  }
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
        {status === 'failed' ? (
          <Button size="mini" type="text" status="danger" onClick={() => void feed.loadMore()}>
            {t('notice.tasksFailed')} · {t('notice.retry')}
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
