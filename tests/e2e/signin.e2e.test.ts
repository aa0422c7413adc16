import { describe, expect, test } from '@rstest/core';
import { openPage } from './browser';
import { serverAndBrowser, SHOTS } from './suite';
import { HOME_MARKER, LOGIN_BUTTON, fillLogin } from './selectors';
import { ADMIN, DEMO, UNTIL_TEST_LIMIT, atRest, cookieNames, sidebarTexts, signIn, toast } from './session-helpers';


const e2e = serverAndBrowser();

describe('signing in and out', () => {
  test('/ leads to /login; a wrong password shows the server message and sets no session', async () => {
    const { context, page, problems } = await openPage(e2e.browser);
    await page.goto(`${e2e.server.url}/`);
    await page.waitForSelector(LOGIN_BUTTON);
    expect(new URL(page.url()).pathname).toBe('/login');
    // No tenant can be derived from 127.0.0.1, so the tenant field shows.
    expect(await page.locator('[data-testid="login-tenant"]').count()).toBe(1);

    await fillLogin(page, { ...ADMIN, password: 'wrong-password' });
    await page.click(LOGIN_BUTTON);
    await toast(page, '用户名或密码不正确').waitFor();
    expect(new URL(page.url()).pathname).toBe('/login');
    expect(await cookieNames(page)).not.toContain('saber-access-token');
    expect(problems.errors).toEqual([]);
    await context.close();
  });

  test('admin lands on /wel/index in the layout; the home tab cannot be closed; sign-out clears everything', async () => {
    const { context, page, problems } = await openPage(e2e.browser);
    await signIn(page, e2e.server.url);
    expect(await cookieNames(page)).toEqual(expect.arrayContaining(['saber-access-token', 'saber-refresh-token']));
    const menus = await sidebarTexts(page);
    expect(menus).toEqual(expect.arrayContaining(['首页', '工作台', '系统工具']));
    // The home tab has no close control.
    const homeTab = page.locator('.ba-tabstrip .arco-tabs-header-title').first();
    await expect(homeTab.locator('.arco-tabs-close-icon').count()).resolves.toBe(0);

    await page.locator('.ba-top-user').click();
    await page.getByRole('menuitem', { name: '退出系统' }).click();
    await page.locator('.arco-modal').getByRole('button', { name: '确定' }).click();
    await page.waitForSelector(LOGIN_BUTTON);
    expect(new URL(page.url()).pathname).toBe('/login');
    expect(await cookieNames(page)).not.toContain('saber-access-token');
    expect(await cookieNames(page)).not.toContain('saber-refresh-token');
    const stored = await page.evaluate(() => ({
      token: localStorage.getItem('saber-token'),
      tabs: localStorage.getItem('saber-tagList'),
      lock: sessionStorage.getItem('saber-isLock'),
    }));
    expect(stored.token).toBeNull();
    expect(stored.lock).toBeNull();
    // Going back into the app after sign-out leads to the login page again.
    await page.goto(`${e2e.server.url}/wel/index`);
    await page.waitForSelector(LOGIN_BUTTON);
    expect(problems.errors).toEqual([]);
    await context.close();
  });

  test('the demo user sees fewer menus and buttons than the admin', async () => {
    const admin = await openPage(e2e.browser);
    await signIn(admin.page, e2e.server.url, ADMIN);
    await admin.page.goto(`${e2e.server.url}/test/index`);
    await admin.page.waitForSelector('text=按钮权限');
    const adminMenus = await sidebarTexts(admin.page);
    const adminCodes = await admin.page.locator('.ba-code-list').first().locator('.arco-tag').allTextContents();

    const demo = await openPage(e2e.browser);
    await signIn(demo.page, e2e.server.url, DEMO);
    // The permission map is a developer demo, out of a business user's menu; its address still shows the
    // user's own codes.
    await demo.page.goto(`${e2e.server.url}/test/index`);
    await demo.page.waitForSelector('text=按钮权限');
    const demoMenus = await sidebarTexts(demo.page);
    const demoCodes = await demo.page.locator('.ba-code-list').first().locator('.arco-tag').allTextContents();

    expect(adminMenus).toContain('系统工具');
    expect(demoMenus).not.toContain('系统工具');
    expect(demoMenus.length).toBeLessThan(adminMenus.length);
    expect(adminCodes).toEqual(expect.arrayContaining(['test_add', 'test_edit', 'test_delete', 'test_view']));
    expect(demoCodes).toContain('param_view');
    for (const code of ['test_add', 'test_edit', 'test_delete', 'test_view', 'param_add', 'param_delete']) expect(demoCodes).not.toContain(code);
    expect(demoCodes.length).toBeLessThan(adminCodes.length);
    await admin.context.close();
    await demo.context.close();
  });

  test('screenshots: login and home, light and dark', async () => {
    for (const theme of ['theme-default', 'theme-dark']) {
      const { context, page } = await openPage(e2e.browser);
      await page.addInitScript((name) => {
        localStorage.setItem('saber-themeName', JSON.stringify({ dataType: 'string', content: name, datetime: Date.now() }));
      }, theme);
      await page.goto(`${e2e.server.url}/login`);
      await page.waitForSelector(LOGIN_BUTTON);
      await page.screenshot({ path: `${SHOTS}/login-${theme}.png` });
      await signIn(page, e2e.server.url);
      // Shot once the home page is whole: its cards' bodies loaded (the tenant's plugins come after the
      // sign-in) and nothing on it still fading in.
      await page.waitForFunction(() => !document.querySelector('[data-testid="home-page"] .arco-skeleton'), undefined, UNTIL_TEST_LIMIT);
      await atRest(page.locator(HOME_MARKER));
      await page.screenshot({ path: `${SHOTS}/home-${theme}.png` });
      const isDark = await page.evaluate(() => document.body.getAttribute('arco-theme') === 'dark');
      expect(isDark).toBe(theme === 'theme-dark');
      await context.close();
    }
  });
});

