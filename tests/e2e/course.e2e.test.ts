import { describe, expect, test } from '@rstest/core';
import type { Locator, Page } from 'playwright-core';
import { apiCall, apiToken } from './api';
import { openPage } from './browser';
import { formItem } from './selectors';
import { pickLanguage, pickTheme, signIn, toast } from './session-helpers';
import { serverAndBrowser, SHOTS } from './suite';

/**
 * Registrations of the nearly full demo course (9 of 10 seats taken, some waiting) approved from the
 * home card's link until the course is full; the next approval is refused with the server's message, and
 * the course list reads 10/10 and 已满. Then the screens in the dark theme and in English.
 */
const e2e = serverAndBrowser();
const COURSE = '高效团队管理实战';

const row = (scope: Locator | Page, text: string) => scope.locator('.arco-table-tr', { hasText: text }).first();
/** Waits until the list's cover thumbnails have loaded (a screenshot would show empty tiles). */
const coversLoaded = (page: Page) =>
  page.waitForFunction(() => [...document.querySelectorAll<HTMLImageElement>('.ba-crud-table img')].every((img) => img.complete && img.naturalWidth > 0));

/** Waits until no toast is on screen (they would cover the next screenshot). */
const toastsGone = (page: Page) => page.locator('.arco-message').first().waitFor({ state: 'detached', timeout: 15_000 });

/** The course as the server holds it, read as an integrator's script would. */
async function courseSeats(): Promise<{ id: string; registeredCount: number; capacity: number }> {
  const token = await apiToken(e2e.server.url, '000000', 'admin', 'admin');
  const res = await apiCall(e2e.server.url, token, 'GET', '/api/course/page', { title: COURSE });
  return (res.body.data as { records: { id: string; registeredCount: number; capacity: number }[] }).records[0]!;
}

/** How many of the course's registrations wait for review, as the server counts them. */
async function pendingOf(courseId: string): Promise<number> {
  const token = await apiToken(e2e.server.url, '000000', 'admin', 'admin');
  const res = await apiCall(e2e.server.url, token, 'GET', '/api/course/register/page', { courseId_equal: courseId, status_equal: '0' });
  return (res.body.data as { total: number }).total;
}

/** Waits until the list shows exactly this many rows, each an approvable registration of the course. */
const listed = (page: Page, count: number) =>
  page.waitForFunction(
    ([title, n]) => {
      const rows = [...document.querySelectorAll('.ba-crud-table tbody .arco-table-tr')];
      return rows.length === n && rows.every((r) => r.textContent?.includes(title as string) && r.querySelector('[data-testid="register-move-1"]'));
    },
    [COURSE, count] as const,
  );

/** Approves the first pending registration listed, through its row's button and the confirmation. */
async function approveFirst(page: Page): Promise<void> {
  await page.getByTestId('register-move-1').first().click();
  const confirm = page.locator('.arco-modal', { hasText: '确定通过「' });
  await confirm.waitFor();
  await confirm.getByRole('button', { name: '通过' }).click();
  await confirm.waitFor({ state: 'detached' });
}

