import type { Locator, Page } from 'playwright-core';
import { LOGIN_BUTTON, HOME_MARKER, fillLogin } from './selectors';

export const ADMIN = { tenantId: '000000', username: 'admin', password: 'admin' };
export const DEMO = { tenantId: '000000', username: 'demo', password: 'demo' };

/**
 * Options for a wait on the server or on code still loading: no deadline of its own (Playwright's default
 * is 30 s), so only the test's limit ends it. A shorter one fails a run that is slow but right, as when
 * every core is busy.
 */
export const UNTIL_TEST_LIMIT = { timeout: 0 } as const;

const TOKEN_PATH = '/api/blade-auth/oauth/token';

/**
 * Signs in through the login form, as a person would, and waits for the home page. Each step waits as
 * long as the test may: when every core is busy, the sign-in's hashing, the main layout's chunks and the
 * home page can take more than 20 s between them. A refused sign-in fails at once, saying why.
 */
export async function signIn(page: Page, baseUrl: string, user = ADMIN): Promise<void> {
  await page.goto(`${baseUrl}/login`, UNTIL_TEST_LIMIT);
  await page.locator(LOGIN_BUTTON).waitFor(UNTIL_TEST_LIMIT);
  await fillLogin(page, user);
  const answered = page.waitForResponse((response) => new URL(response.url()).pathname === TOKEN_PATH && response.request().method() === 'POST', UNTIL_TEST_LIMIT);
  await page.locator(LOGIN_BUTTON).click(UNTIL_TEST_LIMIT);
  const answer = await answered;
  if (!answer.ok()) throw new Error(`signing in as ${user.username} was refused: ${answer.status()} ${await answer.text()}`);
  await page.locator(HOME_MARKER).waitFor(UNTIL_TEST_LIMIT);
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

/**
 * Waits until `target` is shown and at rest: no enter, appear or exit transition class of Arco's left on
 * it, its ancestors or its content, and no CSS animation or transition of theirs running (endless ones,
 * spinners and skeletons, aside). A drawer, a dialog, a popup or a menu branch still sliding or fading in
 * is not what a person reads, clicks or looks at in a screenshot.
 */
export async function atRest(target: Locator): Promise<void> {
  for (;;) {
    await target.waitFor(UNTIL_TEST_LIMIT);
    // Checked on every frame in the page. React may swap the node meanwhile: then the new one is checked.
    const outcome = await target.evaluate(
      (element) =>
        new Promise<'at rest' | 'replaced'>((done) => {
          const transition = /-(appear|enter|exit)(-active)?$/;
          const inTransition = () => {
            const nodes: Element[] = [element, ...element.querySelectorAll('*')];
            for (let node = element.parentElement; node; node = node.parentElement) nodes.push(node);
            return nodes.some((node) => [...node.classList].some((name) => transition.test(name)));
          };
          const animated = () =>
            document.getAnimations().some((animation) => {
              const effect = animation.effect;
              if (!(effect instanceof KeyframeEffect) || !effect.target || animation.playState !== 'running') return false;
              const related = effect.target.contains(element) || element.contains(effect.target);
              return related && effect.getComputedTiming().endTime !== Infinity;
            });
          const check = () => {
            if (!element.isConnected) done('replaced');
            else if (inTransition() || animated()) requestAnimationFrame(check);
            else done('at rest');
          };
          check();
        }),
    );
    if (outcome === 'at rest') return;
  }
}
