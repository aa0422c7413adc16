import { describe, expect, test } from '@rstest/core';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { openPage } from './browser';
import { UNTIL_TEST_LIMIT, menusClosed, pickLanguage, pickTheme, signIn } from './session-helpers';
import { serverAndBrowser, settled, SHOTS } from './suite';

const e2e = serverAndBrowser();

const row = (page: Page, text: string) => page.locator('.ba-crud-table .arco-table-tr', { hasText: text });

async function listShown(page: Page): Promise<void> {
  await page.locator('.ba-crud-table .arco-table-tr').nth(1).waitFor(UNTIL_TEST_LIMIT);
  await page.locator('.ba-crud-table .arco-spin-loading').waitFor({ state: 'detached' }).catch(() => undefined);
}

/**
 * The screen in light and dark, Chinese and English; back to light Chinese after. `show` opens what is
 * shot and waits until it is drawn; `hide` closes it again (a dialog covers the top bar, where the theme
 * and the language are switched).
 */
async function screenshots(page: Page, name: string, show: () => Promise<void>, hide: () => Promise<void> = async () => undefined): Promise<void> {
  let shots = 0;
  const shot = async (suffix: string) => {
    await show();
    await page.screenshot({ path: join(SHOTS, `${name}-${suffix}.png`) });
    await hide();
    shots++;
  };
  await shot('zh-light');
  await pickTheme(page, true);
  await shot('zh-dark');
  await pickLanguage(page, 'English');
  await shot('en-dark');
  await pickTheme(page, false);
  await shot('en-light');
  await pickLanguage(page, '中文');
  await menusClosed(page);
  expect(shots).toBe(4);
}

const switchOf = (page: Page, code: string) => page.locator(`[data-testid="sms-enabled-${code}"]`);
const checked = (page: Page, code: string) => () => switchOf(page, code).getAttribute('aria-checked');

describe('SMS, in the browser', () => {
  test('a test message goes out through the sandbox and is read on 短信记录; enabling a configuration switches the tenant’s one', async () => {
    const { context, page, problems } = await openPage(e2e.browser, { viewport: { width: 1600, height: 900 } });
    await signIn(page, e2e.server.url);
    await page.goto(`${e2e.server.url}/resource/sms`);
    await listShown(page);
    expect(await row(page, 'verify-code').locator('.arco-tag', { hasText: '沙箱' }).count()).toBe(1);
    expect(await row(page, 'aliyun-verify').locator('.arco-tag', { hasText: '已设置' }).count()).toBe(1);
    await screenshots(page, 'sms-configs', () => listShown(page));

    // The sandbox's template: the code is pre-filled, the phone typed, Enter sends.
    await page.locator('[data-testid="sms-send-verify-code"]').click();
    const dialog = page.locator('[data-testid="sms-send-dialog"]');
    await dialog.waitFor();
    const params = dialog.locator('input[aria-label="code"]');
    await params.fill('');
    await params.fill('864213');
    await expect(dialog.locator('[data-testid="sms-send-preview"]').textContent()).resolves.toBe('【布雷德科技】您的验证码为864213，5分钟内有效。');
    await dialog.locator('input[aria-label="手机号"]').fill('1391234567');
    await dialog.locator('[data-testid="sms-send-submit"]').click();
    await dialog.locator('[data-testid="sms-send-error"]', { hasText: '手机号码长度不为11位：1391234567' }).waitFor(UNTIL_TEST_LIMIT);
    await dialog.locator('input[aria-label="手机号"]').fill('13912345678');
    await dialog.locator('input[aria-label="手机号"]').press('Enter');
    const results = dialog.locator('[data-testid="sms-send-results"]');
    await results.waitFor(UNTIL_TEST_LIMIT);
    expect(await results.locator('li', { hasText: '13912345678' }).locator('.arco-tag', { hasText: '已发送' }).count()).toBe(1);
    await dialog.getByRole('button', { name: '关闭' }).click();
    await dialog.waitFor({ state: 'detached' });

    // The dialog in each theme and language, each time a message to another number (one a minute each).
    let shot = 0;
    await screenshots(
      page,
      'sms-test-message',
      async () => {
        await page.locator('[data-testid="sms-send-verify-code"]').click();
        await dialog.waitFor();
        await dialog.locator('input').first().fill(`1391234560${shot++}`);
        await dialog.locator('[data-testid="sms-send-submit"]').click();
        await results.waitFor(UNTIL_TEST_LIMIT);
      },
      async () => {
        await dialog.locator('.arco-modal-footer button').first().click();
        await dialog.waitFor({ state: 'detached' });
      },
    );

    // What the sandbox "sent" is on the record screen, newest first (the screenshots' messages, then this one).
    await page.goto(`${e2e.server.url}/resource/sms-record`);
    await listShown(page);
    const newest = row(page, '13912345678');
    await expect(newest.textContent()).resolves.toContain('13912345678');
    await expect(newest.textContent()).resolves.toContain('【布雷德科技】您的验证码为864213，5分钟内有效。');
    expect(await newest.locator('.arco-tag', { hasText: '成功' }).count()).toBe(1);
    await screenshots(page, 'sms-records', () => listShown(page));

    // Enabling the Aliyun configuration disables the sandbox one; and back.
    await page.goto(`${e2e.server.url}/resource/sms`);
    await listShown(page);
    // Each switch is read again until the server's answer and the list's reload show (a limit so long that
    // only a switch that never turns meets it, and is then reported as it stands).
    await switchOf(page, 'aliyun-verify').click();
    expect(await settled(checked(page, 'aliyun-verify'), 'true', 60_000)).toBe('true');
    expect(await settled(checked(page, 'verify-code'), 'false', 60_000)).toBe('false');
    await switchOf(page, 'verify-code').click();
    expect(await settled(checked(page, 'verify-code'), 'true', 60_000)).toBe('true');
    expect(await settled(checked(page, 'aliyun-verify'), 'false', 60_000)).toBe('false');

    expect(problems.errors).toEqual([]);
    await context.close();
  }, 180_000);
});