describe('course registrations, in the browser', () => {
  test('from the home card to the pending registrations: approved until the course is full, the next refused with the message; the list shows 10/10', async () => {
    const course = await courseSeats();
    expect(course).toEqual(expect.objectContaining({ registeredCount: 9, capacity: 10 }));
    const waiting = await pendingOf(course.id);
    expect(waiting).toBeGreaterThanOrEqual(2);
    const { context, page, problems } = await openPage(e2e.browser, { viewport: { width: 1440, height: 900 } });
    await signIn(page, e2e.server.url);

    const card = page.getByTestId('home-card-course/registrations-to-review');
    await card.getByTestId('course-home-pending').waitFor();
    expect(Number((await card.locator('[data-testid="course-home-pending"] .ba-figure-value').textContent()) ?? '')).toBeGreaterThanOrEqual(10);
    await card.screenshot({ path: `${SHOTS}/course-home-card-zh-light.png` });
    await card.getByRole('link', { name: /去审核/ }).click();
    await page.waitForURL((url) => url.pathname === '/course/register' && url.searchParams.get('list.f.status_equal') === '0');

    // The nearly full course, from the search form's course choices.
    const search = page.getByRole('search', { name: '搜索条件' });
    await formItem(search, '报名课程').locator('.arco-select').click();
    await page.locator('.arco-select-option', { hasText: COURSE }).first().click();
    await search.getByRole('button', { name: '搜索' }).click();
    await page.waitForURL((url) => url.searchParams.has('list.f.courseId_equal'));
    await listed(page, waiting);
    await page.screenshot({ path: `${SHOTS}/course-register-pending-zh-light.png` });

    await approveFirst(page);
    await toast(page, '报名已变为「已通过」').waitFor();
    await listed(page, waiting - 1);
    expect(await courseSeats()).toEqual(expect.objectContaining({ registeredCount: 10, capacity: 10 }));

    await approveFirst(page);
    await toast(page, `课程「${COURSE}」名额已满（10/10）`).waitFor();
    await page.screenshot({ path: `${SHOTS}/course-register-full-zh-light.png` });
    // Still pending, and the seats unchanged.
    await listed(page, waiting - 1);
    expect(await pendingOf(course.id)).toBe(waiting - 1);
    expect(await courseSeats()).toEqual(expect.objectContaining({ registeredCount: 10, capacity: 10 }));

    await page.goto(`${e2e.server.url}/course/list`);
    const full = row(page, COURSE);
    await full.getByTestId('course-seats').waitFor();
    expect(await full.getByTestId('course-seats').textContent()).toBe('10/10已满');
    await toastsGone(page);
    await coversLoaded(page);
    await page.screenshot({ path: `${SHOTS}/course-list-zh-light.png` });
    expect(problems.errors).toEqual([]);
    await context.close();
  });

  test('screenshots: the course list and the registrations, dark and English', async () => {
    const { context, page, problems } = await openPage(e2e.browser, { viewport: { width: 1440, height: 900 } });
    await signIn(page, e2e.server.url);
    await pickTheme(page, true);
    await page.getByTestId('home-card-course/registrations-to-review').getByTestId('course-home-pending').waitFor();
    await page.getByTestId('home-card-course/registrations-to-review').screenshot({ path: `${SHOTS}/course-home-card-zh-dark.png` });
    await page.goto(`${e2e.server.url}/course/list`);
    await row(page, COURSE).getByTestId('course-seats').waitFor();
    await coversLoaded(page);
    await page.screenshot({ path: `${SHOTS}/course-list-zh-dark.png` });

    await pickLanguage(page, 'English');
    await row(page, COURSE).getByRole('button', { name: 'Close', exact: true }).waitFor();
    expect(await row(page, COURSE).getByTestId('course-seats').textContent()).toBe('10/10Full');
    await coversLoaded(page);
    await page.screenshot({ path: `${SHOTS}/course-list-en-dark.png` });

    await page.goto(`${e2e.server.url}/course/register`);
    await row(page, 'Pending').waitFor();
    await page.screenshot({ path: `${SHOTS}/course-register-en-dark.png` });
    await row(page, 'Pending').getByRole('button', { name: 'Approve' }).click();
    const confirm = page.locator('.arco-modal', { hasText: 'Approve the registration of' });
    await confirm.waitFor();
    // The dialog zooms in: shot once it stands still.
    await page.waitForFunction(() => document.getAnimations().every((a) => a.playState !== 'running'));
    await page.screenshot({ path: `${SHOTS}/course-register-confirm-en-dark.png` });
    await confirm.getByRole('button', { name: 'Cancel' }).click();

    await pickTheme(page, false);
    await page.goto(`${e2e.server.url}/course/list`);
    await row(page, COURSE).getByTestId('course-seats').waitFor();
    await coversLoaded(page);
    await page.screenshot({ path: `${SHOTS}/course-list-en-light.png` });
    expect(problems.errors).toEqual([]);
    await context.close();
  });

  test('the course form: seats below the approvals are refused with the server\'s message, and the form keeps what was typed', async () => {
    const { context, page, problems } = await openPage(e2e.browser, { viewport: { width: 1440, height: 900 } });
    await signIn(page, e2e.server.url);
    await page.goto(`${e2e.server.url}/course/list`);
    await row(page, COURSE).getByRole('button', { name: '修改' }).click();
    const dialog = page.getByRole('dialog');
    const capacity = formItem(dialog, '人数上限').locator('input');
    await capacity.waitFor();
    await expect(capacity.inputValue()).resolves.toBe('10');
    await capacity.fill('8');
    await dialog.getByTestId('crud-save').click();
    await toast(page, '容量不能少于已通过的报名人数（10）').waitFor();
    await expect(capacity.inputValue()).resolves.toBe('8');
    await page.waitForFunction(() => document.getAnimations().every((a) => a.playState !== 'running'));
    await page.screenshot({ path: `${SHOTS}/course-form-refused-zh-light.png` });
    expect(await courseSeats()).toEqual(expect.objectContaining({ capacity: 10 }));
    expect(problems.errors).toEqual([]);
    await context.close();
  });
});
