import { describe, expect, test } from '@rstest/core';
import { apiCall, apiToken } from './api';
import { openPage } from './browser';
import { serverAndBrowser } from './suite';
import { ADMIN, sidebarTexts, signIn } from './session-helpers';


const e2e = serverAndBrowser();

const TENANT_B = { tenantId: '100001', username: 'admin', password: 'admin' };

// The parameters screen's own flows (add, rules, failed save, search, paging, edit, view, bulk delete)
// are in crud-screens.e2e.test.ts.
describe('plugins', () => {
  test('a plugin switched off for a tenant: no menu, API refused, code never requested; back on without restart', async () => {
    const rootToken = await apiToken(e2e.server.url, '000000', 'admin', 'admin');
    const off = await apiCall(e2e.server.url, rootToken, 'POST', '/api/blade-system/tenant/setting', { ids: '100001', plugins: 'dict' });
    expect(off.body.success).toBe(true);

    const { context, page, problems } = await openPage(e2e.browser);
    // Chunk names are hashed: the param plugin's code is recognised by its content (its entity's field).
    const paramChunks: string[] = [];
    page.on('response', async (response) => {
      if (response.request().resourceType() !== 'script') return;
      const body = await response.text().catch(() => '');
      if (body.includes('paramKey')) paramChunks.push(response.url());
    });
    await signIn(page, e2e.server.url, TENANT_B);
    await page.locator('.ba-sider').getByText('系统管理').click();
    await page.locator('.ba-sider').getByText('字典管理').waitFor();
    expect(await sidebarTexts(page)).not.toContain('参数管理');
    await page.goto(`${e2e.server.url}/system/param`);
    // Not in this tenant's menu and served by no loaded plugin: an unknown path.
    await page.waitForURL('**/404');
    expect(paramChunks).toEqual([]);

    const tenantToken = await apiToken(e2e.server.url, '100001', 'admin', 'admin');
    const refused = await apiCall(e2e.server.url, tenantToken, 'GET', '/api/blade-system/param/list');
    expect(refused.body).toMatchObject({ success: false, msg: '当前租户未开通此功能' });

    const on = await apiCall(e2e.server.url, rootToken, 'POST', '/api/blade-system/tenant/setting', { ids: '100001', plugins: 'dict,param' });
    expect(on.body.success).toBe(true);
    await page.goto(`${e2e.server.url}/system/param`);
    await page.locator('.arco-table-tr').nth(1).waitFor();
    expect(paramChunks.length).toBeGreaterThan(0);
    const allowed = await apiCall(e2e.server.url, tenantToken, 'GET', '/api/blade-system/param/list');
    expect(allowed.body.success).toBe(true);
    expect(problems.errors).toEqual([]);
    await context.close();
  });

  test('dictionaries: the parent list and the children of the selected parent, in both layouts', async () => {
    const { context, page, problems } = await openPage(e2e.browser);
    await signIn(page, e2e.server.url, ADMIN);
    for (const layout of ['/dict-horizontal/index', '/dict-vertical/index']) {
      await page.goto(`${e2e.server.url}${layout}`);
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
