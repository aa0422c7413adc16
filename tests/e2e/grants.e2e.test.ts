import { describe, expect, test } from '@rstest/core';
import type { Page } from 'playwright-core';
import { apiCall, apiToken } from './api';
import { openPage } from './browser';
import { pickInTreeSelect } from './selectors';
import { serverAndBrowser, SHOTS } from './suite';
import { sidebarTexts, signIn, toast } from './session-helpers';

/**
 * Who may see and do what, end to end in the browser: an administrator makes a role that may only view
 * parameters, makes a user with that role, and that user then sees only that, and is refused by the
 * server when calling what was not granted, whatever the browser shows.
 */


const e2e = serverAndBrowser();

/** Checks, in the permission dialog's menu tree, the node `child` found under the node `parent`. */
async function checkUnder(page: Page, parent: string, child: string): Promise<void> {
  const nodes = page.locator('.ba-role-grant-scroll .arco-tree-node');
  const index = await nodes.evaluateAll(
    (elements, [p, c]) => {
      const level = (e: Element) => e.querySelectorAll('.arco-tree-node-indent-block').length;
      const title = (e: Element) => e.querySelector('.arco-tree-node-title')?.textContent?.trim() ?? '';
      const at = elements.findIndex((e) => title(e).startsWith(p!));
      if (at < 0) return -1;
      for (let i = at + 1; i < elements.length && level(elements[i]!) > level(elements[at]!); i++) {
        if (title(elements[i]!).startsWith(c!)) return i;
      }
      return -1;
    },
    [parent, child],
  );
  expect(index).toBeGreaterThanOrEqual(0);
  await nodes.nth(index).locator('.arco-checkbox').click();
}

describe('roles, grants and users, in the browser', () => {
  test('a role granted only to view parameters, a user with it: that user sees only that, and the server refuses the rest', async () => {
    const { context, page, problems } = await openPage(e2e.browser);
    await signIn(page, e2e.server.url);
    const dialog = page.locator('.arco-modal:visible').last();

    // The role.
    await page.goto(`${e2e.server.url}/authority/role`);
    await page.locator('.ba-crud-table .arco-table-tr', { hasText: 'administrator' }).waitFor();
    await page.locator('.ba-crud-toolbar').getByRole('button', { name: '新增' }).click();
    await dialog.getByLabel('角色名称').fill('参数查看员');
    await dialog.getByLabel('角色别名').fill('param_viewer');
    await dialog.getByLabel('角色排序').fill('5');
    await dialog.getByTestId('crud-save').click();
    await toast(page, '新增成功').waitFor();
    const roleRow = page.locator('.ba-crud-table .arco-table-tr', { hasText: 'param_viewer' });
    await roleRow.waitFor();

    // Its grant: the parameters menu's view button only (its menu and group come with it).
    await roleRow.getByRole('button', { name: '权限设置' }).click();
    await page.locator('.ba-role-grant-scroll .arco-tree-node').first().waitFor();
    await checkUnder(page, '参数管理', '查看');
    await page.screenshot({ path: `${SHOTS}/role-grant.png` });
    await page.getByTestId('role-grant-save').click();
    await toast(page, '操作成功').waitFor();

    // The user.
    await page.goto(`${e2e.server.url}/system/user`);
    await page.locator('.ba-crud-table .arco-table-tr', { hasText: 'admin' }).first().waitFor();
    await page.locator('.ba-crud-toolbar').getByRole('button', { name: '新增' }).click();
    await dialog.getByLabel('登录账号').fill('viewer');
    await dialog.getByLabel('用户昵称').fill('viewer');
    await dialog.getByLabel('用户姓名').fill('参数查看员');
    await dialog.getByLabel('密码', { exact: true }).fill('viewer-pass');
    await dialog.getByLabel('确认密码').fill('viewer-pass');
    await pickInTreeSelect(page, dialog, '所属角色', '参数查看员');
    await pickInTreeSelect(page, dialog, '所属部门', '布雷德科技');
    await page.screenshot({ path: `${SHOTS}/user-add.png` });
    await dialog.locator('.arco-modal-footer').getByRole('button', { name: /保\s*存/ }).click();
    await toast(page, '新增成功').waitFor();
    await page.locator('.ba-crud-table .arco-table-tr', { hasText: 'viewer' }).waitFor();
    expect(problems.errors).toEqual([]);
    await context.close();

    // That user: the parameters menu only, no add / edit / delete.
    const viewer = await openPage(e2e.browser);
    await signIn(viewer.page, e2e.server.url, { tenantId: '000000', username: 'viewer', password: 'viewer-pass' });
    // The whole menu is exactly what was granted: the parameters screen in its group.
    expect(await sidebarTexts(viewer.page)).toEqual(['系统管理', '参数管理']);
    await viewer.page.locator('.ba-sider .ba-menu-text', { hasText: '系统管理' }).click();
    await viewer.page.locator('.ba-sider .ba-menu-text', { hasText: '参数管理' }).click();
    // The granted button shows once the user's buttons have arrived; only then do the absent ones mean something.
    const firstRow = viewer.page.locator('.ba-crud-table .arco-table-tr').nth(1);
    await firstRow.getByRole('button', { name: '查看' }).waitFor();
    expect(await firstRow.getByRole('button', { name: '修改' }).count()).toBe(0);
    expect(await firstRow.getByRole('button', { name: '删除' }).count()).toBe(0);
    const toolbar = viewer.page.locator('.ba-crud-toolbar');
    expect(await toolbar.getByRole('button', { name: '新增' }).count()).toBe(0);
    expect(await toolbar.getByRole('button', { name: '删除' }).count()).toBe(0);
    await viewer.page.screenshot({ path: `${SHOTS}/viewer-params.png` });
    expect(viewer.problems.errors).toEqual([]);
    await viewer.context.close();

    // Directly, past the browser: what was not granted is refused by the server.
    const token = await apiToken(e2e.server.url, '000000', 'viewer', 'viewer-pass');
    expect((await apiCall(e2e.server.url, token, 'GET', '/api/blade-system/param/list')).status).toBe(200);
    for (const [method, path, query] of [
      ['POST', '/api/blade-system/param/remove', { ids: '1' }],
      ['GET', '/api/blade-user/page', {}],
      ['GET', '/api/blade-system/role/list', {}],
      ['POST', '/api/blade-system/role/grant', { roleIds: '1', menuIds: '1' }],
    ] as const) {
      const res = await apiCall(e2e.server.url, token, method, path, query);
      expect([path, res.status, res.body.msg]).toEqual([path, 403, '没有权限执行此操作']);
    }
  });
});
