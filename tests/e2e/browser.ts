import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';

/** Debian's Chromium, headless, with the flags this closed network needs. */
export async function launchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    headless: true,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  });
}

export interface PageProblems {
  errors: string[];
}

/** A fresh context and page that records page errors, so a test can assert there were none. */
export async function openPage(
  browser: Browser,
  options: { viewport?: { width: number; height: number } } = {},
): Promise<{ context: BrowserContext; page: Page; problems: PageProblems }> {
  const context = await browser.newContext({ viewport: options.viewport ?? { width: 1366, height: 800 }, locale: 'zh-CN' });
  // Playwright's own 30 s is a deadline a loaded machine can pass while the page is fine; the test's limit
  // (120 s) is what catches a hang. Just under it, so a wait that hangs still fails naming what it waited for.
  context.setDefaultTimeout(100_000);
  context.setDefaultNavigationTimeout(100_000);
  const page = await context.newPage();
  const problems: PageProblems = { errors: [] };
  page.on('pageerror', (error) => problems.errors.push(String(error)));
  // What the server's Content-Security-Policy refused (Chromium reports it on the console): a problem too.
  page.on('console', (message) => {
    if (message.type() === 'error' && /Content Security Policy/i.test(message.text())) problems.errors.push(message.text());
  });
  return { context, page, problems };
}
