import { describe, expect, test } from '@rstest/core';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import readXlsxFile from 'read-excel-file/node';
import { apiToken } from './api';
import { openPage } from './browser';
import { formItem } from './selectors';
import { menusClosed, pickLanguage, pickTheme, signIn, toast } from './session-helpers';
import { serverAndBrowser, SHOTS } from './suite';

const e2e = serverAndBrowser();
const BASE = '/api/blade-report/report/rest';
const BASIC = `Basic ${Buffer.from('saber:saber_secret').toString('base64')}`;

/** A JSON call as the administrator of 000000. */
async function api(path: string, json: unknown): Promise<{ success: boolean; msg: string; data: any }> {
  const token = await apiToken(e2e.server.url, '000000', 'admin', 'admin');
  const res = await fetch(`${e2e.server.url}${path}`, {
    method: 'POST',
    headers: { Authorization: BASIC, 'Blade-Auth': `bearer ${token}`, 'Content-Type': 'application/json' },
    body: JSON.stringify(json),
  });
  return res.json() as Promise<{ success: boolean; msg: string; data: any }>;
}

const day = (offset: number) => {
  const d = new Date();
  d.setDate(d.getDate() + offset);
  return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
};

const listShown = async (page: Page) => {
  await page.locator('.ba-crud-table .arco-table-tr', { hasText: '商城每日销售' }).waitFor();
};

/** The run view's result drawn: the table's rows and the chart's canvas, its skeleton gone. */
async function resultDrawn(page: Page): Promise<void> {
  await page.getByTestId('report-table').locator('tbody .arco-table-tr').first().waitFor();
  await page.locator('.chart-kit-canvas canvas').first().waitFor();
  await page.waitForFunction(() => document.querySelectorAll('.chart-kit-skeleton').length === 0, undefined, { timeout: 30_000 });
}

/** Sets a date parameter by typing it into its picker. */
async function typeDate(page: Page, label: string, value: string): Promise<void> {
  const input = page.locator('.report-param', { hasText: label }).locator('input');
  await input.click();
  await input.fill(value);
  await input.press('Enter');
  await page.waitForFunction(([l, v]) => [...document.querySelectorAll('.report-param')].some((p) => p.textContent?.includes(l!) && (p.querySelector('input') as HTMLInputElement | null)?.value === v), [label, value]);
  await page.keyboard.press('Escape');
}

