/**
 * When a sign-in page's password field is on screen, measured inside the page the same way for any app:
 * a script that runs before the page's own looks at every frame the browser draws, and once the first
 * frame where an `input[type=password]` has a box is painted, it records `performance.now()` (ms since
 * navigation start).
 * Nothing app-specific, so our /login and another app's login page are compared by one rule.
 */
import type { Browser, Page } from 'playwright-core';

declare global {
  interface Window {
    __passwordFieldShown?: number;
  }
}

// A string, not a function: tsx wraps named inner functions with a helper the page does not have.
const WATCH_PASSWORD_FIELD = `(() => {
  const frame = () => {
    const field = document.querySelector('input[type="password"]');
    // Drawn in this frame: the task after it runs once the frame is painted.
    if (field !== null && field.getClientRects().length > 0) setTimeout(() => (window.__passwordFieldShown = performance.now()));
    else requestAnimationFrame(frame);
  };
  requestAnimationFrame(frame);
})();`;

/** Opens `url` in `page` and answers the ms from navigation start to the frame showing the password field. */
export async function passwordFieldShownAt(page: Page, url: string): Promise<number> {
  await page.addInitScript(WATCH_PASSWORD_FIELD);
  await page.goto(url);
  const shown = await page.waitForFunction(() => window.__passwordFieldShown, undefined, { timeout: 30_000 });
  return Number(await shown.jsonValue());
}

/** The same in a fresh context (a cold cache), closed afterwards. */
export async function coldPasswordFieldShownAt(browser: Browser, url: string): Promise<number> {
  const context = await browser.newContext();
  try {
    return await passwordFieldShownAt(await context.newPage(), url);
  } finally {
    await context.close();
  }
}
