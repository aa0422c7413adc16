import { describe, expect, test } from '@rstest/core';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { openPage } from './browser';
import { pickLanguage, signIn } from './session-helpers';
import { serverAndBrowser, SHOTS } from './suite';

const e2e = serverAndBrowser();

/** The texts of a list column, by its header, once the list has rows and is not loading. */
async function column(page: Page, header: string): Promise<string[]> {
  await page.locator('.ba-crud-table .arco-table-tr').nth(1).waitFor();
  await page.waitForFunction(() => !document.querySelector('.ba-crud-table .arco-spin-loading'));
  const headers = (await page.locator('.ba-crud-table .arco-table-th').allTextContents()).map((s) => s.trim());
  const index = headers.indexOf(header);
  if (index < 0) throw new Error(`no column ${header} among ${headers.join(', ')}`);
  const cells = page.locator('.ba-crud-table tbody .arco-table-tr').locator(`td:nth-child(${index + 1})`);
  return (await cells.allTextContents()).map((s) => s.trim());
}

/**
 * Waits until the column shows `wanted` among its texts (the list re-reads its dictionary after a switch),
 * and gives them. The wait has a limit of its own only so that a failure says what the column showed.
 */
async function columnShows(page: Page, header: string, wanted: string): Promise<string[]> {
  await page
    .waitForFunction(
      ([name, text]) => {
        if (document.querySelector('.ba-crud-table .arco-spin-loading')) return false;
        const index = [...document.querySelectorAll('.ba-crud-table .arco-table-th')].findIndex((th) => th.textContent?.trim() === name);
        const cells = document.querySelectorAll(`.ba-crud-table tbody .arco-table-tr td:nth-child(${index + 1})`);
        return index >= 0 && [...cells].some((cell) => cell.textContent?.trim() === text);
      },
      [header, wanted] as const,
      { timeout: 60_000 },
    )
    .catch(() => undefined);
  const texts = await column(page, header);
  if (!texts.includes(wanted)) throw new Error(`column ${header} shows ${texts.join(', ')}, not ${wanted}`);
  return texts;
}

/** The entries' drawer has slid in and its list is drawn. */
async function drawerSettled(page: Page): Promise<void> {
  await page.waitForFunction(() => {
    const drawer = document.querySelector('.ba-dict-drawer');
    return drawer !== null && Math.abs(drawer.getBoundingClientRect().right - window.innerWidth) < 1 && drawer.getAnimations({ subtree: true }).length === 0;
  });
  await page.waitForFunction(() => !document.querySelector('.ba-dict-drawer .arco-spin-loading'));
}

describe('dictionary values in the interface language, in the browser', () => {
  test('the album list shows its dictionary values in English after the top bar switch, without a reload; the company list too, and Chinese again after switching back', async () => {
    const { context, page, problems } = await openPage(e2e.browser, { viewport: { width: 1440, height: 900 } });
    await signIn(page, e2e.server.url);
    await page.goto(`${e2e.server.url}/card/album`);
    const chinese = await columnShows(page, '案例分类', '客户案例');
    // Nothing but the switch happens from here: a reload would lose this mark.
    await page.evaluate(() => ((window as unknown as { stayed: boolean }).stayed = true));

    await pickLanguage(page, 'English');
    const english = await columnShows(page, 'Category', 'Client cases');
    expect(english.some((text) => /[\u4e00-\u9fff]/.test(text))).toBe(false);
    expect(english).toHaveLength(chinese.length);
    await page.screenshot({ path: join(SHOTS, 'dict-english-album-list-en.png') });
    expect(await page.evaluate(() => (window as unknown as { stayed?: boolean }).stayed)).toBe(true);

    // Another screen, opened in English.
    await page.goto(`${e2e.server.url}/card/company`);
    const industries = await columnShows(page, 'Industry', 'Software and IT');
    expect(industries.some((text) => /[\u4e00-\u9fff]/.test(text))).toBe(false);
    await page.screenshot({ path: join(SHOTS, 'dict-english-company-list-en.png') });

    await pickLanguage(page, '中文');
    await columnShows(page, '所属行业', '软件与信息技术');
    expect(problems.errors).toEqual([]);
    await context.close();
  });

  test('the dictionary screen shows and edits both values; the English one is what English selects read', async () => {
    const { context, page, problems } = await openPage(e2e.browser, { viewport: { width: 1440, height: 900 } });
    await signIn(page, e2e.server.url);
    await page.goto(`${e2e.server.url}/system/dict?dict.f.code=case_category`);
    await page.locator('.ba-crud-table .arco-table-tr', { hasText: '案例分类' }).getByRole('button', { name: /字典配置/ }).click();
    const drawer = page.locator('.ba-dict-drawer');
    const row = drawer.locator('.arco-table-tr', { hasText: '团队风采' });
    await row.waitFor();
    expect(await row.textContent()).toContain('Our team');
    await drawerSettled(page);
    await page.screenshot({ path: join(SHOTS, 'dict-english-entries-zh.png') });

    await row.getByRole('button', { name: '修改' }).click();
    const dialog = page.getByRole('dialog', { name: /修改字典/ });
    const english = dialog.getByPlaceholder('请输入英文值');
    expect(await english.inputValue()).toBe('Our team');
    await english.fill('The team');
    await dialog.getByTestId('crud-save').click();
    await dialog.waitFor({ state: 'detached' });
    await drawer.locator('.arco-table-tr', { hasText: 'The team' }).waitFor();
    // In English the screen still edits what is stored: the Chinese value beside the English one.
    await page.keyboard.press('Escape');
    await drawer.waitFor({ state: 'detached' });
    await page.locator('.arco-message').first().waitFor({ state: 'detached' }); // the save's toast, in Chinese
    await pickLanguage(page, 'English');
    await page.locator('.ba-crud-table .arco-table-tr', { hasText: 'case_category' }).getByRole('button', { name: /Entries/ }).click();
    await drawer.locator('.arco-table-tr', { hasText: '团队风采' }).filter({ hasText: 'The team' }).waitFor();
    await drawerSettled(page);
    await page.screenshot({ path: join(SHOTS, 'dict-english-entries-en.png') });
    await page.keyboard.press('Escape');
    await drawer.waitFor({ state: 'detached' });
    await pickLanguage(page, '中文');

    await page.goto(`${e2e.server.url}/card/album`);
    await columnShows(page, '案例分类', '团队风采');
    await pickLanguage(page, 'English');
    await columnShows(page, 'Category', 'The team');
    expect(problems.errors).toEqual([]);
    await context.close();
  });
});
