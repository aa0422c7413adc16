import { describe, expect, test } from '@rstest/core';
import type { Locator, Page } from 'playwright-core';
import { apiCall, apiToken } from './api';
import { openPage } from './browser';
import { pickLanguage, pickTheme, signIn } from './session-helpers';
import { serverAndBrowser, SHOTS } from './suite';

const e2e = serverAndBrowser();

const CHART_CALL = '/api/visit/info/system/chart';

interface Chart {
  startDate: string;
  endDate: string;
  days: { date: string; pv: number; uv: number }[];
  topStaff: { staffId: string; staffName: string; count: number }[];
  totals: { pv: number; visitors: number };
}

/** The browser's today (the server runs on the same machine, so in the same zone). */
function today(): string {
  const now = new Date();
  return `${now.getFullYear()}-${String(now.getMonth() + 1).padStart(2, '0')}-${String(now.getDate()).padStart(2, '0')}`;
}
const addDays = (date: string, days: number) => new Date(Date.parse(`${date}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);

/** The statistics as an integrator's script reads them, as the admin of tenant 000000. */
async function chartOf(query: Record<string, string>): Promise<Chart> {
  const token = await apiToken(e2e.server.url, '000000', 'admin', 'admin');
  const res = await apiCall(e2e.server.url, token, 'GET', CHART_CALL, query);
  expect(res.body.success).toBe(true);
  return res.body.data as Chart;
}

/** The query of every statistics call the page makes, from now on. */
function chartCalls(page: Page): Record<string, string>[] {
  const seen: Record<string, string>[] = [];
  page.on('request', (request) => {
    const url = new URL(request.url());
    if (url.pathname === CHART_CALL) seen.push(Object.fromEntries(url.searchParams));
  });
  return seen;
}

const figure = async (page: Page, id: string) =>
  Number(((await page.locator(`[data-testid="visit-figure-${id}"] .visit-figure-value`).textContent()) ?? '').replace(/[,\s]/g, ''));

/**
 * Waits until the three charts have drawn on their canvases what the page now shows: their skeletons gone
 * and no redraw (a new range, staff member, theme or language) still moving their marks.
 */
async function chartsDrawn(page: Page): Promise<void> {
  await page.locator('[data-testid="visit-chart-page"] .chart-kit-canvas canvas').nth(2).waitFor();
  await page.waitForFunction(() => {
    const charts = [...document.querySelectorAll('[data-testid="visit-chart-page"] .chart-kit-canvas')];
    return charts.length === 3 && charts.every((chart) => chart.getAttribute('data-state') === 'drawn') && document.querySelectorAll('.chart-kit-skeleton').length === 0;
  });
}

/**
 * Where, along the canvas's column at `across` of its width, the first bar from the top is drawn (its
 * middle, in page pixels): the first run of coloured pixels, as the axis, the grid and the labels are grey.
 */
async function firstBarAt(canvas: Locator, across: number): Promise<{ x: number; y: number }> {
  const box = (await canvas.boundingBox())!;
  const y = await canvas.evaluate((element, fraction) => {
    const drawing = element as HTMLCanvasElement;
    const scale = drawing.width / drawing.getBoundingClientRect().width;
    const column = drawing.getContext('2d')!.getImageData(Math.round(drawing.width * fraction), 0, 1, drawing.height).data;
    const coloured = (row: number) => {
      const [r, g, b, a] = column.slice(row * 4, row * 4 + 4);
      return a! > 200 && Math.max(r!, g!, b!) - Math.min(r!, g!, b!) > 80;
    };
    let top = 0;
    while (top < drawing.height && !coloured(top)) top++;
    let bottom = top;
    while (bottom < drawing.height && coloured(bottom)) bottom++;
    return top < drawing.height ? (top + bottom) / 2 / scale : null;
  }, across);
  if (y === null) throw new Error(`no bar is drawn at ${across * 100}% of the chart's width`);
  return { x: box.x + box.width * across, y: box.y + y };
}

describe('visit statistics and the home cards, in the browser', () => {
  test('the figures and the line follow the date range, a staff member picked from the select and from the bars', async () => {
    const { context, page, problems } = await openPage(e2e.browser, { viewport: { width: 1440, height: 1000 } });
    const calls = chartCalls(page);
    await signIn(page, e2e.server.url);
    // The home cards read the defaults ({}); let them finish so only the statistics page's calls are counted.
    await page.locator('[data-testid="visit-trend-total"]').waitFor();
    calls.length = 0;
    await page.goto(`${e2e.server.url}/visit/chart`);
    await chartsDrawn(page);

    // The last 30 days, as the server counts them.
    const end = today();
    const month = await chartOf({ startDate: addDays(end, -29), endDate: end });
    expect(month.totals.pv).toBeGreaterThan(0);
    expect(calls[0]).toEqual({ startDate: addDays(end, -29), endDate: end });
    expect(await figure(page, 'pv')).toBe(month.totals.pv);
    expect(await figure(page, 'visitors')).toBe(month.totals.visitors);
    const trendLabel = async () => page.locator('[data-testid="visit-panel-trend"] .chart-kit-canvas').getAttribute('aria-label');
    expect(await trendLabel()).toContain(`${addDays(end, -29)} 至 ${end}`);

    // Seven days: other figures, another line.
    await page.locator('.visit-filters label', { hasText: '近7天' }).click();
    const week = await chartOf({ startDate: addDays(end, -6), endDate: end });
    await page.waitForFunction((pv) => document.querySelector('[data-testid="visit-figure-pv"] .visit-figure-value')?.textContent?.replace(/,/g, '') === String(pv), week.totals.pv);
    expect(week.totals.pv).toBeLessThan(month.totals.pv);
    expect(calls).toContainEqual({ startDate: addDays(end, -6), endDate: end });
    expect(new URL(page.url()).searchParams.get('chart.from')).toBe(addDays(end, -6));
    expect(await trendLabel()).toContain(`${addDays(end, -6)} 至 ${end}`);
    await chartsDrawn(page);
    await page.screenshot({ path: `${SHOTS}/visit-chart-7days.png`, fullPage: true });

    // One staff member from the select: the second most visited, so the bars can pick another.
    const [first, second] = week.topStaff;
    expect(second).toBeDefined();
    await page.getByRole('combobox', { name: '员工' }).click();
    await page.locator('.arco-select-option', { hasText: second!.staffName }).first().click();
    await page.waitForFunction((pv) => document.querySelector('[data-testid="visit-figure-pv"] .visit-figure-value')?.textContent?.replace(/,/g, '') === String(pv), second!.count);
    expect(calls.at(-2)).toEqual({ startDate: addDays(end, -6), endDate: end, staffId: second!.staffId });
    const alone = await chartOf({ startDate: addDays(end, -6), endDate: end, staffId: second!.staffId });
    expect(await figure(page, 'visitors')).toBe(alone.totals.visitors);

    // Everyone again, then the most visited person's bar (the top bar, the longest).
    await page.locator('.visit-select').nth(1).hover();
    await page.locator('.visit-select').nth(1).locator('.arco-select-clear-icon').click();
    await page.waitForFunction((pv) => document.querySelector('[data-testid="visit-figure-pv"] .visit-figure-value')?.textContent?.replace(/,/g, '') === String(pv), week.totals.pv);
    await chartsDrawn(page);
    // The bars start after the names' axis, and the first (the longest) reaches past the middle.
    const bar = await firstBarAt(page.locator('[data-testid="visit-panel-top-staff"] .chart-kit-canvas canvas'), 0.45);
    await page.mouse.click(bar.x, bar.y);
    await page.waitForFunction(() => new URL(location.href).searchParams.has('chart.staff'));
    expect(new URL(page.url()).searchParams.get('chart.staff')).toBe(first!.staffId);
    await page.waitForFunction((pv) => document.querySelector('[data-testid="visit-figure-pv"] .visit-figure-value')?.textContent?.replace(/,/g, '') === String(pv), first!.count);
    expect(calls.at(-2)).toEqual({ startDate: addDays(end, -6), endDate: end, staffId: first!.staffId });
    expect(await page.locator('.visit-select').nth(1).textContent()).toContain(first!.staffName);

    // A reload opens the same view.
    await page.reload();
    await chartsDrawn(page);
    expect(await figure(page, 'pv')).toBe(first!.count);
    expect(problems.errors).toEqual([]);
    await context.close();
  });

  test('screenshots: the statistics and the home cards, light and dark, zh and en', async () => {
    // Tall enough for the whole statistics screen (the layout scrolls inside, so a full-page shot would not).
    const { context, page, problems } = await openPage(e2e.browser, { viewport: { width: 1440, height: 1480 } });
    const scripts: Promise<string>[] = [];
    page.on('response', (response) => {
      if (response.request().resourceType() === 'script') scripts.push(response.text().catch(() => ''));
    });
    await signIn(page, e2e.server.url);
    const home = page.locator('[data-testid="home-card-visit/visits-30-days"] .visit-sparkline');
    await home.waitFor();
    // The sparkline is SVG: G2 (over 1 MB) is not downloaded for the home page.
    await page.waitForLoadState('networkidle');
    const homeScripts = await Promise.all(scripts);
    expect(homeScripts.some((code) => code.includes('visit-today-'))).toBe(true);
    expect(homeScripts.filter((code) => code.includes('g2-tooltip'))).toEqual([]);
    // Nor the CRUD kit: a card imports the kernel from core/sdk/home, so the home page carries no table, form,
    // grid or result code (Arco names each by a display name only its code holds).
    const heavy = homeScripts.flatMap((code) => [...code.matchAll(/displayName\s*=\s*["'](Table|FormItem|Row|Col|GridItem|Result)["']/g)].map((m) => m[1]));
    expect(heavy).toEqual([]);
    const todayCard = page.locator('[data-testid="home-card-visit/visitors-today"]');
    await todayCard.locator('[data-testid="visit-today-pv"]').waitFor();
    // The card's figures are the server's last two days.
    const month = await chartOf({});
    const [yesterday, now] = month.days.slice(-2);
    expect(Number(await todayCard.locator('[data-testid="visit-today-pv"] .ba-figure-value').textContent())).toBe(now!.pv);
    expect(await todayCard.locator('[data-testid="visit-today-pv"] .ba-figure-yesterday').textContent()).toBe(`昨日 ${yesterday!.pv}`);
    await page.screenshot({ path: `${SHOTS}/visit-home-light-zh.png`, fullPage: true });

    await pickTheme(page, true);
    await page.screenshot({ path: `${SHOTS}/visit-home-dark-zh.png`, fullPage: true });
    await page.goto(`${e2e.server.url}/visit/chart`);
    await chartsDrawn(page);
    await page.screenshot({ path: `${SHOTS}/visit-chart-dark-zh.png`, fullPage: true });

    await pickLanguage(page, 'English');
    await page.locator('[data-testid="visit-figure-pv"]', { hasText: 'Visits (PV)' }).waitFor();
    await chartsDrawn(page);
    expect(await page.locator('[data-testid="visit-panel-trend"] .chart-kit-canvas').getAttribute('aria-label')).toContain('Line chart of visits and visitors per day');
    await page.screenshot({ path: `${SHOTS}/visit-chart-dark-en.png`, fullPage: true });

    await pickTheme(page, false);
    await chartsDrawn(page);
    await page.screenshot({ path: `${SHOTS}/visit-chart-light-en.png`, fullPage: true });
    // 90 days: the axis keeps the dates it has room for.
    await page.locator('.visit-filters label', { hasText: '90 days' }).click();
    await page.waitForFunction(() => document.querySelector('[data-testid="visit-figure-per-day"]')?.textContent?.includes('90 days'));
    await chartsDrawn(page);
    await page.screenshot({ path: `${SHOTS}/visit-chart-90days-en.png`, fullPage: true });
    // The same figures as tables, for whoever cannot read a chart.
    await page.locator('.visit-mode label', { hasText: 'Table' }).click();
    await page.locator('[data-testid="visit-panel-trend"] .arco-table-tr').nth(30).waitFor();
    await page.screenshot({ path: `${SHOTS}/visit-chart-table-en.png`, fullPage: true });

    await page.goto(`${e2e.server.url}/wel/index`);
    await home.waitFor();
    await page.screenshot({ path: `${SHOTS}/visit-home-light-en.png`, fullPage: true });
    await pickLanguage(page, '中文');
    await page.goto(`${e2e.server.url}/visit/chart`);
    await chartsDrawn(page);
    await page.screenshot({ path: `${SHOTS}/visit-chart-light-zh.png`, fullPage: true });
    expect(problems.errors).toEqual([]);
    await context.close();
  });

  test('the demo user may read the statistics; the statistics code is needed for the call', async () => {
    const token = await apiToken(e2e.server.url, '000000', 'demo', 'demo');
    const res = await apiCall(e2e.server.url, token, 'GET', CHART_CALL);
    expect(res.body.success).toBe(true);
    const { context, page } = await openPage(e2e.browser);
    await signIn(page, e2e.server.url, { tenantId: '000000', username: 'demo', password: 'demo' });
    await page.locator('[data-testid="home-card-visit/visitors-today"] [data-testid="visit-today-pv"]').waitFor();
    await context.close();
  });
});
