import { describe, expect, test } from '@rstest/core';
import type { Locator, Page } from 'playwright-core';
import { apiCall, apiToken } from './api';
import { openPage } from './browser';
import { pickLanguage, pickTheme, signIn, toast } from './session-helpers';
import { serverAndBrowser, SHOTS } from './suite';

/**
 * A genius order's life in the browser: booked (through the API, as the card front end would), then
 * paid from its row, confirmed and completed from its details drawer, each move asked for again naming
 * both states; the genius's order count rises with the payment; the home card, the lists and the drawer
 * read in both themes and both languages.
 */
const e2e = serverAndBrowser();
const CUSTOMER = 'E2E 达人客户';

const orderRow = (page: Page) => page.locator('.arco-table-tr', { hasText: CUSTOMER }).first();
/** Every picture of the list loaded (thumbnails arrive after the rows). */
const picturesLoaded = (page: Page) => page.waitForFunction(() => [...document.querySelectorAll<HTMLImageElement>('.arco-table-tr img')].every((img) => img.complete && img.naturalWidth > 0));
const toastsGone = (page: Page) => page.locator('.arco-message').first().waitFor({ state: 'detached', timeout: 15_000 });

/** The drawer, slid fully in. */
async function drawerOpen(page: Page): Promise<Locator> {
  await page.getByTestId('genius-order-detail').waitFor();
  await page.waitForFunction(() => {
    const box = document.querySelector('.genius-order-detail')?.getBoundingClientRect();
    return box !== undefined && Math.abs(box.right - window.innerWidth) < 1;
  });
  return page.locator('.genius-order-detail');
}

/** Clicks a move, checks the confirmation names both states, confirms, and waits for the new state. */
async function moveTo(page: Page, scope: Locator, action: string, from: string, to: string, wait: () => Promise<unknown>): Promise<void> {
  await scope.getByRole('button', { name: action, exact: true }).click();
  const box = page.locator('.arco-modal', { hasText: `从「${from}」变为「${to}」` });
  await box.waitFor();
  await box.getByRole('button', { name: '确定' }).click();
  await box.waitFor({ state: 'hidden' });
  await toast(page, `订单已变为「${to}」`).waitFor();
  await wait();
}

