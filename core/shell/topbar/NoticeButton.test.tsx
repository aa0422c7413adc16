import { afterEach, describe, expect, it, rs } from '@rstest/core';
import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { i18n } from '../../i18n';
import '../locales/shellui';
import { NoticeButton } from './NoticeButton';
import { NOTICE_DELAY, NOTICE_PAGE_SIZE, sampleNotices } from './notices';

describe('notice samples', () => {
  it('are made from the translated templates, with every field', () => {
    const zh = sampleNotices('mail', 0, i18n.getFixedT('zh'));
    const en = sampleNotices('mail', 0, i18n.getFixedT('en'));
    expect(zh).toHaveLength(NOTICE_PAGE_SIZE);
    for (const item of zh) {
      expect(item.img.startsWith('data:image/svg+xml')).toBe(true);
      expect(item.title).toContain('给你发来邮件');
      expect(item.subtitle).toMatch(/分钟前|小时前/);
      expect(item.tag).toBeTruthy();
      expect([0, 1, 2, 3]).toContain(item.status);
    }
    expect(en[0].title).toContain('sent you');
    expect(sampleNotices('mail', 1, i18n.getFixedT('zh'))[0].id).not.toBe(zh[0].id);
  });
});

describe('NoticeButton', () => {
  afterEach(() => {
    rs.useRealTimers();
  });

  it('counts the same items on the bell and on the tabs: the tabs’ new items add up to the badge', async () => {
    render(<NoticeButton />);
    const bell = screen.getByRole('button', { name: /通知/ });
    const badge = Number(/\((\d+)\)/.exec(bell.getAttribute('aria-label') ?? '')?.[1]);
    expect(badge).toBeGreaterThan(0);
    expect(bell.textContent).toContain(String(badge));
    fireEvent.click(bell);
    const popup = await waitFor(() => document.querySelector('.ba-notice') as HTMLElement);
    const tabCounts = within(popup)
      .getAllByRole('tab')
      .map((tab) => Number(/\((\d+)\)/.exec(tab.textContent ?? '')?.[1]));
    expect(tabCounts).toHaveLength(3);
    expect(tabCounts.reduce((a, b) => a + b, 0)).toBe(badge);
    // Each tab's number is the items marked new in its list.
    const list = popup.querySelector('.arco-tabs-content-item-active .ba-notice-list') as HTMLElement;
    expect(within(list).getAllByText('新')).toHaveLength(tabCounts[0]!);
  });

  it('loads the next page after the demo delay, and can be emptied', async () => {
    render(<NoticeButton />);
    fireEvent.click(screen.getByRole('button', { name: /通知/ }));
    const popup = await waitFor(() => document.querySelector('.ba-notice') as HTMLElement);
    const list = () => popup.querySelector('.arco-tabs-content-item-active .ba-notice-list') as HTMLElement;
    await waitFor(() => expect(within(list()).getAllByRole('listitem')).toHaveLength(NOTICE_PAGE_SIZE));

    // The demo delay is counted on the test's clock: it passes when the test says, however busy the machine.
    rs.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    fireEvent.click(within(popup).getByRole('button', { name: /加载更多/ }));
    expect(within(popup).getByRole('button', { name: /加载中/ }).className).toContain('loading');
    expect(within(list()).getAllByRole('listitem')).toHaveLength(NOTICE_PAGE_SIZE);
    act(() => void rs.advanceTimersByTime(NOTICE_DELAY - 1));
    expect(within(list()).getAllByRole('listitem')).toHaveLength(NOTICE_PAGE_SIZE);
    act(() => void rs.advanceTimersByTime(1));
    expect(within(list()).getAllByRole('listitem')).toHaveLength(2 * NOTICE_PAGE_SIZE);
    rs.useRealTimers();

    fireEvent.click(within(popup).getAllByRole('button', { name: '清空' })[0]);
    await waitFor(() => expect(within(popup).getByText('暂无内容')).toBeTruthy());
  });
});