describe('reports, in the browser', () => {
  test('the admin opens a seeded report, runs it with parameters, sees the table and the chart, and exports the same rows', async () => {
    const { context, page, problems } = await openPage(e2e.browser, { viewport: { width: 1600, height: 1000 } });
    await signIn(page, e2e.server.url);
    await page.goto(`${e2e.server.url}/report/reportlist`);
    await listShown(page);
    expect(await page.locator('.ba-crud-table tbody .arco-table-tr').count()).toBe(3);
    await page.screenshot({ path: join(SHOTS, 'report-list-zh-light.png') });

    await page.getByTestId('report-name').filter({ hasText: '商城每日销售' }).click();
    await page.waitForURL(/\/report\/run\/\d+$/);
    const id = page.url().split('/').pop()!;
    await page.getByTestId('report-params').waitFor();
    const start = day(-13);
    const end = day(0);
    await typeDate(page, '开始日期', start);
    await typeDate(page, '结束日期', end);
    await page.getByTestId('report-run').click();
    await resultDrawn(page);

    // The same run as an integrator's script makes it: the page shows those rows, money in yuan.
    const expected = (await api(`${BASE}/run`, { id, params: { start, end } })).data as { rows: [string, number, number][] };
    expect(expected.rows).toHaveLength(14);
    const meta = await page.getByTestId('report-meta').textContent();
    expect(meta).toContain('14 行');
    const firstRow = await page.getByTestId('report-table').locator('tbody .arco-table-tr').first().locator('td').allTextContents();
    const [d0, orders0, fen0] = expected.rows[0]!;
    expect(firstRow).toEqual([d0, String(orders0), `¥${(fen0 / 100).toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`]);
    // Numbers are right-aligned.
    expect(await page.getByTestId('report-table').locator('tbody .arco-table-tr').first().locator('td').nth(2).evaluate((td) => getComputedStyle(td).textAlign)).toBe('right');

    // The export: the xlsx downloaded and read back holds the same rows.
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId('report-export').click()]);
    expect(download.suggestedFilename()).toMatch(/^商城每日销售-\d{8}\.xlsx$/);
    const sheet = (await readXlsxFile(readFileSync(await download.path())))[0]!.data.map((r) => r.map((cell) => (cell === null ? '' : String(cell))));
    expect(sheet[0]).toEqual(['日期', '订单数', '收款（元）']);
    expect(sheet.slice(1)).toEqual(expected.rows.map(([d, n, fen]) => [d, String(n), (fen / 100).toFixed(2)]));

    // Light and dark, Chinese and English.
    await page.screenshot({ path: join(SHOTS, 'report-run-zh-light.png') });
    await pickTheme(page, true);
    await resultDrawn(page);
    await page.screenshot({ path: join(SHOTS, 'report-run-zh-dark.png') });
    await pickLanguage(page, 'English');
    await page.getByTestId('report-table').getByText('Takings (CNY)').waitFor();
    await resultDrawn(page);
    await page.screenshot({ path: join(SHOTS, 'report-run-en-dark.png') });
    await pickTheme(page, false);
    await resultDrawn(page);
    await page.screenshot({ path: join(SHOTS, 'report-run-en-light.png') });
    await pickLanguage(page, '中文');
    await menusClosed(page);
    expect(problems.errors).toEqual([]);
    await context.close();
  });

  test('a pie of the certificate orders, and a column chart of the card visits, are drawn', async () => {
    const { context, page, problems } = await openPage(e2e.browser, { viewport: { width: 1440, height: 900 } });
    await signIn(page, e2e.server.url);
    await page.goto(`${e2e.server.url}/report/reportlist`);
    await listShown(page);
    for (const name of ['证书订单状态分布', '名片访问排行']) {
      await page.goto(`${e2e.server.url}/report/reportlist`);
      await listShown(page);
      await page.locator('.ba-crud-table .arco-table-tr', { hasText: name }).getByTestId('report-open').click();
      await page.getByTestId('report-run').click();
      await resultDrawn(page);
      await page.screenshot({ path: join(SHOTS, `report-${name === '名片访问排行' ? 'visits' : 'certificate'}-zh-light.png`) });
    }
    expect(problems.errors).toEqual([]);
    await context.close();
  });

  test('a hostile SQL is refused with the reason: at 试运行 inline, and at save with the form kept', async () => {
    const { context, page, problems } = await openPage(e2e.browser, { viewport: { width: 1600, height: 1000 } });
    await signIn(page, e2e.server.url);
    await page.goto(`${e2e.server.url}/report/reportlist`);
    await listShown(page);
    await page.locator('.ba-crud-toolbar').getByRole('button', { name: '新增' }).click();
    const dialog = page.locator('.arco-modal');
    await formItem(dialog, '报表名称').locator('input').fill('e2e 清空订单');
    const hostile = `select count(*) from mall_order where set_config('app.tenant_id', '100001', true) is not null`;
    await dialog.getByTestId('report-sql').fill(hostile);

    await dialog.getByTestId('report-try-button').click();
    await dialog.getByTestId('report-try-error').getByText('报表不能调用函数 set_config').waitFor();
    await page.screenshot({ path: join(SHOTS, 'report-editor-refused-zh-light.png') });

    await dialog.getByTestId('crud-save').click();
    await toast(page, '报表不能调用函数 set_config').waitFor();
    // The form is kept as typed.
    expect(await dialog.getByTestId('report-sql').inputValue()).toBe(hostile);
    expect(await formItem(dialog, '报表名称').locator('input').inputValue()).toBe('e2e 清空订单');

    // A sound one tried in the same form shows its result, then saves.
    await dialog.getByTestId('report-sql').fill('select name as product, sales as sold from mall_product order by sales desc limit 5');
    await dialog.getByTestId('report-try-button').click();
    await dialog.getByTestId('report-table').locator('tbody .arco-table-tr').nth(4).waitFor();
    await page.screenshot({ path: join(SHOTS, 'report-editor-tried-zh-light.png') });
    await dialog.getByTestId('crud-save').click();
    await toast(page, '新增成功').waitFor();
    await page.locator('.ba-crud-table .arco-table-tr', { hasText: 'e2e 清空订单' }).waitFor();
    expect(problems.errors).toEqual([]);
    await context.close();
  });
});
