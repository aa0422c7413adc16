import { afterAll, beforeAll, describe, expect, test } from '@rstest/core';
import type { BrowserContext, Page } from 'playwright-core';
import { openPage, type PageProblems } from './browser';
import { serverAndBrowser, SHOTS } from './suite';
import { HOME_MARKER } from './selectors';
import { ADMIN, DEMO, UNTIL_TEST_LIMIT, atRest, sidebarTexts, signIn, toast, topButton } from './session-helpers';

let context: BrowserContext;
let page: Page;
let problems: PageProblems;

const e2e = serverAndBrowser();

beforeAll(async () => {
  ({ context, page, problems } = await openPage(e2e.browser));
  await signIn(page, e2e.server.url);
});

afterAll(async () => {
  await context?.close();
});

const path = () => new URL(page.url()).pathname;

describe('the shell', () => {
  test('sidebar: nested menu with one branch open, collapse, iframe and not-available pages', async () => {
    await page.locator('.ba-sider').getByText('工作台').click();
    await page.locator('.ba-sider').getByText('个人信息').click();
    await page.waitForURL('**/info/index');
    await page.locator('.ba-sider').getByText('系统工具').click();
    // Opening one branch closes the other (accordion): only 系统工具's content stays open.
    await page.waitForFunction(() => {
      const open = Array.from(document.querySelectorAll<HTMLElement>('.ba-sider .arco-menu-inline')).filter(
        (branch) => branch.querySelector<HTMLElement>('.arco-menu-inline-content')?.style.height !== '0px',
      );
      return open.length === 1 && open[0]!.querySelector('.arco-menu-inline-header')?.textContent?.includes('系统工具');
    });
    // The developer demos, the super administrator's: under 系统工具.
    await page.locator('.ba-sider').getByText('测试页').click();
    await page.waitForURL('**/test/index');
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
    await page.goto(`${e2e.server.url}/test`);
    await page.waitForURL('**/test/index');
    await page.goto(`${e2e.server.url}/no/such/page`);
    await page.waitForURL('**/404');
  });

  test('menu search: name prefix first, then names and paths containing the query, case-insensitive, Esc closes', async () => {
    await page.goto(`${e2e.server.url}/wel/index`);
    await page.waitForSelector(HOME_MARKER);
    await topButton(page, '菜单搜索').click();
    const input = page.locator('.ba-search-modal input');
    const names = async () => (await page.locator('.ba-search-list li > span:nth-child(2)').allTextContents()).map((s) => s.trim());
    await input.fill('测');
    await expect(page.locator('.ba-search-list li').allTextContents()).resolves.toEqual([expect.stringContaining('测试页')]);
    await input.fill('试'); // inside a name, not at its start
    await page.waitForFunction(() => document.querySelector('.ba-search-list')?.textContent?.includes('测试页'));
    await input.fill('管理'); // every "… 管理" menu
    await page.waitForFunction(() => document.querySelectorAll('.ba-search-list li').length > 3);
    expect(await names()).toEqual(expect.arrayContaining(['用户管理', '字典管理', '菜单管理']));
    await input.fill('DICT'); // by path, whatever the language of the names
    await page.waitForFunction(() => document.querySelector('.ba-search-list')?.textContent?.includes('字典管理'));
    expect(await names()).toEqual(expect.arrayContaining(['字典管理', '业务字典']));
    await input.fill('zzz');
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
    // The badge and the tabs count the same items: the tabs' numbers add up to the badge.
    const badge = Number(/\((\d+)\)/.exec((await topButton(page, /通知/).getAttribute('aria-label')) ?? '')?.[1]);
    const tabCounts = (await panel.getByRole('tab').allTextContents()).map((text) => Number(/\((\d+)\)/.exec(text)?.[1]));
    expect(badge).toBeGreaterThan(0);
    expect(tabCounts.reduce((a, b) => a + b, 0)).toBe(badge);
    // The notice tab (opened first) lists the desk plugin's real notices; the mail tab pages its samples.
    await panel.getByRole('tab', { name: /邮件/ }).click();
    const before = await panel.locator('.ba-notice-item').count();
    await panel.getByRole('button', { name: '加载更多' }).first().click();
    await page.waitForFunction((n) => document.querySelectorAll('.ba-notice .ba-notice-item').length > n, before, UNTIL_TEST_LIMIT);
    await page.keyboard.press('Escape');
  });

  test('tabs: no duplicates, close others and close all keep home', async () => {
    await page.goto(`${e2e.server.url}/test/index`);
    await page.waitForSelector('text=按钮权限');
    await page.goto(`${e2e.server.url}/info/index`);
    await page.waitForSelector('text=修改密码');
    await page.goto(`${e2e.server.url}/test/index`);
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
    // From a tab's context menu too: close all keeps only home, not the tab that was right-clicked.
    await page.goto(`${e2e.server.url}/test/index`);
    await page.waitForSelector('text=按钮权限');
    await page.goto(`${e2e.server.url}/info/index`);
    await page.waitForSelector('text=修改密码');
    await page.locator('.ba-tab-title', { hasText: '测试页' }).click({ button: 'right' });
    await page.getByRole('menuitem', { name: '关闭全部' }).click();
    await page.waitForFunction(() => document.querySelectorAll('.ba-tab-title').length === 1);
    expect(await titles()).toEqual(['首页']);
    expect(path()).toBe('/wel/index');
  });

  test('console, test and info pages render', async () => {
    await page.goto(`${e2e.server.url}/wel/dashboard`);
    await page.waitForSelector('canvas', UNTIL_TEST_LIMIT); // G2, over 1 MB, loads with the console
    await page.goto(`${e2e.server.url}/info/index`);
    await page.getByRole('tab', { name: '修改密码' }).waitFor();
    // The nickname is labelled as what it is.
    await page.locator('.arco-form-label-item').filter({ hasText: '昵称' }).first().waitFor();
    const phone = page.locator('input#phone, [id$="phone"] input, input[placeholder*="手机"]').first();
    // The form shows the stored profile once it has loaded: typing before that would be overwritten.
    await phone.waitFor();
    await page.waitForFunction(() => [...document.querySelectorAll<HTMLInputElement>('input')].some((i) => i.value === '13800000000'));
    await phone.fill('12345');
    await page.getByRole('button', { name: '提交' }).first().click();
    await page.getByText('手机号码长度不为11位').first().waitFor();
  });

  test('lock: a password is required, every route leads to /lock, unlock returns', async () => {
    await page.goto(`${e2e.server.url}/test/index`);
    await page.waitForSelector('text=按钮权限');
    await topButton(page, '锁屏').click();
    const dialog = page.locator('.arco-modal').filter({ hasText: '设置锁屏密码' });
    await dialog.getByRole('button', { name: '锁屏' }).click();
    await dialog.getByText('锁屏密码不能为空').first().waitFor();
    await dialog.locator('input').fill('let-me-in');
    await dialog.getByRole('button', { name: '锁屏' }).click();
    await page.waitForURL('**/lock');
    await page.goto(`${e2e.server.url}/wel/index`);
    await page.waitForURL('**/lock');
    await page.locator('[data-testid="lock-password"], [data-testid="lock-password"] input').first().fill('wrong');
    await page.click('[data-testid="lock-submit"]');
    expect(path()).toBe('/lock');
    await page.locator('[data-testid="lock-password"], [data-testid="lock-password"] input').first().fill('let-me-in');
    await page.click('[data-testid="lock-submit"]');
    await page.waitForURL((url) => url.pathname !== '/lock');
    expect(['/wel/index', '/test/index']).toContain(path());
  });

  test('a screen the user may not open is the 403 page when reached by its address; /lock unlocked goes home', async () => {
    const other = await openPage(e2e.browser, { viewport: { width: 1440, height: 900 } });
    try {
      await signIn(other.page, e2e.server.url, DEMO);
      await other.page.goto(`${e2e.server.url}/system/user`);
      await other.page.waitForURL('**/403');
      await other.page.getByText('抱歉，你无权访问该页面').waitFor();
      expect(await toast(other.page, '没有权限').count()).toBe(0);
      await other.page.getByRole('button', { name: '返回首页' }).click();
      await other.page.waitForSelector(HOME_MARKER);
      expect((await other.page.locator('.ba-tab-title').allTextContents()).map((t) => t.trim())).toEqual(['首页']);
      await other.page.goto(`${e2e.server.url}/lock`);
      await other.page.waitForURL('**/wel/index');
      await other.page.waitForSelector(HOME_MARKER);
      expect(other.problems.errors).toEqual([]);
    } finally {
      await other.context.close();
    }
  });

  test('a third-party sign-in with no account behind it lands on the registration page, nothing else', async () => {
    const guest = await openPage(e2e.browser, { viewport: { width: 1440, height: 900 } });
    try {
      await guest.page.goto(`${e2e.server.url}/login`);
      await guest.page.locator('.ba-login-social').click();
      await guest.page.waitForURL('**/register');
      await guest.page.getByRole('heading', { name: '用户信息注册' }).waitFor();
      await guest.page.getByText(/你用第三方账号「.+」登录了/).waitFor();
      expect(await guest.page.locator('.ba-layout').count()).toBe(0);
      expect(await guest.page.locator('.arco-message-error').count()).toBe(0);
      await guest.page.goto(`${e2e.server.url}/wel/index`);
      await guest.page.waitForURL('**/register');
      await guest.page.getByRole('button', { name: '退出系统' }).click();
      await guest.page.waitForURL('**/login');
      expect(guest.problems.errors).toEqual([]);
    } finally {
      await guest.context.close();
    }
  });

  test('dark theme: a framed page keeps a light canvas under its dark text', async () => {
    const dark = await openPage(e2e.browser, { viewport: { width: 1440, height: 900 } });
    try {
      await signIn(dark.page, e2e.server.url);
      await dark.page.locator('.ba-sider').getByText('系统工具').click();
      await dark.page.locator('.ba-sider').getByText('关于产品').click();
      await dark.page.waitForURL('**/myiframe/**');
      await dark.page.locator('.ba-iframe iframe').waitFor(); // its page is a lazy chunk: on a loaded machine it comes after the address
      await topButton(dark.page, '主题').click();
      await dark.page.getByRole('menuitem', { name: '黑色主题' }).click();
      await dark.page.waitForFunction(() => document.body.getAttribute('arco-theme') === 'dark');
      const colours = await dark.page.evaluate(() => {
        const frame = document.querySelector<HTMLIFrameElement>('.ba-iframe iframe')!;
        const inner = frame.contentDocument!;
        return { canvas: getComputedStyle(frame).backgroundColor, text: getComputedStyle(inner.body).color };
      });
      expect(colours).toEqual({ canvas: 'rgb(255, 255, 255)', text: 'rgb(29, 33, 41)' });
      expect(dark.problems.errors).toEqual([]);
    } finally {
      await dark.context.close();
    }
  });

  test('English: no label of the sidebar, the tabs or the product title is cut at 1440 px', async () => {
    const en = await openPage(e2e.browser, { viewport: { width: 1440, height: 900 } });
    try {
      await signIn(en.page, e2e.server.url);
      await topButton(en.page, '语言').click();
      await en.page.getByRole('menuitem', { name: 'English' }).click();
      await en.page.waitForFunction(() => document.querySelector('.ba-sider')?.textContent?.includes('Home'));
      // Each page's own tab, before the next address reloads the app (the tabs are kept across it).
      for (const [to, tab] of [['/system/dict', 'Dictionaries'], ['/system/dictbiz', 'Business dictionaries'], ['/system/user', 'Users']]) {
        await en.page.goto(`${e2e.server.url}${to}`);
        await en.page.locator('.ba-tab-title', { hasText: tab! }).first().waitFor();
      }
      const cut: string[] = [];
      for (const branch of ['Workbench', 'System tools', 'Basics', 'Authority', 'System']) {
        await en.page.locator('.ba-sider .arco-menu-inline-header').filter({ hasText: branch }).first().click();
        // Measured once the branch has opened and the one it closes has folded away.
        await atRest(en.page.locator('.ba-sider'));
        cut.push(
          ...(await en.page.evaluate(() =>
            [...document.querySelectorAll<HTMLElement>('.ba-sider .arco-menu-item, .ba-sider .arco-menu-inline-header, .ba-logo-title, .ba-tab-title')]
              .filter((el) => el.offsetParent && el.scrollWidth > el.clientWidth + 1)
              .map((el) => el.textContent ?? ''),
          )),
        );
      }
      expect(cut).toEqual([]);
      expect(await en.page.locator('.ba-tab-title', { hasText: 'Business dictionaries' }).getAttribute('title')).toBe('Business dictionaries');
      expect(en.problems.errors).toEqual([]);
    } finally {
      await en.context.close();
    }
  });

  test('no page errors along the way', () => {
    expect(problems.errors).toEqual([]);
  });
  // One test per case, each with the whole time limit: every case signs in afresh in a browser of its own.
  test.each([
    { who: 'admin', user: ADMIN, theme: 'theme-default', language: 'zh', width: 1440 },
    { who: 'admin', user: ADMIN, theme: 'theme-dark', language: 'en', width: 1440 },
    { who: 'user', user: DEMO, theme: 'theme-default', language: 'zh', width: 1440 },
    { who: 'user', user: DEMO, theme: 'theme-dark', language: 'zh', width: 1440 },
    { who: 'user', user: DEMO, theme: 'theme-default', language: 'en', width: 1440 },
    { who: 'user', user: DEMO, theme: 'theme-default', language: 'zh', width: 390 },
  ] as const)(
    'the home page, $who $theme $language $width px: cards first, shortcuts by name and group, the console only for the super administrator',
    async ({ who, user, theme, language, width }) => {
      const shot = await openPage(e2e.browser, { viewport: { width, height: 900 } });
      try {
        await shot.page.addInitScript(
          ([name, lang]) => {
            localStorage.setItem('saber-themeName', JSON.stringify({ dataType: 'string', content: name, datetime: Date.now() }));
            localStorage.setItem('saber-language', JSON.stringify({ dataType: 'string', content: lang, datetime: Date.now() }));
          },
          [theme, language],
        );
        await signIn(shot.page, e2e.server.url, user);
        const home = shot.page.locator(HOME_MARKER);
        // The cards (or the empty state in their place) come right after the greeting, once the tenant's plugins have loaded.
        await home.locator(':scope > .ba-home-cards, :scope > [data-testid="home-cards-empty"]').first().waitFor(UNTIL_TEST_LIMIT);
        expect(await home.locator(':scope > *').nth(1).evaluate((el) => el.matches('.ba-home-cards, [data-testid="home-cards-empty"]'))).toBe(true);
        const tiles = home.locator('[data-testid="home-shortcuts"] .ba-shortcut');
        await tiles.first().waitFor(UNTIL_TEST_LIMIT); // with the user's menu
        for (const text of await tiles.allTextContents()) expect(text).not.toMatch(/\/[a-z]/); // names, never a route path
        expect(await home.getByTestId('home-console').count()).toBe(who === 'admin' ? 1 : 0);
        // The cards' bodies have loaded (no skeleton left).
        await shot.page.waitForFunction(() => !document.querySelector('[data-testid="home-page"] .arco-skeleton'), undefined, UNTIL_TEST_LIMIT);
        const overflow = await shot.page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
        expect(overflow).toBeLessThanOrEqual(0);
        await shot.page.screenshot({ path: `${SHOTS}/home-${who}-${theme}-${language}-${width}.png`, fullPage: true });
        expect(shot.problems.errors).toEqual([]);
      } finally {
        await shot.context.close();
      }
    },
  );
});
