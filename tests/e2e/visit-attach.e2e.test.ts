import { afterAll, beforeAll, describe, expect, test } from '@rstest/core';
import { mkdirSync, rmSync } from 'node:fs';
import type { Browser, Locator, Page } from 'playwright-core';
import { apiToken } from './api';
import { launchBrowser, openPage } from './browser';
import { freshDataDir, startServerProcess, type RunningServer } from './server-process';
import { pickLanguage, pickTheme, signIn } from './session-helpers';
import { SHOTS } from './suite';

/**
 * A visitor asks for an attachment through the card front end's call; the administrator grants it for one
 * day in the grants drawer and sees the time left; the server is then restarted on the same data with its
 * clock two days ahead (CLOCK_OFFSET_MS, for tests only), and the grant reads expired, in the drawer and
 * for the visitor. One server at a time, on one data folder this file owns.
 */

const DAY_MS = 86_400_000;
const FILE_NAME = 'E2E 报价单';
const VISITOR = { visitorId: 'e2e_visitor_expiry', nickName: 'E2E 访客' };

let dataDir: string;
let server: RunningServer | undefined;
let browser: Browser;

beforeAll(async () => {
  mkdirSync(SHOTS, { recursive: true });
  dataDir = await freshDataDir();
  [server, browser] = await Promise.all([startServerProcess({}, { dataDir }), launchBrowser()]);
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
  rmSync(dataDir, { recursive: true, force: true });
});

const url = () => server!.url;

async function api<T>(method: 'GET' | 'POST', path: string, options: { token?: string; query?: Record<string, string>; json?: unknown; body?: FormData } = {}): Promise<T> {
  const res = await fetch(`${url()}${path}${options.query ? `?${new URLSearchParams(options.query)}` : ''}`, {
    method,
    headers: { ...(options.token ? { 'Blade-Auth': `bearer ${options.token}` } : {}), ...(options.json ? { 'Content-Type': 'application/json' } : {}) },
    body: options.json ? JSON.stringify(options.json) : options.body,
  });
  const body = (await res.json()) as { success: boolean; msg: string; data: T };
  if (!body.success) throw new Error(`${method} ${path} → ${res.status} ${body.msg}`);
  return body.data;
}

/** A staff member's attachment, and a visitor's request for it through the card's public call. */
async function arrangeRequest(): Promise<{ card: string; attachId: string }> {
  const token = await apiToken(url(), '000000', 'admin', 'admin');
  const staff = (await api<{ records: { id: string; cardUrl: string }[] }>('GET', '/api/staff/info/page', { token, query: { size: '1' } })).records[0]!;
  const form = new FormData();
  form.append('file', new File([Buffer.from('%PDF-1.4\n1 0 obj << >> endobj\ntrailer << >>\n%%EOF\n')], 'price-list.pdf', { type: 'application/pdf' }));
  const uploaded = await api<{ link: string }>('POST', '/api/blade-resource/oss/endpoint/put-file-attach', { token, body: form });
  await api('POST', '/api/visit/attach/info/submit', { token, json: { name: FILE_NAME, staffId: staff.id, fileLink: uploaded.link } });
  const card = new URL(staff.cardUrl).searchParams.get('t')!;
  const attach = (await api<{ records: { id: string }[] }>('GET', '/api/visit/attach/info/page', { token, query: { name: FILE_NAME } })).records[0]!;
  const asked = await api<{ state: number }>('POST', '/api/visit/attach/request', { json: { t: card, attachId: attach.id, ...VISITOR } });
  expect(asked.state).toBe(0);
  return { card, attachId: attach.id };
}

const row = (scope: Locator | Page, text: string) => scope.locator('.arco-table-tr', { hasText: text }).first();

/** Opens the grants drawer of the attachment from its row, and waits until it has slid in. */
async function openDrawer(page: Page): Promise<Locator> {
  await row(page, FILE_NAME).getByTestId('attach-grants').click();
  const drawer = page.locator('.arco-drawer', { hasText: FILE_NAME });
  await row(drawer, VISITOR.nickName).waitFor();
  await page.waitForFunction(() => {
    const box = document.querySelector('.arco-drawer')?.getBoundingClientRect();
    return box !== undefined && Math.abs(box.right - window.innerWidth) < 1;
  });
  return drawer;
}

/** Waits until no toast is on screen (they would cover the screenshots). */
const toastsGone = (page: Page) => page.locator('.arco-message').first().waitFor({ state: 'detached', timeout: 10_000 });

async function closeDrawer(page: Page, drawer: Locator): Promise<void> {
  await page.keyboard.press('Escape');
  await drawer.waitFor({ state: 'hidden' });
}

