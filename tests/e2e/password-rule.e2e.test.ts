import { describe, expect, test } from '@rstest/core';
import { apiToken } from './api';
import { openPage } from './browser';
import { formItem, pickInTreeSelect } from './selectors';
import { serverAndBrowser, SHOTS } from './suite';
import { signIn, toast } from './session-helpers';

/**
 * The password rule in the browser: the new-user dialog and the password change show the tenant's rule
 * under the new password, refuse one that breaks it before anything is sent, and the server takes one
 * that follows it; a refused save keeps what was typed.
 */

const RULE = '密码至少8位,且包含小写字母、大写字母、数字、符号中的至少2种';

const e2e = serverAndBrowser();

describe('the password rule', () => {
  test('a new user: the rule under the field, a weak password refused as the field is left, a taken account keeps the form', async () => {
    const { context, page, problems } = await openPage(e2e.browser, { viewport: { width: 1440, height: 900 } });
    await signIn(page, e2e.server.url);
    await page.goto(`${e2e.server.url}/system/user`);
    await page.locator('.ba-crud-table .arco-table-tr', { hasText: 'admin' }).first().waitFor();
    await page.locator('.ba-crud-toolbar').getByRole('button', { name: '新增' }).click();
    const dialog = page.locator('.ba-user-dialog');
    const password = formItem(dialog, '密码').first();
    await password.getByText(RULE).waitFor();

    await dialog.getByLabel('密码', { exact: true }).fill('abcdefgh');
    await dialog.getByLabel('确认密码').click();
    await password.locator('.arco-form-message', { hasText: RULE }).waitFor();
    await dialog.getByLabel('密码', { exact: true }).fill('Rule-pass1');
    await dialog.getByLabel('确认密码').fill('Rule-pass1');
    await password.locator('.arco-form-message').waitFor({ state: 'detached' });

    // An account that is taken: the server's message, and everything typed stays.
    await dialog.getByLabel('登录账号').fill('admin');
    await dialog.getByLabel('用户昵称').fill('ruled');
    await dialog.getByLabel('用户姓名').fill('守规矩');
    await pickInTreeSelect(page, dialog, '所属角色', '用户');
    await pickInTreeSelect(page, dialog, '所属部门', '布雷德科技');
    const save = dialog.locator('.arco-modal-footer').getByRole('button', { name: /保\s*存/ });
    await save.click();
    await toast(page, '当前账号已被使用!').waitFor();
    expect(await dialog.getByLabel('用户姓名').inputValue()).toBe('守规矩');
    expect(await dialog.getByLabel('密码', { exact: true }).inputValue()).toBe('Rule-pass1');
    await page.screenshot({ path: `${SHOTS}/user-password-rule.png` });

    await dialog.getByLabel('登录账号').fill('ruled');
    await save.click();
    await toast(page, '新增成功').waitFor();
    expect(await apiToken(e2e.server.url, '000000', 'ruled', 'Rule-pass1')).toBeTruthy();
    expect(problems.errors).toEqual([]);
    await context.close();
  });

  test('the password change: the rule shown, a weak password refused in the form, a good one changed', async () => {
    const { context, page, problems } = await openPage(e2e.browser, { viewport: { width: 1440, height: 900 } });
    await signIn(page, e2e.server.url, { tenantId: '000000', username: 'ruled', password: 'Rule-pass1' });
    await page.goto(`${e2e.server.url}/info/index`);
    await page.getByRole('tab', { name: '修改密码' }).click();
    const panel = page.locator('.arco-tabs-content-item-active');
    await panel.getByText(RULE).waitFor();
    const field = (label: string) => panel.locator('input[type="password"]').nth(['原密码', '新密码', '确认密码'].indexOf(label));
    await field('原密码').fill('Rule-pass1');
    await field('新密码').fill('12345678');
    await field('确认密码').fill('12345678');
    await panel.getByRole('button', { name: '提交' }).click();
    await panel.locator('.arco-form-message', { hasText: RULE }).waitFor();
    await page.screenshot({ path: `${SHOTS}/password-change-rule.png` });

    await field('新密码').fill('Changed-2');
    await field('确认密码').fill('Changed-2');
    await panel.getByRole('button', { name: '提交' }).click();
    await toast(page, '修改密码成功!').waitFor();
    await expect(apiToken(e2e.server.url, '000000', 'ruled', 'Rule-pass1')).rejects.toThrow();
    expect(await apiToken(e2e.server.url, '000000', 'ruled', 'Changed-2')).toBeTruthy();
    expect(problems.errors).toEqual([]);
    await context.close();
  });
});
