import { describe, expect, test } from '@rstest/core';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Locator, Page } from 'playwright-core';
import readXlsxFile from 'read-excel-file/node';
import { idCheckCharacter, maskIdNumber } from '../../plugins/certificate/order/id-number';
import { PAY } from '../../plugins/certificate/order/states';
import { apiToken } from './api';
import { openPage } from './browser';
import { formItem } from './selectors';
import { DEMO, UNTIL_TEST_LIMIT, atRest, menusClosed, pickLanguage, pickTheme, signIn, toast } from './session-helpers';
import { serverAndBrowser, SHOTS } from './suite';

const e2e = serverAndBrowser();

/** The payment query a row's 查询支付 button makes (the sandbox settles a due refund when asked). */
const QUERY_PATH = '/api/xh/pay/queryOrderV3';
const BASIC = `Basic ${Buffer.from('saber:saber_secret').toString('base64')}`;
const APPLICANT = 'e2e 林晓';
const ID_NUMBER = (() => {
  const first17 = '31010419920815203';
  return first17 + idCheckCharacter(first17);
})();

/** A JSON call as the administrator of 000000. */
async function api(method: 'GET' | 'POST', path: string, options: { query?: Record<string, string>; json?: unknown } = {}) {
  const token = await apiToken(e2e.server.url, '000000', 'admin', 'admin');
  const res = await fetch(`${e2e.server.url}${path}?${new URLSearchParams(options.query ?? {})}`, {
    method,
    headers: { Authorization: BASIC, 'Blade-Auth': `bearer ${token}`, ...(options.json ? { 'Content-Type': 'application/json' } : {}) },
    body: options.json ? JSON.stringify(options.json) : undefined,
  });
  return (await res.json()) as { success: boolean; msg: string; data: Record<string, unknown> };
}

const row = (page: Page, text: string) => page.locator('.ba-crud-table .arco-table-tr', { hasText: text });
/** A cell's tag in a row (a payment or shipping state). */
const tagIn = (scope: Locator, text: string) => scope.locator('.arco-tag', { hasText: text });

async function listShown(page: Page): Promise<void> {
  await page.locator('.ba-crud-table .arco-table-tr').nth(1).waitFor();
  await page.locator('.ba-crud-table .arco-spin-loading').waitFor({ state: 'detached' }).catch(() => undefined);
}

/**
 * What a screen looks like in light and dark, Chinese and English; back to light Chinese after. `show`
 * opens what is shot and waits until it is drawn; `hide` closes it again (a drawer covers the top bar,
 * where the theme and the language are switched).
 */
