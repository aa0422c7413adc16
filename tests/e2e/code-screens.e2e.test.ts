import { describe, expect, test } from '@rstest/core';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { strFromU8, unzipSync } from 'fflate';
import type { Page } from 'playwright-core';
import { openPage } from './browser';
import { menusClosed, pickLanguage, pickTheme, signIn, toast } from './session-helpers';
import { serverAndBrowser, SHOTS } from './suite';

const e2e = serverAndBrowser();
const NEW_LABEL = '联系人姓名';

const recordRow = (page: Page) => page.locator('.ba-crud-table .arco-table-tr', { hasText: '客户管理' });

/** The designer open on the seeded record, its fields drawn. */
async function openDesigner(page: Page, zhLabel = '中文标签'): Promise<void> {
  await recordRow(page).getByTestId('code-design').click();
  await page.getByTestId('code-designer').locator(`[aria-label="${zhLabel} contact"]`).waitFor({ timeout: 30_000 });
}

async function closeDrawer(page: Page, className: string): Promise<void> {
  await page.locator(`.${className} .arco-drawer-close-icon`).click();
  await page.locator(`.${className}`).waitFor({ state: 'detached', timeout: 30_000 });
}

describe('the code generator, in the browser', () => {
  test('the admin opens the seeded 客户管理 record, changes a label, saves, previews it and downloads crm.zip holding it', async () => {
    const { context, page, problems } = await openPage(e2e.browser, { viewport: { width: 1600, height: 1000 } });
    await signIn(page, e2e.server.url);
    await page.locator('.ba-sider .ba-menu-text', { hasText: '系统工具' }).click();
    await page.locator('.ba-sider .ba-menu-text', { hasText: '代码生成' }).click();
    await page.waitForURL(/\/tool\/code/);
    await recordRow(page).waitFor({ timeout: 30_000 });
    // The datasource is shown by its name, the table and plugin id as stored.
    await recordRow(page).getByText('内置数据库').waitFor();
    expect(await recordRow(page).textContent()).toContain('crm_customer');
    await page.screenshot({ path: join(SHOTS, 'code-list-zh-light.png') });

    await openDesigner(page);
    const designer = page.getByTestId('code-designer');
    const label = designer.locator('[aria-label="中文标签 contact"]');
    await label.fill(NEW_LABEL);
    await page.screenshot({ path: join(SHOTS, 'code-designer-zh-light.png') });
    await designer.getByTestId('code-save').click();
    await toast(page, '已保存').waitFor({ timeout: 30_000 });

    // Read again from the server: the label was stored in the record's fields.
    await closeDrawer(page, 'code-designer');
    await openDesigner(page);
    expect(await page.getByTestId('code-designer').locator('[aria-label="中文标签 contact"]').inputValue()).toBe(NEW_LABEL);
    await closeDrawer(page, 'code-designer');

    // The preview: the plugin's declaration holds the new label.
    await recordRow(page).getByTestId('code-preview').click();
    const files = page.getByTestId('code-preview-files');
    await files.waitFor({ timeout: 60_000 });
    expect(await page.getByTestId('code-file-path').textContent()).toBe('plugins/crm/index.ts');
    expect(await page.getByTestId('code-file-text').textContent()).toContain(NEW_LABEL);
    expect(await files.getByRole('treeitem').count()).toBeGreaterThan(4);
    await page.screenshot({ path: join(SHOTS, 'code-preview-zh-light.png') });
    await closeDrawer(page, 'code-preview');

    // 生成: the zip the browser saves is crm.zip, its index.ts the one previewed.
    const [download] = await Promise.all([page.waitForEvent('download', { timeout: 60_000 }), recordRow(page).getByTestId('code-generate').click()]);
    expect(download.suggestedFilename()).toBe('crm.zip');
    const zip = unzipSync(new Uint8Array(readFileSync(await download.path())));
    expect(Object.keys(zip).every((path) => path.startsWith('plugins/crm/'))).toBe(true);
    const index = strFromU8(zip['plugins/crm/index.ts']!);
    expect(index).toContain(NEW_LABEL);
    expect(Object.keys(zip)).toContain('plugins/crm/server.ts');

    // Dark and English: the list, the designer, the preview.
    await pickTheme(page, true);
    await pickLanguage(page, 'English');
    await recordRow(page).getByRole('button', { name: 'Design' }).waitFor();
    await page.screenshot({ path: join(SHOTS, 'code-list-en-dark.png') });
    await openDesigner(page, 'Chinese label');
    expect(await page.getByTestId('code-designer').locator('[aria-label="Chinese label contact"]').inputValue()).toBe(NEW_LABEL);
    await page.screenshot({ path: join(SHOTS, 'code-designer-en-dark.png') });
    await closeDrawer(page, 'code-designer');
    await recordRow(page).getByTestId('code-preview').click();
    await page.getByTestId('code-preview-files').waitFor({ timeout: 60_000 });
    await page.screenshot({ path: join(SHOTS, 'code-preview-en-dark.png') });
    await closeDrawer(page, 'code-preview');
    await pickTheme(page, false);
    await pickLanguage(page, '中文');
    await menusClosed(page);
    expect(problems.errors).toEqual([]);
    await context.close();
  });

  test('新增 from a table: the embedded database first, platform tables disabled, the proposal reviewed in the designer before any save', async () => {
    const { context, page, problems } = await openPage(e2e.browser, { viewport: { width: 1600, height: 1000 } });
    await signIn(page, e2e.server.url);
    await page.goto(`${e2e.server.url}/tool/code`);
    await recordRow(page).waitFor({ timeout: 30_000 });
    const before = await page.locator('.ba-crud-table tbody .arco-table-tr').count();
    await page.locator('.ba-crud-toolbar').getByRole('button', { name: '新增' }).click();
    const dialog = page.locator('.arco-modal', { hasText: '从数据表新增' });
    await dialog.getByText('内置数据库').waitFor();

    // A platform table is listed, disabled and tagged.
    await dialog.locator('[aria-label="数据表"]').click();
    await page.keyboard.type('blade_user');
    const platform = page.locator('.arco-select-popup .arco-select-option', { hasText: 'blade_user' }).first();
    await platform.waitFor({ timeout: 30_000 });
    expect(await platform.getAttribute('class')).toContain('disabled');
    expect(await platform.textContent()).toContain('平台表');
    await page.screenshot({ path: join(SHOTS, 'code-from-table-zh-light.png') });

    // The demo table: the server's proposal opens in the designer, nothing saved yet.
    await page.keyboard.press('Control+A');
    await page.keyboard.type('crm_customer');
    await page.locator('.arco-select-popup .arco-select-option', { hasText: 'crm_customer' }).first().click();
    await dialog.getByTestId('code-propose').click();
    const designer = page.getByTestId('code-designer');
    await designer.locator('[aria-label="中文标签 customer_name"]').waitFor({ timeout: 30_000 });
    expect(await designer.locator('[aria-label="中文标签 customer_name"]').inputValue()).toBe('客户名称');
    expect(await page.locator('.ba-crud-table tbody .arco-table-tr').count()).toBe(before);

    // Closing unsaved asks first.
    await page.locator('.code-designer .arco-drawer-close-icon').click();
    const confirm = page.locator('.arco-modal', { hasText: '有未保存的修改' });
    await confirm.getByRole('button', { name: '确定' }).click();
    await page.locator('.code-designer').waitFor({ state: 'detached', timeout: 30_000 });
    expect(problems.errors).toEqual([]);
    await context.close();
  });
});
