import type { Page } from 'playwright-core';
import { LOGIN_BUTTON, HOME_MARKER, fillLogin } from './selectors';

export const ADMIN = { tenantId: '000000', username: 'admin', password: 'admin' };
export const DEMO = { tenantId: '000000', username: 'demo', password: 'demo' };

/** Signs in through the login form, as a person would, and waits for the home page. */
export async function signIn(page: Page, baseUrl: string, user = ADMIN): Promise<void> {
  await page.goto(`${baseUrl}/login`);
  await page.waitForSelector(LOGIN_BUTTON);
  await fillLogin(page, user);
  await page.click(LOGIN_BUTTON);
  await page.waitForSelector(HOME_MARKER, { timeout: 20_000 });
  // Plain check (no test runner's expect): the bench signs in through this too.
  const landed = new URL(page.url()).pathname;
  if (landed !== '/wel/index') throw new Error(`signed in but landed on ${landed}, not /wel/index`);
}

/** A top-bar button, by its accessible name. */
export function topButton(page: Page, label: string | RegExp) {
  return page.locator('.ba-topbar-tools').getByRole('button', { name: label, exact: typeof label === 'string' });
}

/** The sidebar's visible menu texts. */
export async function sidebarTexts(page: Page): Promise<string[]> {
  await page.waitForSelector('.ba-sider .ba-menu-text');
  return (await page.locator('.ba-sider .ba-menu-text').allTextContents()).map((s) => s.trim());
}

export async function cookieNames(page: Page): Promise<string[]> {
  return (await page.context().cookies()).map((c) => c.name);
}

/** Text of the Arco message toasts on screen. */
export function toast(page: Page, text: string | RegExp) {
  return page.locator('.arco-message').filter({ hasText: text });
}

/**
 * No top-bar dropdown left on screen. They fade out after a choice: a screenshot taken meanwhile would
 * show one over the page.
 */
export const menusClosed = (page: Page) => page.waitForFunction(() => ![...document.querySelectorAll('.arco-dropdown')].some((menu) => menu.getBoundingClientRect().height > 0));

/** Switches the theme from the top bar and waits until the page is in it and the menu is gone. */
export async function pickTheme(page: Page, dark: boolean): Promise<void> {
  await topButton(page, /^(主题|Theme)$/).click();
  await page.locator('.arco-dropdown-menu-item').filter({ hasText: dark ? /^(黑色主题|Dark)/ : /^(默认主题|Default)/ }).click();
  await page.waitForFunction((wanted) => (document.body.getAttribute('arco-theme') === 'dark') === wanted, dark);
  await menusClosed(page);
}

/** Switches the interface language from the top bar and waits until the menu reads in it and the menu is gone. */
export async function pickLanguage(page: Page, language: 'English' | '中文'): Promise<void> {
  await topButton(page, /语言|Language/).click();
  await page.getByRole('menuitem', { name: language }).click();
  await page.waitForFunction((home) => document.querySelector('.ba-sider')?.textContent?.includes(home), language === 'English' ? 'Home' : '首页');
  await menusClosed(page);
}