async function screenshots(page: Page, name: string, show: () => Promise<void>, hide: () => Promise<void> = async () => undefined): Promise<void> {
  const shot = async (suffix: string) => {
    await show();
    await page.screenshot({ path: join(SHOTS, `${name}-${suffix}.png`) });
    await hide();
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
}

/** Picks `option` in the select of a form item. */
async function pick(page: Page, item: Locator, option: string): Promise<void> {
  await item.locator('.arco-select').click();
  await page.locator('.arco-select-popup:visible .arco-select-option', { hasText: option }).first().click();
}

describe('certificate orders, in the browser', () => {
  test('an order is added and paid, refunded in part (checked against what was paid), queried until the refund is back, then its A5 certificate is made and previewed', async () => {
    // The sandbox settles refunds after the tenant's delay: two seconds here.
    const settings = (await api('GET', '/api/xh/pay/setting/detail')).data;
    const saved = await api('POST', '/api/xh/pay/setting/submit', {
      json: { provider: 'sandbox', refundDelaySeconds: 2, sandboxRefundOutcome: 'SUCCESS', issuerName: settings.issuerName, sealImage: settings.sealImage },
    });
    expect(saved).toMatchObject({ success: true });

    const { context, page, problems } = await openPage(e2e.browser, { viewport: { width: 1920, height: 1080 } });
    await signIn(page, e2e.server.url);
    await page.goto(`${e2e.server.url}/certificate/order`);
    await listShown(page);

    // A new order, typed in yuan.
    await page.locator('.ba-crud-toolbar').getByRole('button', { name: '新增' }).click();
    const dialog = page.locator('.ba-crud-dialog');
    await dialog.getByPlaceholder('请输入申请人').fill(APPLICANT);
    await dialog.getByPlaceholder('请输入身份证号').fill(ID_NUMBER);
    await dialog.getByPlaceholder('请输入手机号码').fill('13816520088');
    await pick(page, formItem(dialog, '证书类型'), '职业技能证书');
    await dialog.getByPlaceholder('请输入订单金额').fill('380');
    await dialog.getByTestId('crud-save').click();
    await toast(page, '新增成功').waitFor();
    const order = row(page, APPLICANT);
    await tagIn(order, '未支付').waitFor();
    await order.getByText('¥380.00').waitFor();

    // Paid (the sandbox's simulated payment), then a part of it refunded.
    await order.getByTestId('pay-simulate').click();
    await page.locator('.arco-modal', { hasText: '在沙箱中模拟客户支付订单' }).getByRole('button', { name: '确定' }).click();
    await toast(page, '模拟支付成功').waitFor();
    await tagIn(order, '已支付').waitFor();
    await order.getByTestId('pay-refund').click();
    const refund = page.locator('.arco-modal', { hasText: '退款 · CO' });
    const amount = formItem(refund, '退款金额').locator('input');
    await expect(amount.inputValue()).resolves.toBe('380.00');
    await amount.fill('500');
    await refund.getByPlaceholder('例如：学员未参加考试').fill('证书加急费退回');
    await refund.getByTestId('pay-refund-save').click();
    await atRest(refund.getByText('退款金额不能大于 ¥380.00')); // shot once it has faded in
    await page.screenshot({ path: join(SHOTS, 'certificate-refund-zh-light.png') });
    await amount.fill('80');
    await refund.getByTestId('pay-refund-save').click();
    await toast(page, '退款已提交').waitFor();
    await tagIn(order, '退款中').waitFor();
    await order.getByText('¥80.00').waitFor();

    // Queried until the sandbox settles it: paid, with ¥80.00 back. Each answer is judged by itself, and the
    // next query is asked, as by a person reading the answers, once the last one's message has gone: the
    // same text again would only renew it, so a message on screen could be the last answer's.
    for (;;) {
      const answered = page.waitForResponse((response) => new URL(response.url()).pathname === QUERY_PATH, UNTIL_TEST_LIMIT);
      await order.locator('[data-testid="pay-query"][aria-busy="false"]').click();
      const answer = ((await (await answered).json()) as { data: { payState: number } }).data.payState;
      await toast(page, /^已查询/).last().waitFor();
      if (answer === PAY.paid) break;
      await toast(page, /^已查询/).first().waitFor({ state: 'detached' });
    }
    await tagIn(order, '已支付').waitFor(); // the list, read again after the answer
    await expect(tagIn(order, '已支付').count()).resolves.toBe(1);
    await order.getByText('¥80.00').waitFor();

    // Its history in the details drawer: the refund done, by whom, and the payment.
    const drawer = page.locator('.arco-drawer');
    const openDrawer = async () => {
      await order.getByRole('button', { name: /^CO\d{26}$/ }).click();
      await drawer.getByTestId('cert-payment-event').first().waitFor();
      await drawer.locator('.arco-skeleton').waitFor({ state: 'detached' });
      // Slid in all the way (a screenshot mid-slide cuts its right side off).
      await page.waitForFunction(() => {
        const box = document.querySelector('.arco-drawer')?.getBoundingClientRect();
        return !!box && Math.abs(box.right - window.innerWidth) < 1;
      });
    };
    const closeDrawer = async () => {
      await page.keyboard.press('Escape');
      await drawer.waitFor({ state: 'hidden' });
    };
    await openDrawer();
    await drawer.locator('.arco-tag', { hasText: '退款成功' }).waitFor();
    await drawer.getByText('原因：证书加急费退回').waitFor();
    await drawer.getByText(ID_NUMBER).waitFor(); // whole for the administrator
    await closeDrawer();
    await screenshots(page, 'certificate-order-drawer', openDrawer, closeDrawer);

    // The A5 certificate: made, then previewed.
    await order.getByRole('button', { name: '生成证书' }).click();
    await toast(page, '证书已生成').waitFor({ timeout: 60_000 });
    await order.getByRole('button', { name: '预览证书' }).click();
    const preview = page.locator('.arco-modal', { hasText: '证书预览' });
    await preview.locator('canvas').waitFor();
    // Drawn: the canvas has its size, and 下载 is offered once the file is in.
    await page.waitForFunction(() => {
      const canvas = document.querySelector<HTMLCanvasElement>('.arco-modal canvas');
      const download = [...document.querySelectorAll('.arco-modal button')].find((b) => b.textContent?.includes('下载'));
      return !!canvas && canvas.width > 200 && canvas.height > 200 && !!download && !download.hasAttribute('disabled');
    });
    await page.screenshot({ path: join(SHOTS, 'certificate-preview-zh-light.png') });
    const made = (await api('GET', '/api/xh/certificate/order/page', { query: { name: APPLICANT } })).data.records as Record<string, unknown>[];
    expect(made[0]).toMatchObject({ payState: 1, refundAmount: 8_000, amount: 38_000 });
    expect(String(made[0]!.certificateNo)).toMatch(/^CERT-\d{4}-\d{6}$/);
    await preview.getByRole('button', { name: '关闭' }).click();

    await screenshots(page, 'certificate-order-list', () => listShown(page));
    expect(problems.errors).toEqual([]);
    await context.close();
  });

  test('the ID number is masked for a user without the sensitive code and whole for the administrator', async () => {
    const token = await apiToken(e2e.server.url, '000000', 'admin', 'admin');
    const res = await fetch(`${e2e.server.url}/api/xh/certificate/order/page?name=${encodeURIComponent('陈静')}`, { headers: { Authorization: BASIC, 'Blade-Auth': `bearer ${token}` } });
    const whole = String(((await res.json()) as { data: { records: { idNumber: string }[] } }).data.records[0]!.idNumber);
    expect(whole).toMatch(/^\d{17}[\dX]$/);

    const demo = await openPage(e2e.browser, { viewport: { width: 1600, height: 1000 } });
    await signIn(demo.page, e2e.server.url, DEMO);
    await demo.page.goto(`${e2e.server.url}/certificate/order`);
    await listShown(demo.page);
    await row(demo.page, '陈静').getByText(maskIdNumber(whole)).waitFor();
    await expect(row(demo.page, '陈静').getByText(whole).count()).resolves.toBe(0);
    // A viewer: no add, edit, export, refund.
    await expect(demo.page.locator('.ba-crud-toolbar').getByRole('button', { name: '新增' }).count()).resolves.toBe(0);
    await expect(demo.page.locator('.ba-crud-toolbar').getByRole('button', { name: '导出' }).count()).resolves.toBe(0);
    await expect(row(demo.page, '陈静').getByTestId('pay-refund').count()).resolves.toBe(0);
    await demo.page.screenshot({ path: join(SHOTS, 'certificate-order-masked-zh-light.png') });
    expect(demo.problems.errors).toEqual([]);
    await demo.context.close();

    const admin = await openPage(e2e.browser, { viewport: { width: 1600, height: 1000 } });
    await signIn(admin.page, e2e.server.url);
    await admin.page.goto(`${e2e.server.url}/certificate/order`);
    await listShown(admin.page);
    await row(admin.page, '陈静').getByText(whole).waitFor();
    await admin.context.close();
  });

  test('the export of the filtered orders is downloaded and read back; the home cards link to the refunds in progress', async () => {
    const { context, page, problems } = await openPage(e2e.browser, { viewport: { width: 1600, height: 1000 } });
    await signIn(page, e2e.server.url);

    // The home cards, and the way from 退款中 to its orders.
    const refunding = page.getByTestId('home-card-certificate/refunding');
    await refunding.getByTestId('cert-refunding').waitFor();
    await page.getByTestId('home-card-certificate/orders-today').getByTestId('cert-today-orders').waitFor();
    await page.screenshot({ path: join(SHOTS, 'certificate-home-zh-light.png') });
    await refunding.getByRole('link', { name: /查看退款中的订单/ }).click();
    await page.waitForURL(/\/certificate\/order\?list\.f\.payState_equal=3/);
    await listShown(page);
    const rows = page.locator('.ba-crud-table tbody .arco-table-tr');
    const shown = await rows.count();
    expect(shown).toBeGreaterThan(0);
    expect(await page.locator('.ba-crud-table tbody .arco-tag', { hasText: '退款中' }).count()).toBe(shown);

    // Paid orders, every one of them (more than a page), through the server's export.
    await page.goto(`${e2e.server.url}/certificate/order?list.f.payState_equal=1`);
    await listShown(page);
    const total = Number((await page.locator('.arco-pagination-total-text').textContent())?.match(/\d+/)?.[0]);
    expect(total).toBeGreaterThan(10);
    await page.locator('.ba-crud-toolbar').getByRole('button', { name: '导出' }).click();
    const [download] = await Promise.all([page.waitForEvent('download'), page.locator('.arco-modal', { hasText: '导出当前筛选条件下的全部证书订单' }).getByRole('button', { name: '确定' }).click()]);
    expect(download.suggestedFilename()).toMatch(/^证书订单-\d{8}\.xlsx$/);
    const sheet = (await readXlsxFile(readFileSync(await download.path())))[0]!.data.map((r) => r.map((cell) => (cell === null ? '' : String(cell))));
    expect(sheet[0]!.slice(0, 7)).toEqual(['订单编号', '申请人', '身份证号', '手机号码', '证书类型', '订单金额（元）', '支付状态']);
    expect(sheet.length - 1).toBe(total);
    expect(new Set(sheet.slice(1).map((r) => r[6]))).toEqual(new Set(['已支付']));
    for (const r of sheet.slice(1)) expect(r[0]).toMatch(/^CO\d{26}$/);
    expect(problems.errors).toEqual([]);
    await context.close();
  });
});