describe('genius orders, in the browser', () => {
  test('an order goes paid → confirmed → completed from the screen; the order count rises once; both themes and languages', async () => {
    const token = await apiToken(e2e.server.url, '000000', 'admin', 'admin');
    const genius = ((await apiCall(e2e.server.url, token, 'GET', '/api/genius/select', { status: '1' })).body.data as { id: string; name: string }[])[0]!;
    const countOf = async () => ((await apiCall(e2e.server.url, token, 'GET', '/api/genius/detail', { id: genius.id })).body.data as { orderCount: number }).orderCount;
    const before = await countOf();
    const booked = await fetch(`${e2e.server.url}/api/genius/order/submit`, {
      method: 'POST',
      headers: { Authorization: `Basic ${Buffer.from('saber:saber_secret').toString('base64')}`, 'Blade-Auth': `bearer ${token}`, 'Content-Type': 'application/json' },
      body: JSON.stringify({ geniusId: genius.id, customerName: CUSTOMER, customerMobile: '13698765432', service: '品牌年度顾问', bookedTime: '2099-09-09 09:30:00' }),
    });
    expect(((await booked.json()) as { success: boolean }).success).toBe(true);

    const { context, page, problems } = await openPage(e2e.browser, { viewport: { width: 1440, height: 900 } });
    await signIn(page, e2e.server.url);
    const card = page.getByTestId('home-card-genius/orders-today');
    await card.getByTestId('genius-home-orders').waitFor();
    await card.screenshot({ path: `${SHOTS}/genius-home-card-zh-light.png` });

    await card.getByRole('link', { name: /查看今日订单/ }).click();
    await page.waitForURL(/\/genius\/order\?list\.f\.createTime_dategt=/);
    await orderRow(page).waitFor();
    await orderRow(page).locator('.arco-tag', { hasText: '待支付' }).waitFor();
    await page.screenshot({ path: `${SHOTS}/genius-order-today-zh-light.png` });

    // Paid from its row.
    await moveTo(page, orderRow(page), '支付', '待支付', '已支付', () => orderRow(page).locator('.arco-tag', { hasText: '已支付' }).waitFor());
    expect(await countOf()).toBe(before + 1);

    // Confirmed and completed from its details.
    await orderRow(page).getByRole('button', { name: '查看' }).click();
    const drawer = await drawerOpen(page);
    await moveTo(page, drawer, '确认', '已支付', '已确认', () => page.locator('[data-testid="genius-order-detail"][data-status="2"]').waitFor());
    await toastsGone(page);
    await page.screenshot({ path: `${SHOTS}/genius-order-drawer-confirmed-zh-light.png` });
    await moveTo(page, drawer, '完成', '已确认', '已完成', () => page.locator('[data-testid="genius-order-detail"][data-status="3"]').waitFor());
    await drawer.getByText('订单已结束，不能再流转').waitFor();
    await toastsGone(page);
    await page.screenshot({ path: `${SHOTS}/genius-order-drawer-completed-zh-light.png` });
    await page.keyboard.press('Escape');
    await orderRow(page).locator('.arco-tag', { hasText: '已完成' }).waitFor();
    expect(await countOf()).toBe(before + 1);

    // Dark and English: the lists, the drawer, the form.
    await pickTheme(page, true);
    await pickLanguage(page, 'English');
    await orderRow(page).locator('.arco-tag', { hasText: 'Completed' }).waitFor();
    await toastsGone(page);
    await page.screenshot({ path: `${SHOTS}/genius-order-today-en-dark.png` });
    await orderRow(page).getByRole('button', { name: 'View' }).click();
    const english = await drawerOpen(page);
    await english.getByText('Progress').first().waitFor();
    await page.screenshot({ path: `${SHOTS}/genius-order-drawer-en-dark.png` });
    await page.keyboard.press('Escape');

    await page.goto(`${e2e.server.url}/genius/order`);
    await page.locator('.arco-table-tr .arco-tag').first().waitFor();
    await page.screenshot({ path: `${SHOTS}/genius-order-list-en-dark.png` });
    await page.getByRole('button', { name: 'Add' }).click();
    const dialog = page.locator('.arco-modal', { hasText: 'Add genius order' });
    await dialog.getByTestId('crud-save').click();
    await dialog.getByText('Please choose the genius').waitFor();
    await page.screenshot({ path: `${SHOTS}/genius-order-add-en-dark.png` });
    await page.keyboard.press('Escape');

    await page.goto(`${e2e.server.url}/genius/list`);
    await page.locator('.arco-table-tr img').first().waitFor();
    await picturesLoaded(page);
    await page.screenshot({ path: `${SHOTS}/genius-list-en-dark.png` });
    await page.goto(`${e2e.server.url}/genius/article`);
    await page.locator('.arco-table-tr img').first().waitFor();
    await picturesLoaded(page);
    await page.screenshot({ path: `${SHOTS}/genius-article-en-dark.png` });

    await pickTheme(page, false);
    await pickLanguage(page, '中文');
    await page.goto(`${e2e.server.url}/genius/list`);
    await page.locator('.arco-table-tr img').first().waitFor();
    await picturesLoaded(page);
    await page.screenshot({ path: `${SHOTS}/genius-list-zh-light.png` });
    await page.getByRole('button', { name: '新增' }).click();
    const add = page.locator('.arco-modal', { hasText: '新增达人' });
    await add.getByPlaceholder('输入标签后按回车，最多 8 个').fill('品牌');
    await add.getByPlaceholder('输入标签后按回车，最多 8 个').press('Enter');
    // Enter made a tag and kept the dialog open.
    await add.locator('.arco-tag', { hasText: '品牌' }).waitFor();
    await page.screenshot({ path: `${SHOTS}/genius-add-zh-light.png` });

    expect(problems.errors).toEqual([]);
    await context.close();
  });
});
