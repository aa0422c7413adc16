import { describe, expect, test } from '@rstest/core';
import type { Locator, Page } from 'playwright-core';
import { apiCall, apiToken } from './api';
import { openPage } from './browser';
import { formItem } from './selectors';
import { pickLanguage, pickTheme, signIn, toast } from './session-helpers';
import { serverAndBrowser, SHOTS } from './suite';

/**
 * A mall order's life, as the administrator lives it in the browser: added on the order screen by
 * choosing a product, paid (the product's stock goes down), shipped (the tracking number required: first
 * refused without it, then given), completed; the screen read in both themes and both languages.
 */
const e2e = serverAndBrowser();
const BUYER = 'E2E 买家';

interface Choice {
  id: string;
  name: string;
  stock: number;
  price: number;
}

/** The demo product the order takes: one with stock to spare, read through the order form's call. */
async function productWithStock(token: string): Promise<Choice> {
  const res = await apiCall(e2e.server.url, token, 'GET', '/api/mall/product/list');
  const found = (res.body.data as Choice[]).find((p) => p.stock >= 3);
  if (!found) throw new Error('no demo product with stock');
  return found;
}

const stockOf = async (token: string, id: string) => ((await apiCall(e2e.server.url, token, 'GET', '/api/mall/product/detail', { id })).body.data as { stock: number }).stock;

/** The order's row in the list. */
const orderRow = (page: Page) => page.locator('.arco-table-tr', { hasText: BUYER }).first();

/** Waits until no toast is on screen (they would cover the screenshots). */
const toastsGone = (page: Page) => page.locator('.arco-message').first().waitFor({ state: 'detached', timeout: 15_000 });

/** The drawer's body scrolled back to its top (a confirmation box may have left it scrolled), for a screenshot. */
const drawerTop = (page: Page) => page.locator('.ba-order-drawer .arco-drawer-content').evaluate((body) => body.scrollTo(0, 0));

/** Opens the order's drawer from its row and waits until it has slid in. */
async function openDrawer(page: Page): Promise<Locator> {
  await orderRow(page).getByTestId('order-detail-open').click();
  const drawer = page.getByTestId('order-detail');
  await drawer.waitFor();
  await page.waitForFunction(() => {
    const box = document.querySelector('.ba-order-drawer')?.getBoundingClientRect();
    return box !== undefined && Math.abs(box.right - window.innerWidth) < 1;
  });
  return drawer;
}

/** Confirms a move asked for in a confirmation box. */
async function confirmMove(page: Page, drawer: Locator, to: number, label: string, status: number): Promise<void> {
  await drawer.getByTestId(`order-move-${to}`).click();
  const box = page.locator('.arco-modal', { hasText: '确定将订单' });
  await box.getByRole('button', { name: label }).click();
  await box.waitFor({ state: 'hidden' });
  await page.locator(`[data-testid="order-detail"][data-status="${status}"]`).waitFor();
}

