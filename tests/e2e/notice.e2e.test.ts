import { describe, expect, test } from '@rstest/core';
import type { Page } from 'playwright-core';
import { apiCall, apiToken } from './api';
import { openPage } from './browser';
import { formItem } from './selectors';
import { DEMO, UNTIL_TEST_LIMIT, pickLanguage, pickTheme, signIn, toast, topButton } from './session-helpers';
import { serverAndBrowser, SHOTS } from './suite';

/**
 * A notice's way from the administrator to a colleague: written as a draft on /desk/notice (the rich-text
 * editor, a category from the dictionary), published from its row after confirming; the demo user of the
 * same tenant, signed in in a second browser, finds it unread in the top bar's popover with the bell
 * counting it, opens it, and it is read from then on. Both screens in both themes and both languages.
 */
const e2e = serverAndBrowser();
const TITLE = 'E2E 全员大会通知';
const BODY = '请全体员工于本周五 15:00 到一楼大会议室参加全员大会。';

/** Waits until no toast is on screen (they would cover the screenshots). */
const toastsGone = (page: Page) => page.locator('.arco-message').first().waitFor({ state: 'detached', timeout: 15_000 });
/** Picks an option of the select in the form item labelled `label`. */
async function choose(page: Page, dialog: ReturnType<Page['locator']>, label: string, option: string): Promise<void> {
  await formItem(dialog, label).locator('.arco-select').click();
  await page.locator('.arco-select-popup:visible .arco-select-option', { hasText: option }).first().click();
  await page.locator('.arco-select-popup:visible').waitFor({ state: 'hidden' });
}
/** The bell's count, as its accessible name says it. */
const bellCount = async (page: Page) => Number(/\((\d+)\)/.exec((await topButton(page, /^(通知|Notifications) \(/).getAttribute('aria-label')) ?? '')?.[1]);
/** Opens the popover and waits for the notice tab's list (read again on every opening). */
async function openPopover(page: Page) {
  await topButton(page, /^(通知|Notifications) \(/).click();
  const popup = page.locator('.ba-notice');
  // Fully shown (a screenshot or a click meanwhile would meet it half drawn), its list read again.
  await page.waitForFunction(
    () => {
      const frame = document.querySelector('.ba-notice')?.closest<HTMLElement>('.arco-trigger');
      return frame !== null && frame !== undefined && getComputedStyle(frame).opacity === '1' && getComputedStyle(frame).display !== 'none';
    },
    undefined,
    UNTIL_TEST_LIMIT,
  );
  await popup.locator('.ba-notice-list[aria-busy="false"] [data-testid="notice-feed-item"]').first().waitFor();
  return popup;
}
async function closePopover(page: Page) {
  await page.keyboard.press('Escape');
  await page.mouse.click(700, 600);
  await page.locator('.ba-notice').waitFor({ state: 'hidden' });
}

describe('notices, in the browser', () => {
  test('the administrator publishes a notice; the demo user sees it unread with the badge, opens it, and it is read; both themes and languages', async () => {
    const url = e2e.server.url;
    const admin = await openPage(e2e.browser, { viewport: { width: 1440, height: 900 } });
    await signIn(admin.page, url);
    await admin.page.goto(`${url}/desk/notice`);
    await admin.page.locator('.arco-table-tr', { hasText: '系统升级维护通知' }).waitFor();
    await admin.page.locator('.arco-table-tr', { hasText: '第一季度客户回访工作安排' }).locator('.arco-tag', { hasText: '定时发布' }).waitFor();
    await admin.page.screenshot({ path: `${SHOTS}/notice-list-zh-light.png` });

    // Written as a draft: title, category, state, and the body in the rich-text editor.
    await admin.page.getByRole('button', { name: '新增' }).click();
    const dialog = admin.page.locator('.arco-modal', { hasText: '新增通知' });
    await formItem(dialog, '通知标题').locator('input').fill(TITLE);
    await choose(admin.page, dialog, '通知类型', '事务通知');
    await choose(admin.page, dialog, '状态', '草稿');
    const editor = dialog.getByRole('textbox', { name: '通知内容' });
    await editor.click();
    await admin.page.keyboard.type(BODY);
    await admin.page.screenshot({ path: `${SHOTS}/notice-add-zh-light.png` });
    await dialog.getByTestId('crud-save').click();
    await toast(admin.page, '新增成功').waitFor();
    await dialog.waitFor({ state: 'hidden' });
    const row = admin.page.locator('.arco-table-tr', { hasText: TITLE });
    await row.locator('.arco-tag', { hasText: '草稿' }).waitFor();

    // The demo user of the same tenant does not see a draft.
    const demoToken = await apiToken(url, DEMO.tenantId, DEMO.username, DEMO.password);
    const mine = async () => (await apiCall(url, demoToken, 'GET', '/api/blade-desk/notice/my', { size: '50' })).body.data as { records: { title: string; read: boolean }[]; unread: number };
    expect((await mine()).records.map((n) => n.title)).not.toContain(TITLE);

    // Published from its row, after confirming.
    await row.getByTestId('notice-publish').click();
    const confirm = admin.page.locator('.arco-modal', { hasText: `发布「${TITLE}」` });
    await confirm.getByRole('button', { name: '发布' }).click();
    await row.locator('.arco-tag', { hasText: '已发布' }).waitFor();
    const published = await mine();
    expect(published.records.find((n) => n.title === TITLE)?.read).toBe(false);

    // The demo user, in a browser of their own: the bell counts it, the popover lists it unread.
    const demo = await openPage(e2e.browser, { viewport: { width: 1440, height: 900 } });
    await signIn(demo.page, url, DEMO);
    await demo.page.waitForFunction(
      (unread) => {
        const label = [...document.querySelectorAll('.ba-topbar-tools button')].map((b) => b.getAttribute('aria-label') ?? '').find((l) => l.startsWith('通知 ('));
        return label !== undefined && document.querySelector('.ba-topbar-tools .ba-top-badge') !== null && unread > 0;
      },
      published.unread,
      UNTIL_TEST_LIMIT,
    );
    const popup = await openPopover(demo.page);
    await expect(popup.getByRole('tab', { selected: true }).textContent()).resolves.toBe(`通知 (${published.unread})`);
    const item = popup.locator('.ba-notice-item', { hasText: TITLE });
    await expect(item.getAttribute('class')).resolves.toContain('is-unread');
    await expect(item.textContent()).resolves.toContain('事务通知');
    const before = await bellCount(demo.page);
    await demo.page.screenshot({ path: `${SHOTS}/notice-popover-zh-light.png` });

    // Opened from the keyboard: it shows, and it is read.
    await item.getByTestId('notice-feed-item').focus();
    await demo.page.keyboard.press('Enter');
    const shown = demo.page.locator('.arco-modal', { hasText: TITLE });
    await shown.getByText(BODY).waitFor();
    await demo.page.waitForFunction((count) => {
      const label = [...document.querySelectorAll('.ba-topbar-tools button')].map((b) => b.getAttribute('aria-label') ?? '').find((l) => l.startsWith('通知 ('));
      return label === `通知 (${count - 1})`;
    }, before);
    await demo.page.screenshot({ path: `${SHOTS}/notice-detail-zh-light.png` });
    await shown.getByRole('button', { name: '关闭' }).click();
    await shown.waitFor({ state: 'hidden' });
    expect((await mine()).records.find((n) => n.title === TITLE)?.read).toBe(true);
    const again = await openPopover(demo.page);
    await expect(again.locator('.ba-notice-item', { hasText: TITLE }).getAttribute('class')).resolves.not.toContain('is-unread');
    await expect(again.getByRole('tab', { selected: true }).textContent()).resolves.toBe(`通知 (${published.unread - 1})`);
    await closePopover(demo.page);

    // Dark and English: the popover, one notice, and the administrator's list with its read count.
    await pickTheme(demo.page, true);
    await pickLanguage(demo.page, 'English');
    const english = await openPopover(demo.page);
    await expect(english.getByRole('tab', { selected: true }).textContent()).resolves.toBe(`Notices (${published.unread - 1})`);
    await english.getByRole('button', { name: 'Mark all as read' }).waitFor();
    await demo.page.screenshot({ path: `${SHOTS}/notice-popover-en-dark.png` });
    await english.locator('.ba-notice-item', { hasText: TITLE }).getByTestId('notice-feed-item').click();
    const darkDialog = demo.page.locator('.arco-modal', { hasText: TITLE });
    await darkDialog.getByText('Affairs notice').waitFor();
    await darkDialog.getByText(BODY).waitFor();
    await demo.page.screenshot({ path: `${SHOTS}/notice-detail-en-dark.png` });

    await pickTheme(admin.page, true);
    await pickLanguage(admin.page, 'English');
    await row.locator('.arco-tag', { hasText: 'Published' }).waitFor();
    await admin.page.reload(); // the list read again: the read count
    await admin.page.waitForFunction((title) => {
      const tr = [...document.querySelectorAll('.arco-table-tr')].find((r) => r.textContent?.includes(title));
      return tr !== undefined && [...tr.querySelectorAll('td')].some((td) => td.textContent?.trim() === '1');
    }, TITLE);
    await toastsGone(admin.page);
    await admin.page.screenshot({ path: `${SHOTS}/notice-list-en-dark.png` });

    expect(admin.problems.errors).toEqual([]);
    expect(demo.problems.errors).toEqual([]);
    await admin.context.close();
    await demo.context.close();
  });
});
