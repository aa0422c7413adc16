import { afterAll, beforeAll, describe, expect, test } from '@rstest/core';
import type { Browser } from 'playwright-core';
import { apiCall, apiToken } from './api';
import { launchBrowser, openPage } from './browser';
import { startServerProcess, type RunningServer } from './server-process';
import { ADMIN, sidebarTexts, signIn, toast } from './session-helpers';

let server: RunningServer;
let browser: Browser;

beforeAll(async () => {
  [server, browser] = await Promise.all([startServerProcess(), launchBrowser()]);
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

const TENANT_B = { tenantId: '100001', username: 'admin', password: 'admin' };

describe('plugins', () => {
  test('parameters: add (rules on blur, failed save keeps the dialog), search, edit, bulk delete', async () => {
    const { context, page, problems } = await openPage(browser);
    await signIn(page, server.url, ADMIN);
    await page.goto(`${server.url}/system/param`);
    await page.locator('.arco-table-tr').nth(1).waitFor();

    // Add: the required messages show on blur.
    await page.getByRole('button', { name: '新增' }).first().click();
    const dialog = page.locator('.arco-modal').filter({ hasText: '参数名称' });
    await dialog.waitFor();
    await dialog.getByLabel('参数名称').focus();
    await dialog.getByLabel('参数键名').focus();
    await dialog.getByText('请输入参数名称').waitFor();
    await dialog.getByLabel('参数名称').fill('e2e 参数');
    // A key that already exists: the save fails, the dialog stays open with what was typed.
    await dialog.getByLabel('参数键名').fill('account.initPassword');
    await dialog.getByLabel('参数键值').fill('42');
    await dialog.getByRole('button', { name: /确定|保存|提交/ }).click();
    await page.locator('.arco-message').filter({ hasText: /已存在/ }).waitFor();
    expect(await dialog.getByLabel('参数名称').inputValue()).toBe('e2e 参数');
    await dialog.getByLabel('参数键名').fill('e2e.key');
    await dialog.getByRole('button', { name: /确定|保存|提交/ }).click();
    await toast(page, '新增成功').waitFor();
    await dialog.waitFor({ state: 'hidden' });

    // Search by name keeps only the new row.
    await page.getByPlaceholder(/参数名称/).first().fill('e2e');
    await page.locator('.ba-content').getByRole('button', { name: '搜索', exact: true }).click();
    await page.waitForFunction(() => document.querySelectorAll('.arco-table-body .arco-table-tr').length === 1);
    await page.locator('.arco-table-body .arco-table-tr').first().getByText('e2e.key').waitFor();

    // Edit.
    await page.locator('.arco-table-body .arco-table-tr').first().getByRole('button', { name: '修改' }).click();
    const editDialog = page.locator('.arco-modal').filter({ hasText: '参数键值' });
    await editDialog.getByLabel('参数键值').fill('43');
    await editDialog.getByRole('button', { name: /确定|保存|提交/ }).click();
    await toast(page, '更新成功').waitFor();

    // Bulk delete: nothing selected is refused; then the row goes.
    await page.getByRole('button', { name: '删除' }).first().click();
    await toast(page, '请选择至少一条数据').waitFor();
    await page.locator('.arco-table-body .arco-table-tr').first().locator('.arco-checkbox').click();
    await page.getByRole('button', { name: '删除' }).first().click();
    await page.locator('.arco-modal').filter({ hasText: '确定将选择数据删除?' }).getByRole('button', { name: '确定' }).click();
    await toast(page, '删除成功').waitFor();
    await page.locator('.arco-table-body').getByText(/暂无数据|No data/).waitFor();
    expect(problems.errors).toEqual([]);
    await context.close();
  });

  test('a plugin switched off for a tenant: no menu, API refused, code never requested; back on without restart', async () => {
    const rootToken = await apiToken(server.url, '000000', 'admin', 'admin');
    const off = await apiCall(server.url, rootToken, 'POST', '/api/blade-system/tenant/setting', { ids: '100001', plugins: 'dict' });
    expect(off.body.success).toBe(true);

    const { context, page, problems } = await openPage(browser);
    // Chunk names are hashed: the param plugin's code is recognised by its content (its entity's field).
    const paramChunks: string[] = [];
    page.on('response', async (response) => {
      if (response.request().resourceType() !== 'script') return;
      const body = await response.text().catch(() => '');
      if (body.includes('paramKey')) paramChunks.push(response.url());
    });
    await signIn(page, server.url, TENANT_B);
    await page.locator('.ba-sider').getByText('系统管理').click();
    await page.locator('.ba-sider').getByText('字典管理').waitFor();
    expect(await sidebarTexts(page)).not.toContain('参数管理');
    await page.goto(`${server.url}/system/param`);
    // Not in this tenant's menu and served by no loaded plugin: an unknown path.
    await page.waitForURL('**/404');
    expect(paramChunks).toEqual([]);

    const tenantToken = await apiToken(server.url, '100001', 'admin', 'admin');
    const refused = await apiCall(server.url, tenantToken, 'GET', '/api/blade-system/param/list');
    expect(refused.body).toMatchObject({ success: false, msg: '当前租户未开通此功能' });

    const on = await apiCall(server.url, rootToken, 'POST', '/api/blade-system/tenant/setting', { ids: '100001', plugins: 'dict,param' });
    expect(on.body.success).toBe(true);
    await page.goto(`${server.url}/system/param`);
    await page.locator('.arco-table-tr').nth(1).waitFor();
    expect(paramChunks.length).toBeGreaterThan(0);
    const allowed = await apiCall(server.url, tenantToken, 'GET', '/api/blade-system/param/list');
    expect(allowed.body.success).toBe(true);
    expect(problems.errors).toEqual([]);
    await context.close();
  });

  test('dictionaries: the parent list and the children of the selected parent, in both layouts', async () => {
    const { context, page, problems } = await openPage(browser);
    await signIn(page, server.url, ADMIN);
    for (const layout of ['/dict-horizontal/index', '/dict-vertical/index']) {
      await page.goto(`${server.url}${layout}`);
      const sexRow = page.locator('.arco-table-tr').filter({ hasText: '性别' }).first();
      await sexRow.waitFor();
      await sexRow.click();
      await page.locator('.arco-table-tr').filter({ hasText: '男' }).first().waitFor();
      await page.locator('.arco-table-tr').filter({ hasText: '女' }).first().waitFor();
    }
    expect(problems.errors).toEqual([]);
    await context.close();
  });
});
