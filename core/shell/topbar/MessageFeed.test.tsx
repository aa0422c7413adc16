import { afterEach, beforeAll, beforeEach, describe, expect, it, rs } from '@rstest/core';
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { i18n } from '../../i18n';
import { setNavigator } from '../../navigation/navigator';
import { createRegistry, type Registry } from '../../plugin/registry';
import type { MessageFeed, MessageFeedItem } from '../../plugin/types';
import { setTestSite } from '../../testing/site';
import { PluginRegistryContext } from '../plugins-context';
import '../locales/shellui';
import { NoticeButton } from './NoticeButton';
import { parseWallClock, waitingTime } from './notices';

const pad = (n: number) => String(n).padStart(2, '0');
/** The tests' clock: a fixed moment, so what the rows say (已等待 30 分钟) does not hang on when the tests run. */
const NOW = new Date(2026, 2, 10, 12, 0, 0);
/** A wall-clock time `minutes` before NOW, as the server writes it. */
const ago = (minutes: number) => {
  const d = new Date(NOW.getTime() - minutes * 60_000);
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())} ${pad(d.getHours())}:${pad(d.getMinutes())}:${pad(d.getSeconds())}`;
};

/** A feed of waiting tasks kept in memory, counting its calls, two per page. */
function memoryFeed(initial: MessageFeedItem[]) {
  const items = [...initial];
  const calls = { page: 0, count: 0 };
  let failing = false;
  const feed: MessageFeed = {
    pageSize: 2,
    allLink: '/work/todo',
    async page(n) {
      calls.page++;
      if (failing) throw new Error('offline');
      return { items: items.slice((n - 1) * 2, n * 2), total: items.length };
    },
    async count() {
      calls.count++;
      return items.length;
    },
  };
  return { feed, calls, items, fail: (value: boolean) => void (failing = value) };
}

const TASKS: MessageFeedItem[] = [
  { id: 't1', title: '通用审批: 采购笔记本 · 审批', tag: '通用审批', time: ago(60 * 26), link: '/work/process/general/handle/t1/p1/b1' },
  { id: 't2', title: '请假流程 · 人事审批', tag: '请假流程', time: ago(30), link: '/work/claim' },
  { id: 't3', title: '通用审批: 出差 · 审批', tag: '通用审批', time: ago(2), link: '/work/process/general/handle/t3/p3/b3' },
];

function registryWith(messages: MessageFeed | undefined): Registry {
  const registry = createRegistry();
  if (messages) registry.register({ id: 'flow', name: { zh: '工作流', en: 'Workflow' }, provides: { messages } });
  return registry;
}

const bell = () => screen.getByRole('button', { name: /^(通知|Notifications) \(/ });
const popup = () => document.querySelector('.ba-notice') as HTMLElement;
const activeTab = () => popup().querySelector('.arco-tabs-content-item-active') as HTMLElement;
const badgeOf = (label: string | null) => Number(/\((\d+)\+?\)/.exec(label ?? '')?.[1]);

let moves: string[] = [];
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
  setNavigator(null);
  rs.useRealTimers();
  await act(() => i18n.changeLanguage('zh'));
});
const watchMoves = () => {
  moves = [];
  setNavigator((to) => moves.push(to));
};

describe('waiting times', () => {
  it('say how long a task has waited, in the current language', () => {
    const now = parseWallClock('2026-03-10 12:00:00')!;
    expect(waitingTime('2026-03-10 11:59:30', now, i18n.getFixedT('zh'))).toBe('刚到');
    expect(waitingTime('2026-03-10 11:35:00', now, i18n.getFixedT('zh'))).toBe('已等待 25 分钟');
    expect(waitingTime('2026-03-10 07:00:00', now, i18n.getFixedT('en'))).toBe('waiting 5 h');
    expect(waitingTime('2026-03-07 12:00:00', now, i18n.getFixedT('zh'))).toBe('已等待 3 天');
    expect(waitingTime('bad', now, i18n.getFixedT('zh'))).toBe('bad');
  });
});

describe('the message tab on a provided feed', () => {
  it('counts the waiting tasks in its title and on the bell, opens on them, and lists them with category and waiting time', async () => {
    const { feed, calls } = memoryFeed(TASKS);
    render(
      <PluginRegistryContext value={registryWith(feed)}>
        <NoticeButton />
      </PluginRegistryContext>,
    );
    await waitFor(() => expect(calls.count).toBe(1));
    const before = badgeOf(bell().getAttribute('aria-label'));
    fireEvent.click(bell());
    await waitFor(() => expect(within(activeTab()).getAllByTestId('message-feed-item')).toHaveLength(2));
    expect(within(popup()).getByRole('tab', { selected: true }).textContent).toBe('消息 (3)');
    // The bell adds the tasks to the samples' new items: the tabs add up to it.
    const tabs = within(popup()).getAllByRole('tab').map((tab) => badgeOf(tab.textContent));
    expect(tabs.reduce((a, b) => a + b, 0)).toBe(before);
    const rows = within(activeTab()).getAllByRole('listitem');
    expect(rows[0]!.textContent).toContain('通用审批: 采购笔记本 · 审批');
    expect(rows[0]!.textContent).toContain('已等待 1 天');
    expect(within(rows[0]!).getByText('通用审批')).toBeTruthy();
    expect(rows[1]!.textContent).toContain('已等待 30 分钟');

    fireEvent.click(within(activeTab()).getByRole('button', { name: '加载更多' }));
    await waitFor(() => expect(within(activeTab()).getAllByTestId('message-feed-item')).toHaveLength(3));
    expect(within(activeTab()).getByText('没有更多了')).toBeTruthy();
  });

  it('opened before the tenant’s plugins provided the feed, lists the tasks as soon as it arrives', async () => {
    const { feed } = memoryFeed(TASKS);
    const registry = registryWith(undefined);
    render(
      <PluginRegistryContext value={registry}>
        <NoticeButton />
      </PluginRegistryContext>,
    );
    fireEvent.click(bell());
    act(() => registry.register({ id: 'flow', name: { zh: '工作流', en: 'Workflow' }, provides: { messages: feed } }));
    await waitFor(() => expect(within(activeTab()).getAllByTestId('message-feed-item')).toHaveLength(2));
    expect(within(popup()).getByRole('tab', { selected: true }).textContent).toBe('消息 (3)');
  });

  it('goes where an entry is handled (a click, or Enter from the keyboard) and closes; 查看全部 goes to the full list', async () => {
    watchMoves();
    const { feed } = memoryFeed(TASKS);
    const user = userEvent.setup();
    render(
      <PluginRegistryContext value={registryWith(feed)}>
        <NoticeButton />
      </PluginRegistryContext>,
    );
    await user.click(bell());
    await waitFor(() => expect(within(activeTab()).getAllByTestId('message-feed-item')).toHaveLength(2));
    within(activeTab()).getAllByTestId('message-feed-item')[0]!.focus();
    await user.keyboard('{Enter}');
    expect(moves).toEqual(['/work/process/general/handle/t1/p1/b1']);
    await waitFor(() => expect(popup().closest('.arco-trigger')?.getAttribute('style') ?? '').not.toContain('display: block'));

    await user.click(bell());
    await waitFor(() => expect(within(activeTab()).getAllByTestId('message-feed-item')).toHaveLength(2));
    fireEvent.click(within(activeTab()).getAllByTestId('message-feed-item')[1]!);
    fireEvent.click(bell());
    await waitFor(() => expect(within(activeTab()).getByTestId('message-feed-all')).toBeTruthy());
    fireEvent.click(within(activeTab()).getByTestId('message-feed-all'));
    expect(moves).toEqual(['/work/process/general/handle/t1/p1/b1', '/work/claim', '/work/todo']);
  });

  it('shows its empty state (with 查看全部), and a failure with a retry that reads again', async () => {
    const empty = memoryFeed([]);
    const { unmount } = render(
      <PluginRegistryContext value={registryWith(empty.feed)}>
        <NoticeButton />
      </PluginRegistryContext>,
    );
    fireEvent.click(bell());
    fireEvent.click(await within(popup()).findByRole('tab', { name: /^消息/ }));
    expect(await within(activeTab()).findByText('没有待办事务')).toBeTruthy();
    expect(within(activeTab()).getByTestId('message-feed-all')).toBeTruthy();
    unmount();

    const failing = memoryFeed(TASKS);
    failing.fail(true);
    render(
      <PluginRegistryContext value={registryWith(failing.feed)}>
        <NoticeButton />
      </PluginRegistryContext>,
    );
    await waitFor(() => expect(failing.calls.count).toBe(1));
    fireEvent.click(bell());
    const alert = await within(activeTab()).findByRole('alert');
    expect(alert.textContent).toContain('待办事务加载失败');
    failing.fail(false);
    fireEvent.click(within(alert).getByRole('button', { name: '重试' }));
    await waitFor(() => expect(within(activeTab()).getAllByTestId('message-feed-item')).toHaveLength(2));
  });

  it('speaks English, and refreshes its count every minute while the page is visible', async () => {
    rs.useFakeTimers({ toFake: ['setInterval', 'clearInterval', 'Date'] });
    rs.setSystemTime(NOW);
    await act(() => i18n.changeLanguage('en'));
    const { feed, calls, items } = memoryFeed(TASKS);
    render(
      <PluginRegistryContext value={registryWith(feed)}>
        <NoticeButton />
      </PluginRegistryContext>,
    );
    await waitFor(() => expect(calls.count).toBe(1));
    items.push({ id: 't4', title: 'More', time: ago(1), link: '/work/claim' });
    await act(async () => {
      rs.advanceTimersByTime(60_000);
    });
    await waitFor(() => expect(calls.count).toBe(2));
    fireEvent.click(bell());
    await waitFor(() => expect(within(popup()).getByRole('tab', { selected: true }).textContent).toBe('Messages (4)'));
    expect(await within(activeTab()).findByText('View all')).toBeTruthy();
  });
});

describe('the message tab without a provider', () => {
  it('keeps its samples', async () => {
    render(
      <PluginRegistryContext value={registryWith(undefined)}>
        <NoticeButton />
      </PluginRegistryContext>,
    );
    fireEvent.click(bell());
    fireEvent.click(await within(popup()).findByRole('tab', { name: /^消息/ }));
    await waitFor(() => expect(within(activeTab()).getAllByRole('listitem').length).toBeGreaterThan(0));
    expect(within(activeTab()).queryByTestId('message-feed-item')).toBeNull();
    expect(within(activeTab()).getByText('清空')).toBeTruthy();
  });
});
