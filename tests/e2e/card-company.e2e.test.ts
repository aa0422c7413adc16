import { describe, expect, test } from '@rstest/core';
import { join } from 'node:path';
import type { Locator, Page } from 'playwright-core';
import { nextOccurrence } from '../../plugins/card/festival/dates';
import { apiCall, apiToken } from './api';
import { openPage } from './browser';
import { formItem } from './selectors';
import { DEMO, pickLanguage, pickTheme, signIn, toast } from './session-helpers';
import { serverAndBrowser, SHOTS } from './suite';

const e2e = serverAndBrowser();

const POSTER = 'plugins/card/demo/logo-2.png';
const FESTIVAL = 'e2e 冬至';

/** Picks `option` in an Arco select (the select itself, or the one of a form item). */
async function pick(page: Page, select: Locator, option: string): Promise<void> {
  await select.click();
  await page.locator('.arco-select-popup:visible .arco-select-option', { hasText: option }).first().click();
}

/** The list with its pictures drawn. */
async function listShown(page: Page): Promise<void> {
  await page.locator('.ba-crud-table .arco-table-tr').nth(1).waitFor();
  await page.waitForFunction(() => [...document.querySelectorAll<HTMLImageElement>('.ba-crud-table img')].every((img) => img.complete && img.naturalWidth > 0));
}

/** The list in both themes and both languages, back to light Chinese after. */
async function screenshots(page: Page, name: string): Promise<void> {
  await listShown(page);
  await page.screenshot({ path: join(SHOTS, `${name}-zh-light.png`) });
  await pickTheme(page, true);
  await listShown(page);
  await page.screenshot({ path: join(SHOTS, `${name}-zh-dark.png`) });
  await pickLanguage(page, 'English');
  await listShown(page);
  await page.screenshot({ path: join(SHOTS, `${name}-en-dark.png`) });
  await pickTheme(page, false);
  await listShown(page);
  await page.screenshot({ path: join(SHOTS, `${name}-en-light.png`) });
  await pickLanguage(page, '中文');
}

const row = (page: Page, text: string) => page.locator('.ba-crud-table .arco-table-tr', { hasText: text });

