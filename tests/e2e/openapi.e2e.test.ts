import { mkdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { describe, expect, test } from '@rstest/core';
import { apiToken } from './api';
import { openPage } from './browser';
import { serverAndBrowser } from './suite';

/**
 * The interactive API page as an integrator meets it: the real server (no browser app needed: the page
 * is served from the Swagger UI package), headless Chromium, a token pasted in and a call tried.
 */

const artifacts = resolve(import.meta.dirname ?? process.cwd(), '..', 'artifacts');

const e2e = serverAndBrowser({ browserApp: false });

describe('/api/docs', () => {
  test('lists the operations, takes a pasted token and tries a call, with nothing loaded from elsewhere', async () => {
    const { context, page, problems } = await openPage(e2e.browser);
    const foreign: string[] = [];
    const refused: string[] = [];
    page.on('request', (request) => {
      if (!request.url().startsWith(e2e.server.url) && !request.url().startsWith('data:')) foreign.push(request.url());
    });
    page.on('console', (message) => {
      if (message.type() === 'error' && /Content Security Policy|Refused to/i.test(message.text())) refused.push(message.text());
    });

    await page.goto(`${e2e.server.url}/api/docs`);
    // The description is in the browser's language (zh-CN). Swagger UI draws a long list only where it is
    // on screen: the first operations, then a plugin's found with the filter box.
    await page.locator('.opblock-summary-description', { hasText: '获取令牌（登录）' }).waitFor({ timeout: 30_000 });
    await page.locator('.opblock-tag', { hasText: 'kernel/oauth' }).waitFor();
    await page.locator('.operation-filter-input').fill('param');
    const found = page.locator('.opblock .opblock-summary-path');
    await found.filter({ hasText: '/blade-system/param/remove' }).waitFor();
    expect(await found.allInnerTexts()).toEqual(['/blade-system/param/list', '/blade-system/param/detail', '/blade-system/param/submit', '/blade-system/param/remove']);
    await page.locator('.opblock-summary-description', { hasText: '参数分页列表' }).waitFor();

    // Paste an access token (no `bearer ` prefix: the page adds it).
    const token = await apiToken(e2e.server.url, '000000', 'admin', 'admin');
    await page.locator('.btn.authorize').first().click();
    const scheme = page.locator('.modal-ux .auth-container').filter({ hasText: 'bladeAuth' });
    await scheme.locator('input').fill(token);
    await scheme.locator('button.authorize').click();
    await scheme.getByRole('heading', { name: 'Authorized' }).waitFor();
    await page.locator('.modal-ux .close-modal').click();

    // Try the parameter list, as Swagger UI sends it.
    const list = page.locator('.opblock', { hasText: '/blade-system/param/list' }).first();
    await list.locator('.opblock-summary').click();
    await list.locator('.try-out__btn').click();
    await list.locator('tr[data-param-name="paramKey"] input').fill('account');
    const answer = page.waitForResponse((res) => res.url().includes('/api/blade-system/param/list'));
    await list.locator('.execute').click();
    const response = await answer;
    expect(response.status()).toBe(200);
    expect(response.request().headers()['blade-auth']).toBe(`bearer ${token}`);
    expect(response.url()).toContain('paramKey=account');
    const body = (await response.json()) as { success: boolean; data: { records: { paramKey: string }[] } };
    expect(body.success).toBe(true);
    expect(body.data.records.length).toBeGreaterThan(0);
    for (const record of body.data.records) expect(record.paramKey).toContain('account');
    await list.locator('.live-responses-table .response-col_status', { hasText: '200' }).waitFor();

    mkdirSync(artifacts, { recursive: true });
    await list.locator('.live-responses-table').scrollIntoViewIfNeeded();
    await page.screenshot({ path: join(artifacts, 'openapi-docs-call.png') });
    // The page follows the system's dark setting.
    await page.emulateMedia({ colorScheme: 'dark' });
    await page.locator('html.dark-mode').waitFor();
    await page.locator('.operation-filter-input').fill('');
    await page.evaluate(() => window.scrollTo(0, 0));
    await page.screenshot({ path: join(artifacts, 'openapi-docs-dark.png') });

    expect(problems.errors).toEqual([]);
    expect(refused).toEqual([]);
    expect(foreign).toEqual([]);
    await context.close();
  });
});
