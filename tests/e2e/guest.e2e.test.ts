import { describe, expect, test } from '@rstest/core';
import { openPage } from './browser';
import { serverAndBrowser } from './suite';
import { LOGIN_BUTTON, fillLogin } from './selectors';
import { UNTIL_TEST_LIMIT, cookieNames, toast } from './session-helpers';


const e2e = serverAndBrowser();

describe('guest registration after a third-party sign-in', () => {
  test('the checks run in order, the application is submitted, the guest is logged out and cannot sign in yet', async () => {
    const { context, page, problems } = await openPage(e2e.browser);
    await page.goto(`${e2e.server.url}/login`);
    await page.waitForSelector(LOGIN_BUTTON);
    await page.locator('.ba-login-social').click();
    // The provider sends the browser back to /login with a code; the guest lands on the registration page.
    await page.waitForURL('**/register', UNTIL_TEST_LIMIT);
    const dialog = page.locator('main.ba-register-card').filter({ hasText: '用户信息注册' });
    await dialog.waitFor(UNTIL_TEST_LIMIT);

    const field = (label: string) => dialog.getByLabel(label, { exact: true });
    const submit = () => dialog.getByRole('button', { name: '提交' }).click();
    // The tenant is asked for only when the site's address names none (else it is the address's).
    const tenant = field('租户编号');
    if (await tenant.isVisible()) {
      await tenant.fill('');
      await submit();
      await toast(page, '请先输入租户编号').waitFor();
      await tenant.fill('000000');
    }
    await submit();
    await toast(page, '请先输入账号名称').waitFor();
    await field('用户姓名').fill('访客甲');
    await field('账号名称').fill('guest01');
    await submit();
    await toast(page, '请先输入密码').waitFor();
    await field('密码').fill('secret-1');
    await field('确认密码').fill('secret-2');
    await submit();
    await toast(page, '两次密码输入不一致').waitFor();
    await field('确认密码').fill('secret-1');
    await submit();
    await toast(page, '注册申请已提交,请耐心等待管理员审核').waitFor();
    await page.waitForURL('**/login');
    expect(await cookieNames(page)).not.toContain('saber-access-token');

    // The application waits for approval: the new account cannot sign in yet.
    await page.waitForSelector(LOGIN_BUTTON);
    await fillLogin(page, { tenantId: '000000', username: 'guest01', password: 'secret-1' });
    await page.click(LOGIN_BUTTON);
    await toast(page, /审核/).waitFor();
    expect(new URL(page.url()).pathname).toBe('/login');
    expect(problems.errors).toEqual([]);
    await context.close();
  });
});
