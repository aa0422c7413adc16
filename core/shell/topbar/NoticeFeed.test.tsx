import { afterEach, beforeAll, beforeEach, describe, expect, it, rs } from '@rstest/core';
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactNode } from 'react';
import { i18n } from '../../i18n';
import { createRegistry, type Registry } from '../../plugin/registry';
import type { NoticeFeed, NoticeFeedItem, NoticeFeedPage } from '../../plugin/types';
import { setTestSite } from '../../testing/site';
import { PluginRegistryContext } from '../plugins-context';
import '../locales/shellui';
import { NoticeButton } from './NoticeButton';
import { parseWallClock, relativeTime } from './notices';

const pad = (n: number) => String(n).padStart(2, '0');
/** The tests' clock: a fixed moment, so what the rows say (5 分钟前) does not hang on when the tests run. */
const NOW = new Date(2026, 2, 10, 12, 0, 0);
/** A wall-clock time `minutes` before NOW, as the server writes it. */
const ago = (minutes: number) => {
  const d = new Date(NOW.getTime() - minutes * 60_000);
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())} ${pad(d.getHours())}:${pad(d.getMinutes())}:${pad(d.getSeconds())}`;
};

/** A feed kept in memory, counting its calls: what a plugin's provider would answer. */
function memoryFeed(initial: NoticeFeedItem[], options: { unreadOverride?: number } = {}) {
  const items = initial.map((item) => ({ ...item }));
  const calls = { page: 0, unread: 0, markRead: [] as string[], markAllRead: 0, open: [] as string[] };
  const unread = () => options.unreadOverride ?? items.filter((i) => !i.read).length;
  const feed: NoticeFeed = {
    pageSize: 2,
    async page(n): Promise<NoticeFeedPage> {
      calls.page++;
      const sorted = [...items].sort((a, b) => Number(a.read) - Number(b.read) || b.time.localeCompare(a.time));
      return { items: sorted.slice((n - 1) * 2, n * 2).map((i) => ({ ...i })), total: items.length, unread: unread() };
    },
    async unread() {
      calls.unread++;
      return unread();
    },
    async markRead(id) {
      calls.markRead.push(id);
      for (const item of items) if (item.id === id) item.read = true;
    },
    async markAllRead() {
      calls.markAllRead++;
      for (const item of items) item.read = true;
    },
    async open(id) {
      calls.open.push(id);
      const item = items.find((i) => i.id === id)!;
      return { id, title: item.title, tag: item.tag, time: item.time, content: `<p>${item.title}的正文<script>alert(1)</script></p>` };
    },
  };
  return { feed, calls, items };
}

const NOTICES: NoticeFeedItem[] = [
  { id: '1', title: '系统升级维护通知', tag: '事务通知', time: ago(90), read: false },
  { id: '2', title: '新版名片模板上线', tag: '发布通知', time: ago(60 * 26), read: true },
  { id: '3', title: '任命通知', tag: '任免通知', time: ago(5), read: false },
];

function withRegistry(registry: Registry, children: ReactNode) {
  return <PluginRegistryContext value={registry}>{children}</PluginRegistryContext>;
}

function registryWith(feed: NoticeFeed | undefined): Registry {
  const registry = createRegistry();
  if (feed) registry.register({ id: 'desk', name: { zh: '通知公告', en: 'Notices' }, provides: { notices: feed } });
  return registry;
}

const bell = () => screen.getByRole('button', { name: /^通知 \(/ });
const popup = () => document.querySelector('.ba-notice') as HTMLElement;
const tabTitles = () => within(popup()).getAllByRole('tab').map((tab) => tab.textContent ?? '');
const noticeTab = () => popup().querySelector('.arco-tabs-content-item-active') as HTMLElement;

beforeAll(() => {
  setTestSite();
});
beforeEach(() => {
  // Still moving (the screens time things), from NOW.
  rs.useFakeTimers({ toFake: ['Date'], shouldAdvanceTime: true });
  rs.setSystemTime(NOW);
});
afterEach(async () => {
  cleanup();
  rs.useRealTimers();
  await act(() => i18n.changeLanguage('zh'));
});

describe('relative times', () => {
  it('say how long ago in the current language, then the date', () => {
    const now = parseWallClock('2026-03-10 12:00:00')!;
    const zh = i18n.getFixedT('zh');
    const en = i18n.getFixedT('en');
    expect(relativeTime('2026-03-10 11:59:40', now, zh)).toBe('刚刚');
    expect(relativeTime('2026-03-10 11:35:00', now, zh)).toBe('25 分钟前');
    expect(relativeTime('2026-03-10 07:00:00', now, en)).toBe('5 h ago');
    expect(relativeTime('2026-03-07 12:00:00', now, zh)).toBe('3 天前');
    expect(relativeTime('2025-12-01 08:00:00', now, zh)).toBe('2025-12-01');
    expect(relativeTime('not a time', now, zh)).toBe('not a time');
  });
});

describe('the notice tab without a provider', () => {
  it('keeps its samples, opening on the mail tab', async () => {
    render(withRegistry(registryWith(undefined), <NoticeButton />));
    fireEvent.click(bell());
    await waitFor(() => expect(popup()).toBeTruthy());
    expect(within(popup()).getByRole('tab', { selected: true }).textContent).toMatch(/^邮件/);
    fireEvent.click(within(popup()).getByRole('tab', { name: /^通知/ }));
    await waitFor(() => expect(within(noticeTab()).getAllByRole('listitem').length).toBeGreaterThan(0));
    expect(within(noticeTab()).queryByText('全部已读')).toBeNull();
    expect(within(noticeTab()).getByText('清空')).toBeTruthy();
  });
});

describe('the notice tab on a provided feed', () => {
  it('counts the unread notices on the bell and the tab, lists them unread first, opens one and marks it read', async () => {
    const { feed, calls } = memoryFeed(NOTICES);
    render(withRegistry(registryWith(feed), <NoticeButton />));
    // The badge asks for the count at once; the notice tab's count is part of the bell's.
    await waitFor(() => expect(calls.unread).toBe(1));
    fireEvent.click(bell());
    await waitFor(() => expect(within(noticeTab()).getAllByTestId('notice-feed-item')).toHaveLength(2));
    expect(within(popup()).getByRole('tab', { selected: true }).textContent).toBe('通知 (2)');
    const badge = Number(/\((\d+)\)/.exec(bell().getAttribute('aria-label') ?? '')?.[1]);
    expect(badge).toBe(tabTitles().map((title) => Number(/\((\d+)\)/.exec(title)?.[1])).reduce((a, b) => a + b, 0));

    const rows = within(noticeTab()).getAllByRole('listitem');
    expect(rows.map((row) => row.className.includes('is-unread'))).toEqual([true, true]);
    expect(rows[0]!.textContent).toContain('任命通知');
    expect(rows[0]!.textContent).toContain('任免通知');
    expect(rows[0]!.textContent).toContain('5 分钟前');
    expect(within(rows[0]!).getByRole('img', { name: '未读' })).toBeTruthy();

    // The rest is one page further.
    fireEvent.click(within(noticeTab()).getByRole('button', { name: '加载更多' }));
    await waitFor(() => expect(within(noticeTab()).getAllByTestId('notice-feed-item')).toHaveLength(3));
    expect(within(noticeTab()).getByText('没有更多了')).toBeTruthy();

    fireEvent.click(within(noticeTab()).getAllByTestId('notice-feed-item')[1]!);
    const dialog = await screen.findByRole('dialog');
    expect(await within(dialog).findByText('系统升级维护通知的正文')).toBeTruthy();
    expect(dialog.querySelector('script')).toBeNull();
    expect(within(dialog).getByText('事务通知')).toBeTruthy();
    await waitFor(() => expect(calls.markRead).toEqual(['1']));
    // After the mark, the count is asked for again: one notice left unread.
    await waitFor(() => expect(bell().getAttribute('aria-label')).toMatch(/\(\d+\)/));
    await waitFor(() => expect(calls.unread).toBeGreaterThanOrEqual(2));
    fireEvent.click(within(dialog).getByRole('button', { name: '关闭' }));
    fireEvent.click(bell());
    await waitFor(() => expect(within(popup()).getByRole('tab', { selected: true }).textContent).toBe('通知 (1)'));
  });

  it('is used from the keyboard: Tab reaches an item, Enter opens it', async () => {
    const { feed, calls } = memoryFeed(NOTICES);
    const user = userEvent.setup();
    render(withRegistry(registryWith(feed), <NoticeButton />));
    await user.click(bell());
    await waitFor(() => expect(within(noticeTab()).getAllByTestId('notice-feed-item')).toHaveLength(2));
    const first = within(noticeTab()).getAllByTestId('notice-feed-item')[0]!;
    first.focus();
    expect(document.activeElement).toBe(first);
    await user.keyboard('{Enter}');
    expect(await screen.findByRole('dialog')).toBeTruthy();
    await waitFor(() => expect(calls.open).toEqual(['3']));
  });

  it('marks all as read: the feed is told, the items and the count follow', async () => {
    const { feed, calls } = memoryFeed(NOTICES);
    render(withRegistry(registryWith(feed), <NoticeButton />));
    fireEvent.click(bell());
    await waitFor(() => expect(within(noticeTab()).getAllByTestId('notice-feed-item')).toHaveLength(2));
    fireEvent.click(within(noticeTab()).getByRole('button', { name: '全部已读' }));
    await waitFor(() => expect(calls.markAllRead).toBe(1));
    await waitFor(() => expect(within(popup()).getByRole('tab', { selected: true }).textContent).toBe('通知 (0)'));
    expect(within(noticeTab()).getAllByRole('listitem').some((row) => row.className.includes('is-unread'))).toBe(false);
    expect((within(noticeTab()).getByRole('button', { name: '全部已读' }) as HTMLButtonElement).disabled).toBe(true);
  });

  it('shows its empty state, and a failure with a retry that reads again', async () => {
    const empty = memoryFeed([]);
    const { unmount } = render(withRegistry(registryWith(empty.feed), <NoticeButton />));
    fireEvent.click(bell());
    expect(await within(popup()).findByText('没有通知')).toBeTruthy();
    unmount();

    const failing = memoryFeed(NOTICES);
    let fail = true;
    const page = failing.feed.page.bind(failing.feed);
    failing.feed.page = async (n) => {
      if (fail) throw new Error('offline');
      return page(n);
    };
    render(withRegistry(registryWith(failing.feed), <NoticeButton />));
    fireEvent.click(bell());
    const alert = await within(popup()).findByRole('alert');
    expect(alert.textContent).toContain('通知加载失败');
    fail = false;
    fireEvent.click(within(alert).getByRole('button', { name: '重试' }));
    await waitFor(() => expect(within(noticeTab()).getAllByTestId('notice-feed-item')).toHaveLength(2));
  });

  it('spells a count above 99 as 99+, in English too', async () => {
    const { feed } = memoryFeed(NOTICES, { unreadOverride: 150 });
    await act(() => i18n.changeLanguage('en'));
    render(withRegistry(registryWith(feed), <NoticeButton />));
    await waitFor(() => expect(screen.getByRole('button', { name: /^Notifications \(99\+\)$/ })).toBeTruthy());
    fireEvent.click(screen.getByRole('button', { name: /^Notifications/ }));
    await waitFor(() => expect(within(popup()).getByRole('tab', { selected: true }).textContent).toBe('Notices (99+)'));
    expect(popup().querySelector('.arco-badge')).toBeNull(); // the badge is on the bell, not in the popup
    expect(document.querySelector('.ba-top-badge')?.textContent).toContain('99+');
    expect(await within(noticeTab()).findByRole('button', { name: 'Mark all as read' })).toBeTruthy();
  });

  it('follows the provider: a feed registered after the bell appeared replaces the samples, and its count is refreshed every minute while visible', async () => {
    rs.useFakeTimers({ toFake: ['setInterval', 'clearInterval', 'Date'] });
    rs.setSystemTime(NOW);
    const registry = registryWith(undefined);
    render(withRegistry(registry, <NoticeButton />));
    const { feed, calls } = memoryFeed(NOTICES);
    act(() => registry.register({ id: 'desk', name: { zh: '通知公告', en: 'Notices' }, provides: { notices: feed } }));
    await waitFor(() => expect(calls.unread).toBe(1));
    await act(async () => {
      rs.advanceTimersByTime(60_000);
    });
    await waitFor(() => expect(calls.unread).toBe(2));
    act(() => registry.unregister('desk'));
    await act(async () => {
      rs.advanceTimersByTime(60_000);
    });
    expect(calls.unread).toBe(2); // gone with its provider
  });
});