describe('visit attachments, in the browser', () => {
  let arranged: { card: string; attachId: string };

  test('a request granted for one day shows as granted with a day left; the list and the drawer read in both themes and languages', async () => {
    arranged = await arrangeRequest();
    const { context, page, problems } = await openPage(browser, { viewport: { width: 1440, height: 900 } });
    await signIn(page, url());
    await page.goto(`${url()}/visit/attach`);
    await row(page, FILE_NAME).waitFor();
    await expect(row(page, FILE_NAME).locator('.arco-tag', { hasText: '待授权 1' }).count()).resolves.toBe(1);
    await page.screenshot({ path: `${SHOTS}/visit-attach-list-zh-light.png` });

    // A demo attachment's grants, in their states' colours.
    await page.locator('tbody .arco-table-tr').nth(1).getByTestId('attach-grants').click();
    const demo = page.locator('.arco-drawer');
    await demo.locator('.ba-attach-state').first().waitFor();
    await page.waitForFunction(() => Math.abs((document.querySelector('.arco-drawer')?.getBoundingClientRect().right ?? 0) - window.innerWidth) < 1);
    await page.screenshot({ path: `${SHOTS}/visit-attach-drawer-states-zh-light.png` });
    await closeDrawer(page, demo);

    const drawer = await openDrawer(page);
    const request = row(drawer, VISITOR.nickName);
    await expect(request.locator('.ba-attach-state').textContent()).resolves.toBe('待授权');
    await page.screenshot({ path: `${SHOTS}/visit-attach-drawer-zh-light.png` });

    await request.getByRole('button', { name: '同意' }).click();
    const dialog = page.locator('.arco-modal', { hasText: `同意「${VISITOR.nickName}」查看` });
    await dialog.getByText('1 天', { exact: true }).click();
    await dialog.getByTestId('grant-days-save').click();
    await dialog.waitFor({ state: 'hidden' });
    await request.locator('.ba-attach-state', { hasText: '已授权' }).waitFor();
    await expect(request.getByTestId('grant-time-left').textContent()).resolves.toBe('还剩 1 天');
    await closeDrawer(page, drawer);
    await row(page, FILE_NAME).locator('.arco-tag', { hasText: '已授权 1' }).waitFor();

    await pickTheme(page, true);
    await pickLanguage(page, 'English');
    await row(page, FILE_NAME).locator('.arco-tag', { hasText: 'Granted 1' }).waitFor();
    await toastsGone(page);
    await page.screenshot({ path: `${SHOTS}/visit-attach-list-en-dark.png` });
    const dark = await openDrawer(page);
    await expect(row(dark, VISITOR.nickName).getByTestId('grant-time-left').textContent()).resolves.toBe('1 day left');
    await page.screenshot({ path: `${SHOTS}/visit-attach-drawer-en-dark.png` });
    expect(problems.errors).toEqual([]);
    await context.close();

    const { card, attachId } = arranged;
    const file = await api<{ link: string }>('GET', '/api/visit/attach/file', { query: { t: card, attachId, visitorId: VISITOR.visitorId } });
    expect(file.link).toMatch(/^\/api\/blade-resource\/oss\/endpoint\/file\/[0-9a-f]{32}\.pdf$/);
  });

  test('two days later (the server restarted on the same data with its clock ahead) the grant reads expired, and the visitor is refused', async () => {
    await server!.stop();
    server = undefined;
    server = await startServerProcess({ CLOCK_OFFSET_MS: String(2 * DAY_MS) }, { dataDir });

    const { context, page, problems } = await openPage(browser, { viewport: { width: 1440, height: 900 } });
    await signIn(page, url());
    await page.goto(`${url()}/visit/attach`);
    await row(page, FILE_NAME).locator('.arco-tag', { hasText: '已过期 1' }).waitFor();
    const drawer = await openDrawer(page);
    const grant = row(drawer, VISITOR.nickName);
    await expect(grant.locator('.ba-attach-state').textContent()).resolves.toBe('已过期');
    await expect(grant.getByTestId('grant-time-left').count()).resolves.toBe(0);
    await expect(grant.getByRole('button', { name: '续期' }).count()).resolves.toBe(1);
    await page.screenshot({ path: `${SHOTS}/visit-attach-drawer-expired-zh-light.png` });
    expect(problems.errors).toEqual([]);
    await context.close();

    const { card, attachId } = arranged;
    const res = await fetch(`${url()}/api/visit/attach/file?${new URLSearchParams({ t: card, attachId, visitorId: VISITOR.visitorId })}`, { headers: { 'Accept-Language': 'en' } });
    expect(res.status).toBe(403);
    expect(((await res.json()) as { msg: string }).msg).toBe('You have no live grant for this file: ask to see it first');
  });
});
