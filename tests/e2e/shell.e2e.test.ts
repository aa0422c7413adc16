import { afterAll, beforeAll, describe, expect, test } from '@rstest/core';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { launchBrowser, openPage, type PageProblems } from './browser';
import { startServerProcess, type RunningServer } from './server-process';
import { HOME_MARKER } from './selectors';
import { sidebarTexts, signIn, toast, topButton } from './session-helpers';

let server: RunningServer;
let browser: Browser;
let context: BrowserContext;
let page: Page;
let problems: PageProblems;

beforeAll(async () => {
  [server, browser] = await Promise.all([startServerProcess(), launchBrowser()]);
  ({ context, page, problems } = await openPage(browser));
  await signIn(page, server.url);
});

afterAll(async () => {
  await context?.close();
  await browser?.close();
  await server?.stop();
});

const path = () => new URL(page.url()).pathname;

describe('the shell', () => {
  test('sidebar: nested menu with one branch open, collapse, iframe and not-available pages', async () => {
    await page.locator('.ba-sider').getByText('工作台').click();
    await page.locator('.ba-sider').getByText('测试页').click();
    await page.waitForURL('**/test/index');
    await page.locator('.ba-sider').getByText('系统工具').click();
    // Opening one branch closes the other (accordion): only 系统工具's content stays open.
    await page.waitForFunction(() => {
      const open = Array.from(document.querySelectorAll<HTMLElement>('.ba-sider .arco-menu-inline')).filter(
        (branch) => branch.querySelector<HTMLElement>('.arco-menu-inline-content')?.style.height !== '0px',
      );
      return open.length === 1 && open[0]!.querySelector('.arco-menu-inline-header')?.textContent?.includes('系统工具');
    });
    await page.locator('.ba-sider').getByText('关于产品').click();
    await page.waitForURL('**/myiframe/**');
    const src = await page.locator('iframe').first().getAttribute('src');
    expect(src).toContain('/about.html');
    // Collapse and expand the sidebar.
    await page.locator('.ba-collapse').click();
    await page.waitForSelector('.ba-sider.is-collapsed');
    await page.locator('.ba-collapse').click();
    await page.waitForSelector('.ba-sider:not(.is-collapsed)');
    // /test is served at /test/index; an unknown path is a 404.
    await page.goto(`${server.url}/test`);
    await page.waitForURL('**/test/index');
    await page.goto(`${server.url}/no/such/page`);
    await page.waitForURL('**/404');
  });

  test('menu search: name prefix, case-insensitive, Esc closes', async () => {
    await page.goto(`${server.url}/wel/index`);
    await page.waitForSelector(HOME_MARKER);
    await topButton(page, '菜单搜索').click();
    const input = page.locator('.ba-search-modal input');
    await input.fill('测');
    await expect(page.locator('.ba-search-list li').allTextContents()).resolves.toEqual([expect.stringContaining('测试页')]);
    await input.fill('试'); // not a prefix of any name
    await page.waitForSelector('text=没有匹配的菜单');
    await page.keyboard.press('Escape');
    await page.waitForSelector('.ba-search-modal', { state: 'hidden' });
  });

  test('language switch changes the shell and Arco texts; the current language is disabled', async () => {
    await topButton(page, '语言').click();
    const zhItem = page.locator('.arco-dropdown-menu-item').filter({ hasText: '中文' });
    await expect(zhItem.getAttribute('class')).resolves.toContain('disabled');
    await page.getByRole('menuitem', { name: 'English' }).click();
    await page.waitForFunction(() => document.querySelector('.ba-sider')?.textContent?.includes('Home'));
    expect(await sidebarTexts(page)).toEqual(expect.arrayContaining(['Home', 'Workbench']));
    await topButton(page, 'Language').click();
    await page.getByRole('menuitem', { name: '中文' }).click();
    await page.waitForFunction(() => document.querySelector('.ba-sider')?.textContent?.includes('首页'));
  });

  test('themes: all eleven are offered and dark switches Arco to dark', async () => {
    await topButton(page, '主题').click();
    // Every theme's label ends with 主题 (默认主题 … lte主题); other dropdowns may still be in the DOM.
    const items = page.locator('.arco-dropdown-menu-item').filter({ hasText: /主题$/ });
    await items.first().waitFor();
    expect(await items.count()).toBe(11);
    await items.filter({ hasText: '黑色主题' }).click();
    await page.waitForFunction(() => document.body.classList.contains('theme-dark') && document.body.getAttribute('arco-theme') === 'dark');
    await topButton(page, '主题').click();
    await page.locator('.arco-dropdown-menu-item').filter({ hasText: '默认主题' }).click();
    await page.waitForFunction(() => document.body.getAttribute('arco-theme') !== 'dark');
  });

  test('error log: a UI error is logged, shown with its stack, sent and cleared', async () => {
    await page.evaluate(() => setTimeout(() => { throw new Error('e2e boom'); }));
    await page.waitForFunction(() => document.querySelector('.ba-top-badge')?.textContent === '1');
    problems.errors.length = 0; // the thrown error is the point of this test
    await topButton(page, /错误日志/).click();
    const dialog = page.locator('.arco-modal').filter({ hasText: '错误日志' });
    await dialog.getByText('e2e boom').first().waitFor();
    await dialog.locator('.arco-table-expand-icon-cell button, .arco-table-expand-icon').first().click();
    await dialog.locator('.ba-log-stack').first().waitFor();
    await dialog.getByRole('button', { name: '上传服务器' }).click();
    await page.locator('.arco-modal').filter({ hasText: '确定上传本地日志到服务器?' }).getByRole('button', { name: '确定' }).click();
    await toast(page, '发送成功!').waitFor();
    // Sent logs leave the local list (as in Saber); a new error gives something to clear.
    await dialog.getByText('暂无错误日志').waitFor();
    await page.evaluate(() => setTimeout(() => { throw new Error('e2e boom again'); }));
    await dialog.getByText('e2e boom again').first().waitFor();
    problems.errors.length = 0;
    await dialog.getByRole('button', { name: '清空本地日志' }).click();
    await page.locator('.arco-modal').filter({ hasText: '确定清空本地日志记录?' }).getByRole('button', { name: '确定' }).click();
    await toast(page, '清空成功!').waitFor();
    await dialog.getByText('暂无错误日志').waitFor();
    await dialog.locator('.arco-modal-close-icon').click();
    await dialog.waitFor({ state: 'hidden' });
  });

  test('notices: three tabs, more items after a page change', async () => {
    await topButton(page, /通知/).click();
    const panel = page.locator('.ba-notice');
    await panel.waitFor();
    for (const tab of ['邮件', '消息', '通知']) await expect(panel.getByRole('tab', { name: new RegExp(tab) }).count()).resolves.toBe(1);
    const before = await panel.locator('.ba-notice-item').count();
    await panel.getByRole('button', { name: '加载更多' }).first().click();
    await page.waitForFunction((n) => document.querySelectorAll('.ba-notice .ba-notice-item').length > n, before, { timeout: 5000 });
    await page.keyboard.press('Escape');
  });

  test('tabs: no duplicates, close others and close all keep home', async () => {
    await page.goto(`${server.url}/test/index`);
    await page.waitForSelector('text=按钮权限');
    await page.goto(`${server.url}/info/index`);
    await page.waitForSelector('text=修改密码');
    await page.goto(`${server.url}/test/index`);
    await page.waitForSelector('text=按钮权限');
    await page.waitForSelector('.ba-tab-title');
    const titles = async () => (await page.locator('.ba-tab-title').allTextContents()).map((s) => s.trim());
    expect((await titles()).filter((t) => t === '测试页')).toHaveLength(1);
    await page.locator('.ba-tabs-more').click();
    await page.getByRole('menuitem', { name: '关闭其他' }).click();
    await page.waitForFunction(() => document.querySelectorAll('.ba-tab-title').length === 2);
    await page.locator('.ba-tabs-more').click();
    await page.getByRole('menuitem', { name: '关闭全部' }).click();
    await page.waitForFunction(() => document.querySelectorAll('.ba-tab-title').length === 1);
    expect(path()).toBe('/wel/index');
  });

  test('console, test and info pages render', async () => {
    await page.goto(`${server.url}/wel/dashboard`);
    await page.waitForSelector('canvas', { timeout: 15_000 });
    await page.goto(`${server.url}/info/index`);
    await page.getByRole('tab', { name: '修改密码' }).waitFor();
    await page.locator('input#phone, [id$="phone"] input, input[placeholder*="手机"]').first().fill('12345');
    await page.getByRole('button', { name: '提交' }).first().click();
    await page.getByText('手机号码长度不为11位').first().waitFor();
  });

  test('lock: a password is required, every route leads to /lock, unlock returns', async () => {
    await page.goto(`${server.url}/test/index`);
    await page.waitForSelector('text=按钮权限');
    await topButton(page, '锁屏').click();
    const dialog = page.locator('.arco-modal').filter({ hasText: '设置锁屏密码' });
    await dialog.getByRole('button', { name: '锁屏' }).click();
    await dialog.getByText('锁屏密码不能为空').first().waitFor();
    await dialog.locator('input').fill('let-me-in');
    await dialog.getByRole('button', { name: '锁屏' }).click();
    await page.waitForURL('**/lock');
    await page.goto(`${server.url}/wel/index`);
    await page.waitForURL('**/lock');
    await page.locator('[data-testid="lock-password"], [data-testid="lock-password"] input').first().fill('wrong');
    await page.click('[data-testid="lock-submit"]');
    expect(path()).toBe('/lock');
    await page.locator('[data-testid="lock-password"], [data-testid="lock-password"] input').first().fill('let-me-in');
    await page.click('[data-testid="lock-submit"]');
    await page.waitForURL((url) => url.pathname !== '/lock');
    expect(['/wel/index', '/test/index']).toContain(path());
  });

  test('no page errors along the way', () => {
    expect(problems.errors).toEqual([]);
  });
});