describe('mall orders, in the browser', () => {
  test('an order goes pending → paid → shipped (tracking number required) → completed; stock taken on payment; both themes and languages', async () => {
    const token = await apiToken(e2e.server.url, '000000', 'admin', 'admin');
    const product = await productWithStock(token);
    const { context, page, problems } = await openPage(e2e.browser, { viewport: { width: 1440, height: 900 } });
    await signIn(page, e2e.server.url);
    await page.goto(`${e2e.server.url}/mall/order`);
    await page.locator('.ba-order-link').first().waitFor();
    await page.screenshot({ path: `${SHOTS}/mall-order-list-zh-light.png` });

    // Added through the dialog: the buyer, a product chosen from those on sale, two of it.
    await page.getByRole('button', { name: '新增' }).click();
    const dialog = page.locator('.arco-modal', { hasText: '新增订单' });
    await formItem(dialog, '买家姓名').locator('input').fill(BUYER);
    await formItem(dialog, '手机号码').locator('input').fill('13912345678');
    await formItem(dialog, '收货地址').locator('textarea').fill('上海市浦东新区世纪大道 100 号');
    await dialog.getByRole('combobox', { name: '添加商品' }).click();
    await page.locator('.arco-select-popup:visible .arco-select-option', { hasText: product.name }).first().click();
    await dialog.getByRole('spinbutton', { name: `「${product.name}」的数量` }).fill('2');
    await dialog.getByRole('spinbutton', { name: `「${product.name}」的数量` }).blur();
    const yuan = (fen: number) => `¥${(fen / 100).toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;
    await expect(dialog.getByTestId('order-total').textContent()).resolves.toContain(`商品金额 ${yuan(product.price * 2)}`);
    await page.screenshot({ path: `${SHOTS}/mall-order-add-zh-light.png` });
    await dialog.getByTestId('crud-save').click();
    await toast(page, '新增成功').waitFor();
    await dialog.waitFor({ state: 'hidden' });
    await expect(orderRow(page).locator('.arco-tag').textContent()).resolves.toBe('待支付');

    const drawer = await openDrawer(page);
    await toastsGone(page);
    await page.screenshot({ path: `${SHOTS}/mall-order-drawer-pending-zh-light.png` });

    await confirmMove(page, drawer, 1, '确认支付', 1);
    expect(await stockOf(token, product.id)).toBe(product.stock - 2);

    // Shipping without a tracking number is refused, by the form and by the server alike.
    await drawer.getByTestId('order-move-2').click();
    const ship = page.locator('.arco-modal', { hasText: '发货：' });
    await ship.getByTestId('order-ship-save').click();
    await ship.getByText('请先填写物流单号', { exact: true }).last().waitFor();
    const orders = (await apiCall(e2e.server.url, token, 'GET', '/api/mall/order/page', { buyerMobile_equal: '13912345678' })).body.data as { records: { id: string }[] };
    const refused = await apiCall(e2e.server.url, token, 'POST', '/api/mall/order/update/status', { id: orders.records[0]!.id, status: '2' });
    expect([refused.status, refused.body.msg]).toEqual([400, '请先填写物流单号']);
    await page.screenshot({ path: `${SHOTS}/mall-order-ship-refused-zh-light.png` });
    await formItem(ship, '物流公司').locator('input').fill('顺丰速运');
    await ship.getByTestId('order-logistics-no').fill('SF1357924680');
    await ship.getByTestId('order-ship-save').click();
    await ship.waitFor({ state: 'hidden' });
    await page.locator('[data-testid="order-detail"][data-status="2"]').waitFor();
    await expect(drawer.getByTestId('order-logistics').textContent()).resolves.toBe('SF1357924680');

    await confirmMove(page, drawer, 3, '确认完成', 3);
    await expect(drawer.getByText('此订单已结束，没有可进行的操作').count()).resolves.toBe(1);
    await toastsGone(page);
    await drawerTop(page);
    await page.screenshot({ path: `${SHOTS}/mall-order-drawer-completed-zh-light.png` });
    await page.keyboard.press('Escape');
    await page.locator('.ba-order-drawer').waitFor({ state: 'hidden' });
    await orderRow(page).locator('.arco-tag', { hasText: '已完成' }).waitFor();
    // Stock stays taken once the order is done.
    expect(await stockOf(token, product.id)).toBe(product.stock - 2);

    await pickTheme(page, true);
    await pickLanguage(page, 'English');
    await orderRow(page).locator('.arco-tag', { hasText: 'Completed' }).waitFor();
    await toastsGone(page);
    await page.screenshot({ path: `${SHOTS}/mall-order-list-en-dark.png` });
    const dark = await openDrawer(page);
    await dark.getByText('Progress').waitFor();
    await page.screenshot({ path: `${SHOTS}/mall-order-drawer-en-dark.png` });
    await page.keyboard.press('Escape');
    await page.locator('.ba-order-drawer').waitFor({ state: 'hidden' });

    // A pending demo order in English and dark: its moves offered.
    await page.locator('.arco-table-tr', { has: page.locator('.arco-tag', { hasText: 'Unpaid' }) }).first().getByTestId('order-detail-open').click();
    await page.locator('[data-testid="order-detail"][data-status="0"]').waitFor();
    await expect(page.getByTestId('order-move-1').textContent()).resolves.toBe('Mark paid');
    await page.waitForFunction(() => Math.abs((document.querySelector('.ba-order-drawer')?.getBoundingClientRect().right ?? 0) - window.innerWidth) < 1);
    await page.screenshot({ path: `${SHOTS}/mall-order-drawer-pending-en-dark.png` });
    await page.keyboard.press('Escape');

    await page.getByRole('button', { name: 'Add' }).click();
    const english = page.locator('.arco-modal', { hasText: 'Add order' });
    await english.getByTestId('crud-save').click();
    await english.getByText('Please choose the products').waitFor();
    await page.screenshot({ path: `${SHOTS}/mall-order-add-en-dark.png` });

    expect(problems.errors).toEqual([]);
    await context.close();
  });
});
