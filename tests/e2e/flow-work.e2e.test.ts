import { describe, expect, test } from '@rstest/core';
import type { Page } from 'playwright-core';
import { openPage } from './browser';
import { formItem } from './selectors';
import { DEMO, UNTIL_TEST_LIMIT, pickLanguage, pickTheme, signIn, toast, topButton } from './session-helpers';
import { serverAndBrowser, SHOTS } from './suite';
import { tableRows } from './work-helpers';

/**
 * A member's general approval in the browser: the demo user starts the demo 通用审批 from 发起事务,
 * naming the administrator as the approver; the administrator finds it in the top bar's message tab
 * (counted on the bell) and in 待办事务, opens it from the tab, reads the request and approves it with a
 * comment; the demo user's 已发事务 shows it moved on to the next step. Screens in zh light and en dark.
 */
const e2e = serverAndBrowser();
const TITLE = 'E2E 采购一台显示器';
const REASON = '旧显示器坏了，影响日常工作。';

const bellCount = async (page: Page) => Number(/\((\d+)\+?\)/.exec((await topButton(page, /^(通知|Notifications) \(/).getAttribute('aria-label')) ?? '')?.[1]);
/** Opens the popover fully (a screenshot or a click meanwhile would meet it half drawn). */
async function openPopover(page: Page) {
  await topButton(page, /^(通知|Notifications) \(/).click();
  await page.waitForFunction(
    () => {
      const frame = document.querySelector('.ba-notice')?.closest<HTMLElement>('.arco-trigger');
      return frame !== null && frame !== undefined && getComputedStyle(frame).opacity === '1' && getComputedStyle(frame).display !== 'none';
    },
    undefined,
    UNTIL_TEST_LIMIT,
  );
  return page.locator('.ba-notice');
}

describe('work screens, in the browser', () => {
  test('the demo user starts a general approval; the approver sees it in the message tab and 待办, handles it; zh light and en dark', async () => {
    const url = e2e.server.url;
    const demo = await openPage(e2e.browser, { viewport: { width: 1440, height: 900 } });
    await signIn(demo.page, url, DEMO);

    // 发起事务: the processes the member may start.
    await demo.page.goto(`${url}/work/start`);
    const general = tableRows(demo.page).filter({ hasText: '通用审批（两级）' });
    await general.waitFor(UNTIL_TEST_LIMIT);
    await demo.page.screenshot({ path: `${SHOTS}/work-start-zh-light.png` });
    await general.getByTestId('work-start').click();

    // The general form: a refused start would keep it; this one goes to 已发事务.
    const form = demo.page.getByTestId('work-general-form');
    await form.waitFor();
    await form.getByTestId('work-general-submit').click();
    await formItem(form, '标题').locator('.arco-form-message', { hasText: '请输入标题' }).waitFor();
    await formItem(form, '标题').locator('input').fill(TITLE);
    await formItem(form, '事由').locator('textarea').fill(REASON);
    await formItem(form, '审批人').locator('.arco-select').click();
    await demo.page.keyboard.type('admin');
    await demo.page.locator('.arco-select-popup:visible .arco-select-option', { hasText: '(admin)' }).first().click();
    await demo.page.screenshot({ path: `${SHOTS}/work-general-form-zh-light.png` });
    await form.getByTestId('work-general-submit').click();
    await toast(demo.page, '审批已提交').waitFor();
    await demo.page.waitForURL(/\/work\/send/);
    const sent = tableRows(demo.page).filter({ hasText: TITLE });
    await sent.locator('.arco-tag', { hasText: '未办结' }).waitFor();
    expect(await sent.textContent()).toContain('部门审批');

    // The approver: the task counts on the bell and waits in the message tab.
    const admin = await openPage(e2e.browser, { viewport: { width: 1440, height: 900 } });
    await signIn(admin.page, url);
    await pickTheme(admin.page, true);
    await pickLanguage(admin.page, 'English');
    await admin.page.waitForFunction(() => /\(\d+\+?\)/.test(document.querySelector('[aria-label^="Notifications ("]')?.getAttribute('aria-label') ?? ''));
    expect(await bellCount(admin.page)).toBeGreaterThan(0);
    const popup = await openPopover(admin.page);
    await popup.getByRole('tab', { name: /^Messages \(\d+\)/ }).click();
    const entry = popup.locator('[data-testid="message-feed-item"]', { hasText: TITLE });
    await entry.waitFor(UNTIL_TEST_LIMIT);
    expect(await entry.textContent()).toMatch(/General approval|通用审批/);
    await admin.page.screenshot({ path: `${SHOTS}/work-message-tab-en-dark.png` });

    // It is in 待办 as well.
    await popup.getByTestId('message-feed-all').click();
    await admin.page.waitForURL(/\/work\/todo/);
    await tableRows(admin.page).filter({ hasText: TITLE }).waitFor();
    await admin.page.screenshot({ path: `${SHOTS}/work-todo-en-dark.png` });

    // Opened from the message tab with Enter: the request, its progress, the decision.
    const again = await openPopover(admin.page);
    await again.getByRole('tab', { name: /^Messages/ }).click();
    const item = again.locator('[data-testid="message-feed-item"]', { hasText: TITLE });
    await item.focus();
    await admin.page.keyboard.press('Enter');
    await admin.page.waitForURL(/\/work\/process\/general\/handle\//);
    const handling = admin.page.getByTestId('work-general-handle');
    await handling.getByText(REASON).waitFor();
    await handling.getByTestId('flow-progress').waitFor(UNTIL_TEST_LIMIT);
    await handling.getByLabel('Comment').fill('Approved, buy it.');
    await admin.page.screenshot({ path: `${SHOTS}/work-handle-en-dark.png`, fullPage: true });
    await handling.getByTestId('work-approve').click();
    await admin.page.waitForURL(/\/work\/todo/);
    await toast(admin.page, 'Approved').waitFor();

    // The applicant sees it moved on to HR.
    await demo.page.reload();
    await tableRows(demo.page).filter({ hasText: TITLE }).filter({ hasText: '人事审批' }).waitFor(UNTIL_TEST_LIMIT);
    await demo.page.screenshot({ path: `${SHOTS}/work-send-zh-light.png` });
  });
});
