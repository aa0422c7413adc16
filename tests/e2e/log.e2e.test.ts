import { describe, expect, test } from '@rstest/core';
import type { Locator, Page } from 'playwright-core';
import { apiCall, apiToken } from './api';
import { openPage } from './browser';
import { UNTIL_TEST_LIMIT, pickLanguage, pickTheme, signIn, toast } from './session-helpers';
import { serverAndBrowser, SHOTS } from './suite';

/**
 * A failing request followed through the logs, as an administrator does it in the browser: the error
 * log's 记录一条测试错误 makes the server fail (the usual 500), the error is listed with its stack, and its
 * request id leads to the call in the API log (status 500) and back; the screens in both themes and
 * languages.
 */
const e2e = serverAndBrowser();

/** Waits until no toast is on screen (they would cover the screenshots). */
const toastsGone = (page: Page) => page.locator('.arco-message').first().waitFor({ state: 'detached', timeout: 20_000 });

/**
 * The log drawer on screen (a tab left for another keeps its own, hidden, until it is shown again), once
 * it has slid all the way in.
 */
async function drawerIn(page: Page): Promise<Locator> {
  const drawer = page.locator('[data-testid="log-detail"]:visible');
  await drawer.waitFor(UNTIL_TEST_LIMIT);
  await page.waitForFunction(() =>
    [...document.querySelectorAll('.ba-log-drawer')].some((element) => {
      const box = element.getBoundingClientRect();
      return box.width > 0 && Math.abs(box.right - window.innerWidth) < 1;
    }),
  );
  return drawer;
}

async function closeDrawer(page: Page): Promise<void> {
  await page.keyboard.press('Escape');
  await page.locator('[data-testid="log-detail"]:visible').waitFor({ state: 'detached' });
}

describe('logs, in the browser', () => {
  test('a test error is recorded: in the error log with its stack, in the API log with status 500, linked by its request id; both themes and languages', async () => {
    const { context, page, problems } = await openPage(e2e.browser, { viewport: { width: 1440, height: 900 } });
    await signIn(page, e2e.server.url);
    await page.goto(`${e2e.server.url}/monitor/log/error`);
    await page.locator('.ba-log-link:visible').first().waitFor(UNTIL_TEST_LIMIT);
    await page.screenshot({ path: `${SHOTS}/log-error-list-zh-light.png` });

    // The server fails on purpose; the screen waits for the error to be written, then lists it.
    await page.getByTestId('log-test-error').click();
    const done = toast(page, /已记录测试错误，请求ID：/);
    await done.waitFor({ timeout: 30_000 });
    const requestId = /请求ID：(\S+)/.exec((await done.textContent()) ?? '')![1]!;
    expect(requestId).toMatch(/^[0-9a-f-]{36}$/);

    // The server's answer was the usual 500 body: its request id, no stack.
    const token = await apiToken(e2e.server.url, '000000', 'admin', 'admin');
    const again = await apiCall(e2e.server.url, token, 'POST', '/api/blade-log/error/test');
    expect(again.status).toBe(500);
    expect(Object.keys(again.body as object).sort()).toEqual(['code', 'data', 'msg', 'requestId', 'success']);
    expect(JSON.stringify(again.body)).not.toMatch(/LogCheckError|\n\s+at /);

    const row = page.locator('.arco-table-tr:visible', { hasText: 'LogCheckError' }).first();
    await row.waitFor(UNTIL_TEST_LIMIT);
    await row.locator('.ba-log-source[data-source="server"]').waitFor();
    await toastsGone(page);
    await page.screenshot({ path: `${SHOTS}/log-error-recorded-zh-light.png` });

    // The error's detail: the stack in its block, the request id copyable.
    await page.goto(`${e2e.server.url}/monitor/log/error?list.f.requestId_equal=${requestId}`);
    await page.locator('.arco-table-tr:visible', { hasText: 'LogCheckError' }).getByTestId('log-open').click();
    const error = await drawerIn(page);
    await expect(error.getByTestId('log-stack').textContent()).resolves.toMatch(/^LogCheckError: Test error raised on purpose by admin[\s\S]*\n\s+at raiseTestError/);
    await expect(error.textContent()).resolves.toContain(requestId);
    await page.screenshot({ path: `${SHOTS}/log-error-drawer-zh-light.png` });

    // To the call: the API log filtered by the request id, status 500 in red.
    await error.getByTestId('log-to-request').click();
    await page.waitForURL(/\/monitor\/log\/api\?/);
    const call = page.locator('.arco-table-tr:visible', { hasText: '/api/blade-log/error/test' }).first();
    await call.waitFor(UNTIL_TEST_LIMIT);
    await expect(call.locator('.ba-log-status').getAttribute('data-status')).resolves.toBe('500');
    await expect(page.locator('.arco-table-tr:visible', { has: page.locator('.ba-log-status') }).count()).resolves.toBe(1);
    await call.getByTestId('log-open').click();
    const api = await drawerIn(page);
    await expect(api.textContent()).resolves.toContain(requestId);
    await page.screenshot({ path: `${SHOTS}/log-api-drawer-zh-light.png` });

    // And back to its error.
    await api.getByTestId('log-to-errors').click();
    await page.waitForURL(/\/monitor\/log\/error\?/);
    await page.locator('.arco-table-tr:visible', { hasText: 'LogCheckError' }).first().waitFor();

    // The API log's errors only, in dark and English.
    await pickTheme(page, true);
    await pickLanguage(page, 'English');
    await page.goto(`${e2e.server.url}/monitor/log/api`);
    await page.getByTestId('log-status-errors').click(UNTIL_TEST_LIMIT); // once the app, reloaded by the address, has shown the screen
    await page.waitForFunction(() => {
      const tags = [...document.querySelectorAll('.arco-table-tr .ba-log-status')].filter((tag) => (tag as HTMLElement).offsetParent !== null);
      return tags.length > 0 && tags.every((tag) => Number(tag.getAttribute('data-status')) >= 400);
    });
    await toastsGone(page);
    await page.screenshot({ path: `${SHOTS}/log-api-errors-en-dark.png` });
    await page.goto(`${e2e.server.url}/monitor/log/error`);
    await page.locator('.ba-log-source[data-source="browser"]:visible').first().waitFor(UNTIL_TEST_LIMIT);
    await page.screenshot({ path: `${SHOTS}/log-error-list-en-dark.png` });
    await page.locator('.arco-table-tr:visible', { has: page.locator('.ba-log-source[data-source="browser"]') }).first().getByTestId('log-open').click();
    const browserError = await drawerIn(page);
    await browserError.getByText('Stack trace').waitFor();
    await page.screenshot({ path: `${SHOTS}/log-error-drawer-en-dark.png` });
    await closeDrawer(page);
    await page.goto(`${e2e.server.url}/monitor/log/usual`);
    await page.locator('.ba-log-link:visible').first().waitFor(UNTIL_TEST_LIMIT);
    await page.screenshot({ path: `${SHOTS}/log-usual-list-en-dark.png` });

    expect(problems.errors).toEqual([]);
    await context.close();
  });
});
