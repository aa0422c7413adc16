import { useCallback, useEffect, useRef, useState } from 'react';
import { NOTICE_REFRESH_MS } from './notices';

/** One page of a feed, with the count its badge shows (unread notices, waiting tasks). */
export interface FeedPage<T> {
  items: T[];
  total: number;
  count: number;
}

/** Where a feed of the top bar's popover reads its pages and its badge's count. */
export interface FeedSource<T> {
  page(n: number): Promise<FeedPage<T>>;
  count(): Promise<number>;
}

export interface PagedFeedState<T> {
  items: T[];
  total: number;
  /** Pages loaded so far. */
  pages: number;
  /** The badge's count as last heard (null: not yet). */
  count: number | null;
  /** `loading`: the first page; `more`: a further page; `failed`: the last read failed. */
  status: 'idle' | 'loading' | 'more' | 'failed' | 'ready';
}

export interface PagedFeed<T> extends PagedFeedState<T> {
  /** Reads the first page again (the popover opens, a retry). */
  reload(): Promise<void>;
  loadMore(): Promise<void>;
  refreshCount(): Promise<void>;
  /** Changes the loaded items in place (an entry marked read before the server has answered). */
  update(change: (items: T[]) => T[]): void;
}

const INITIAL: PagedFeedState<never> = { items: [], total: 0, pages: 0, count: null, status: 'idle' };

/**
 * A feed's state for the bell and its tab. The count is asked for when the feed appears, every minute
 * while the page is visible and when it becomes visible again; the list (which brings the count too) when
 * the popover opens, or when the feed arrives after it opened (the tenant's plugins provide feeds after
 * the layout is up). An answer that arrives after a newer request started is dropped.
 */
export function usePagedFeed<T extends { id: string }>(source: FeedSource<T> | undefined): PagedFeed<T> {
  const [state, setState] = useState<PagedFeedState<T>>(INITIAL);
  const listCall = useRef(0);
  const countCall = useRef(0);
  const listWanted = useRef(false);

  const refreshCount = useCallback(async () => {
    if (!source) return;
    const call = ++countCall.current;
    try {
      const count = await source.count();
      if (call === countCall.current) setState((s) => ({ ...s, count }));
    } catch {
      // The badge keeps the last count; the next refresh tries again.
    }
  }, [source]);

  const read = useCallback(
    async (page: number) => {
      if (page === 1) listWanted.current = true;
      if (!source) return;
      const call = ++listCall.current;
      countCall.current++; // the page brings the count too
      setState((s) => ({ ...s, status: page === 1 ? 'loading' : 'more' }));
      try {
        const answer = await source.page(page);
        if (call !== listCall.current) return;
        setState((s) => {
          const kept = page === 1 ? [] : s.items.filter((item) => !answer.items.some((next) => next.id === item.id));
          return { items: [...kept, ...answer.items], total: answer.total, pages: page, count: answer.count, status: 'ready' };
        });
      } catch {
        // A first page that failed shows the failure alone (its retry reads it again); a further one keeps the list.
        if (call === listCall.current) setState((s) => (page === 1 ? { ...s, items: [], pages: 0, status: 'failed' } : { ...s, status: 'failed' }));
      }
    },
    [source],
  );

  useEffect(() => {
    setState(INITIAL);
    if (!source) return;
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
  }, [source, refreshCount, read]);

  return {
    ...state,
    reload: () => read(1),
    loadMore: () => read(state.pages + 1),
    refreshCount,
    update: (change) => setState((s) => ({ ...s, items: change(s.items) })),
  };
}