describe('companies and festivals, in the browser', () => {
  test('a festival for a chosen company, with an uploaded poster, is added and listed with its next date', async () => {
    const { context, page, problems } = await openPage(e2e.browser, { viewport: { width: 1440, height: 1000 } });
    await signIn(page, e2e.server.url);
    await page.goto(`${e2e.server.url}/card/festival`);
    await listShown(page);

    await page.locator('.ba-crud-toolbar').getByRole('button', { name: '新增' }).click();
    const dialog = page.locator('.ba-crud-dialog');
    await dialog.getByLabel('节日名称').fill(FESTIVAL);
    // The month, then the day (the days of that month offered).
    await pick(page, formItem(dialog, '节日日期').locator('.arco-select').nth(0), '12月');
    await pick(page, formItem(dialog, '节日日期').locator('.arco-select').nth(1), '22日');
    await dialog.getByLabel('祝福语').fill('冬至大如年，愿您温暖相伴、岁岁安康。');
    await formItem(dialog, '节日海报').locator('input[type="file"]').setInputFiles(POSTER);
    await formItem(dialog, '节日海报').locator('img').waitFor();
    // For chosen companies: the companies are then asked for.
    await expect(formItem(dialog, '适用公司').count()).resolves.toBe(0);
    await pick(page, formItem(dialog, '适用范围').locator('.arco-select'), '指定公司');
    await pick(page, formItem(dialog, '适用公司').locator('.arco-select'), '蓝鲸建筑设计');
    await dialog.locator('.arco-modal-title').click(); // closes the popup, not the dialog
    await page.locator('.arco-select-popup:visible').waitFor({ state: 'hidden' });
    await page.screenshot({ path: join(SHOTS, 'card-festival-form-zh-light.png') });
    await dialog.getByTestId('crud-save').click();
    await toast(page, '新增成功').waitFor();
    await dialog.waitFor({ state: 'detached' });

    // Listed with the next 12-22 and the days until it, for 蓝鲸建筑设计, its poster shown.
    const next = nextOccurrence('12-22', new Date())!;
    const added = row(page, FESTIVAL);
    await added.getByText(next.date, { exact: true }).waitFor();
    await added.getByText(next.days === 0 ? '今天' : `${next.days} 天后`).waitFor();
    await added.getByText('指定公司：蓝鲸建筑设计').waitFor();
    await page.waitForFunction((name) => {
      const img = [...document.querySelectorAll('.ba-crud-table .arco-table-tr')].find((tr) => tr.textContent?.includes(name))?.querySelector('img');
      return !!img && img.complete && img.naturalWidth > 0;
    }, FESTIVAL);

    // As the server keeps it.
    const token = await apiToken(e2e.server.url, '000000', 'admin', 'admin');
    const found = ((await apiCall(e2e.server.url, token, 'GET', '/api/festival/page', { name: FESTIVAL })).body.data as { records: Record<string, unknown>[] }).records;
    expect(found).toHaveLength(1);
    expect(found[0]).toMatchObject({ date: '12-22', scope: 2, companyNames: '蓝鲸建筑设计', status: 1, nextDate: next.date });
    expect(String(found[0]!.poster)).toMatch(/^\/api\/blade-resource\/oss\/endpoint\/file\/[0-9a-f]{32}\.png$/);

    await screenshots(page, 'card-festival-list');
    expect(problems.errors).toEqual([]);
    await context.close();
  });

  test('the other company is made the default from its row', async () => {
    const { context, page, problems } = await openPage(e2e.browser, { viewport: { width: 1440, height: 1000 } });
    await signIn(page, e2e.server.url);
    await page.goto(`${e2e.server.url}/card/company`);
    await listShown(page);
    await row(page, '布雷德科技').getByText('默认', { exact: true }).waitFor();

    await row(page, '蓝鲸建筑设计').getByRole('button', { name: '设为默认' }).click();
    const confirm = page.locator('.arco-modal', { hasText: '确定将「蓝鲸建筑设计」设为默认公司？' });
    await confirm.getByRole('button', { name: '确定' }).click();
    await toast(page, '已设为默认公司').waitFor();
    await row(page, '蓝鲸建筑设计').getByText('默认', { exact: true }).waitFor();
    await expect(row(page, '布雷德科技').getByText('默认', { exact: true }).count()).resolves.toBe(0);
    await row(page, '布雷德科技').getByRole('button', { name: '设为默认' }).waitFor();

    const token = await apiToken(e2e.server.url, '000000', 'admin', 'admin');
    const choices = (await apiCall(e2e.server.url, token, 'GET', '/api/company/information/list')).body.data as { name: string; isDefault: number }[];
    expect(choices.filter((c) => c.isDefault === 1).map((c) => c.name)).toEqual(['蓝鲸建筑设计']);

    // The view of a company: its logo, pictures and introduction as the card shows them.
    await row(page, '蓝鲸建筑设计').getByRole('button', { name: '查看' }).click();
    const dialog = page.locator('.ba-crud-dialog');
    await dialog.getByText('城市更新与滨水空间').waitFor();
    await dialog.getByText('上海市 / 市辖区 / 徐汇区').waitFor(); // the region by its names
    await page.waitForFunction(() => [...document.querySelectorAll<HTMLImageElement>('.ba-crud-dialog img')].every((img) => img.complete && img.naturalWidth > 0));
    await page.screenshot({ path: join(SHOTS, 'card-company-view-zh-light.png') });
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });

    await screenshots(page, 'card-company-list');
    expect(problems.errors).toEqual([]);
    await context.close();
  });

  test('on a card page the top bar marks 名片业务, which shows the card and visitor menus alone', async () => {
    const { context, page, problems } = await openPage(e2e.browser, { viewport: { width: 1440, height: 900 } });
    await signIn(page, e2e.server.url, DEMO);
    const topBar = page.locator('.ba-top-menu');
    const items = topBar.locator('.ba-top-menu-item');
    await items.filter({ hasText: '名片业务' }).waitFor();
    // First after home for a business user, then the commerce plugins' top menu, then the workbench.
    expect((await items.allTextContents()).slice(0, 4)).toEqual(['首页', '名片业务', '商城业务', '工作台']);
    await expect(items.filter({ hasText: '首页' }).getAttribute('aria-current')).resolves.toBe('page');

    // Reached from the whole menu, a card page marks 名片业务, not 首页.
    await page.locator('.ba-sider').getByText('名片管理', { exact: true }).click();
    await page.locator('.ba-sider').getByText('公司信息').click();
    await page.waitForURL(/\/card\/company$/);
    await listShown(page);
    await expect(items.filter({ hasText: '名片业务' }).getAttribute('aria-current')).resolves.toBe('page');
    await expect(items.filter({ hasText: '首页' }).getAttribute('aria-current')).resolves.toBeNull();
    const top = { x: 0, y: 0, width: 1440, height: 120 };
    await page.screenshot({ path: join(SHOTS, 'card-topbar-zh-light.png'), clip: top });

    // Chosen: the sidebar holds the card and visitor groups alone.
    await items.filter({ hasText: '名片业务' }).click();
    await page.waitForFunction(() => {
      const groups = [...document.querySelectorAll('.ba-sider .arco-menu-inline-header')].map((h) => h.textContent?.trim());
      return groups.length === 2 && groups.includes('名片管理') && groups.includes('访客管理');
    });
    await expect(items.filter({ hasText: '名片业务' }).getAttribute('aria-current')).resolves.toBe('page');
    await page.screenshot({ path: join(SHOTS, 'card-topbar-chosen-zh-light.png') });
    await pickTheme(page, true);
    await page.screenshot({ path: join(SHOTS, 'card-topbar-chosen-zh-dark.png') });
    // Back to the whole menu; in English a card page marks Cards.
    await items.filter({ hasText: '首页' }).click();
    await page.waitForURL(/\/wel\/index$/);
    await pickLanguage(page, 'English');
    await page.goto(`${e2e.server.url}/card/company`);
    await listShown(page);
    await expect(items.filter({ hasText: 'Cards' }).getAttribute('aria-current')).resolves.toBe('page');
    await page.screenshot({ path: join(SHOTS, 'card-topbar-en-dark.png'), clip: top });
    await pickTheme(page, false);
    await pickLanguage(page, '中文');
    expect(problems.errors).toEqual([]);
    await context.close();
  });
});
