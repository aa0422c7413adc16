/**
 * `npm run bench`: figures of speed and size, printed, never asserted.
 * - JS and CSS the browser loads for /login, and from clicking sign-in to the home page, raw and gzip.
 * - Time from navigation to a usable login form, and from clicking sign-in to the home page rendered
 *   (headless Chromium, median of 5 fresh contexts).
 */
import { launchBrowser } from '../e2e/browser';
import { startServerProcess } from '../e2e/server-process';
import { LOGIN_BUTTON, HOME_MARKER, fillLogin } from '../e2e/selectors';
import { benchParamsList, benchPluginBytes } from './browser-plugins';
import { measureFirstPagesBytes, printFirstPagesBytes } from './page-bytes';
import { benchServer } from './server';

const RUNS = 5;
const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

async function main() {
  await browserFigures();
  await benchServer();
}

async function browserFigures() {
  const server = await startServerProcess();
  const browser = await launchBrowser();
  try {
    printFirstPagesBytes(await measureFirstPagesBytes(browser, server.url));

    const formTimes: number[] = [];
    const signInTimes: number[] = [];
    for (let i = 0; i < RUNS; i++) {
      const context = await browser.newContext();
      const page = await context.newPage();
      await page.goto(`${server.url}/login`);
      await page.waitForSelector(`${LOGIN_BUTTON}:not([disabled])`);
      formTimes.push(await page.evaluate(() => performance.now()));
      await fillLogin(page, { tenantId: '000000', username: 'admin', password: 'admin' });
      const started = await page.evaluate(() => performance.now());
      await page.click(LOGIN_BUTTON);
      await page.waitForSelector(HOME_MARKER);
      const rendered = await page.evaluate(() => performance.now());
      signInTimes.push(rendered - started);
      await context.close();
    }
    console.log(`\nnavigation → usable login form: median ${median(formTimes).toFixed(0)} ms (${formTimes.map((t) => t.toFixed(0)).join(', ')})`);
    console.log(`click sign-in → home rendered:    median ${median(signInTimes).toFixed(0)} ms (${signInTimes.map((t) => t.toFixed(0)).join(', ')})`);

    await benchParamsList(browser, server.url);
    await benchPluginBytes(browser, server.url);
  } finally {
    await browser.close();
    await server.stop();
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
