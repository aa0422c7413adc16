/**
 * Browser figures of the plugin platform (printed by `npm run bench`, never asserted):
 * - render time of the parameters list with 200 rows per page (median of 5);
 * - bytes of plugin code loaded for a tenant with one plugin switched off, against all on.
 */
import type { Browser, Page } from 'playwright-core';
import { apiCall, apiToken } from '../e2e/api';
import { signIn, ADMIN } from '../e2e/session-helpers';

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
const kb = (bytes: number) => (bytes / 1024).toFixed(1);

async function seedParams(baseUrl: string, token: string, count: number) {
  for (let i = 0; i < count; i++) {
    const key = `bench.param.${i}`;
    const res = await fetch(`${baseUrl}/api/blade-system/param/submit`, {
      method: 'POST',
      headers: { Authorization: `Basic ${Buffer.from('saber:saber_secret').toString('base64')}`, 'Blade-Auth': `bearer ${token}`, 'Content-Type': 'application/json' },
      body: JSON.stringify({ paramName: `基准参数 ${i}`, paramKey: key, paramValue: `value ${i}`, remark: '' }),
    });
    if (!res.ok) throw new Error(`seeding params failed: ${res.status}`);
  }
}

async function choosePageSize(page: Page, size: number) {
  await page.locator('.arco-pagination-option .arco-select').click();
  await page.locator('.arco-select-option').filter({ hasText: new RegExp(`^${size}`) }).click();
}

export async function benchParamsList(browser: Browser, baseUrl: string): Promise<void> {
  const token = await apiToken(baseUrl, '000000', 'admin', 'admin');
  await seedParams(baseUrl, token, 210);
  const times: number[] = [];
  for (let i = 0; i < 5; i++) {
    const context = await browser.newContext({ viewport: { width: 1366, height: 800 } });
    const page = await context.newPage();
    await signIn(page, baseUrl, ADMIN);
    await page.goto(`${baseUrl}/system/param`);
    await page.locator('.ba-crud-table tbody .arco-table-tr').nth(9).waitFor();
    const started = await page.evaluate(() => performance.now());
    await choosePageSize(page, 200);
    await page.waitForFunction(() => document.querySelectorAll('.ba-crud-table tbody .arco-table-tr').length >= 200, undefined, { polling: 'raf', timeout: 30_000 });
    times.push((await page.evaluate(() => performance.now())) - started);
    await context.close();
  }
  console.log(`\nparameters list, 200 rows per page: median ${median(times).toFixed(0)} ms (${times.map((t) => t.toFixed(0)).join(', ')})`);
}

/** JS and CSS bytes a tenant's admin loads from sign-in to the dictionaries screen. */
async function bytesLoaded(browser: Browser, baseUrl: string, tenantId: string): Promise<{ total: number; param: number }> {
  const context = await browser.newContext();
  const page = await context.newPage();
  let total = 0;
  let param = 0;
  page.on('response', async (response) => {
    const type = response.request().resourceType();
    if (type !== 'script' && type !== 'stylesheet') return;
    const body = await response.body().catch(() => Buffer.alloc(0));
    total += body.length;
    // Chunk names are hashed: the param plugin's code is recognised by its entity's field name.
    if (body.includes('paramKey')) param += body.length;
  });
  await signIn(page, baseUrl, { tenantId, username: 'admin', password: 'admin' });
  await page.waitForLoadState('networkidle');
  await context.close();
  return { total, param };
}

export async function benchPluginBytes(browser: Browser, baseUrl: string): Promise<void> {
  const root = await apiToken(baseUrl, '000000', 'admin', 'admin');
  await apiCall(baseUrl, root, 'POST', '/api/blade-system/tenant/setting', { ids: '100001', plugins: 'dict,param' });
  const allOn = await bytesLoaded(browser, baseUrl, '100001');
  await apiCall(baseUrl, root, 'POST', '/api/blade-system/tenant/setting', { ids: '100001', plugins: 'dict' });
  const paramOff = await bytesLoaded(browser, baseUrl, '100001');
  console.log('\nJS+CSS loaded from sign-in to home (raw), tenant 100001:');
  console.log(`  all plugins on:     ${kb(allOn.total)} kB, of which param plugin code ${kb(allOn.param)} kB`);
  console.log(`  param switched off: ${kb(paramOff.total)} kB, of which param plugin code ${kb(paramOff.param)} kB`);
}
