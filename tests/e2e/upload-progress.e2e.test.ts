import { afterAll, beforeAll, describe, expect, test } from '@rstest/core';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { BrowserContext, Locator, Page } from 'playwright-core';
import sharp from 'sharp';
import { openPage } from './browser';
import { formItem } from './selectors';
import { UNTIL_TEST_LIMIT, pickLanguage, pickTheme, signIn } from './session-helpers';
import { serverAndBrowser, SHOTS } from './suite';

/**
 * Uploads on a slow line: Chromium's network emulation holds the upload to a few kB a second, so each
 * control's progress is seen mid-way (the percent grows), can be cancelled (from the keyboard too) and,
 * once the line is fast again, an upload goes through. Screenshots of each control mid-way.
 */

const e2e = serverAndBrowser();
const DEMO = 'plugins/card/demo';

// Pictures big enough (a couple of hundred kB, under the 500 kB limit) for the throttled line to take
// seconds over them: noise does not compress. Chromium sends a few tens of kB at once whatever the speed.
let dir: string;
const photo = () => join(dir, 'photo.jpg');
const logoPng = () => join(dir, 'logo.png');
beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'upload-progress-'));
  const noise = (size: number) => sharp({ create: { width: size, height: size, channels: 3, background: '#808080', noise: { type: 'gaussian', mean: 128, sigma: 40 } } });
  await noise(480).jpeg({ quality: 95 }).toFile(photo());
  await noise(300).png().toFile(logoPng());
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** Holds this page's uploads to `bytesPerSecond` (-1: no limit); downloads are left alone. */
async function uploadSpeed(context: BrowserContext, page: Page, bytesPerSecond: number): Promise<void> {
  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.emulateNetworkConditions', { offline: false, latency: 0, downloadThroughput: -1, uploadThroughput: bytesPerSecond });
}

/**
 * Waits until the bar is past `above` and short of 100, and gives that percent (its progressbar's
 * aria-valuenow). The value is looked at on every frame in the page, so that no step of a quick upload
 * slips between two looks; an upload that ends (or a bar that goes) first fails at once.
 */
async function midway(bar: Locator, above = 0): Promise<number> {
  const seen = await bar.getByRole('progressbar').evaluate(
    (element, floor) =>
      new Promise<number | null>((done) => {
        const look = () => {
          const percent = Number(element.getAttribute('aria-valuenow'));
          if (!element.isConnected) done(null);
          else if (percent > floor) done(percent);
          else requestAnimationFrame(look);
        };
        look();
      }),
    above,
    UNTIL_TEST_LIMIT,
  );
  if (seen === null || seen >= 100) throw new Error(`the upload went past ${above}% to ${seen === null ? 'its end' : `${seen}%`} without being seen in between`);
  return seen;
}

describe('uploads show how far they are', () => {
  test('album editor: a picture on a slow line shows its percent growing, is cancelled, and the next one goes through', async () => {
    const { context, page, problems } = await openPage(e2e.browser, { viewport: { width: 1440, height: 1000 } });
    await signIn(page, e2e.server.url);
    await page.goto(`${e2e.server.url}/card/album`);
    await page.locator('.ba-crud-toolbar').getByRole('button', { name: '新增' }).waitFor();
    await page.locator('.ba-crud-toolbar').getByRole('button', { name: '新增' }).click();
    const dialog = page.locator('.ba-album-dialog');
    await dialog.getByTestId('album-upload-input').waitFor({ state: 'attached' });

    await uploadSpeed(context, page, 16 * 1024); // the photo is about 190 kB: some ten seconds
    await dialog.getByTestId('album-upload-input').setInputFiles([photo(), `${DEMO}/album-2.jpg`]);
    const uploads = dialog.getByTestId('album-uploads');
    const bar = uploads.getByRole('group', { name: 'photo.jpg' });
    const first = await midway(bar);
    const later = await midway(bar, first);
    expect(later).toBeGreaterThan(first);
    await expect(uploads.getByText('等待上传').count()).resolves.toBe(1);
    await page.screenshot({ path: join(SHOTS, 'upload-progress-album-zh-light.png') });

    // Both stopped: the one being sent and the one waiting; nothing reaches the board.
    await uploads.getByRole('button', { name: '取消上传album-2.jpg' }).click();
    await bar.getByRole('button', { name: '取消上传photo.jpg' }).click();
    await uploads.getByText('已取消上传').nth(1).waitFor();
    await expect(uploads.getByText('已取消上传').count()).resolves.toBe(2);
    await expect(dialog.locator('.ba-album-tile').count()).resolves.toBe(0);

    await uploadSpeed(context, page, -1);
    await dialog.getByTestId('album-upload-input').setInputFiles(`${DEMO}/album-3.jpg`);
    await uploads.getByText('已上传 1 / 3').waitFor();
    await expect(dialog.locator('.ba-album-tile').count()).resolves.toBe(1);
    expect(problems.errors).toEqual([]);
    await context.close();
  });

  test('an image field (a company logo), dark and in English: the tile shows the percent, and Enter on the focused cancel button stops it', async () => {
    const { context, page, problems } = await openPage(e2e.browser, { viewport: { width: 1440, height: 1000 } });
    await signIn(page, e2e.server.url);
    await page.goto(`${e2e.server.url}/card/company`);
    await pickTheme(page, true);
    await pickLanguage(page, 'English');
    await page.locator('.ba-crud-toolbar').getByRole('button', { name: 'Add' }).click();
    const dialog = page.locator('.ba-crud-dialog');
    const logo = formItem(dialog, 'Logo');
    await logo.locator('input[type="file"]').waitFor({ state: 'attached' });

    await uploadSpeed(context, page, 20 * 1024); // the logo is about 250 kB
    // As from the keyboard: the upload button has the focus when the file is chosen.
    await logo.getByRole('button', { name: 'Upload the Logo' }).focus();
    await logo.locator('input[type="file"]').setInputFiles(logoPng());
    const bar = logo.getByRole('group', { name: 'logo.png' });
    const first = await midway(bar);
    await midway(bar, first);
    await logo.screenshot({ path: join(SHOTS, 'upload-progress-image-en-dark.png') });
    await dialog.screenshot({ path: join(SHOTS, 'upload-progress-image-dialog-en-dark.png') });

    // The cancel button took the focus when the upload started: Enter stops it, and the picker is back.
    await expect(page.evaluate(() => document.activeElement?.getAttribute('aria-label'))).resolves.toBe('Cancel uploading logo.png');
    await page.keyboard.press('Enter');
    await logo.getByRole('button', { name: 'Upload the Logo' }).waitFor();
    await expect(logo.locator('img').count()).resolves.toBe(0);
    await expect(logo.locator('.ba-image-error').count()).resolves.toBe(0);

    await uploadSpeed(context, page, -1);
    await logo.locator('input[type="file"]').setInputFiles(`${DEMO}/logo-2.png`);
    await logo.locator('img').waitFor();
    expect(problems.errors).toEqual([]);
    await context.close();
  });

  test('an attachment of 600 kB on a slow line: its bar with the file name and percent, then the file in the form', async () => {
    const pdf = join(dir, '合作方案.pdf');
    // A real PDF head (the server checks the kind by the bytes), padded with a comment to 600 kB.
    writeFileSync(pdf, Buffer.concat([Buffer.from('%PDF-1.4\n%'), Buffer.alloc(600 * 1024, 0x61), Buffer.from('\n1 0 obj << >> endobj\ntrailer << >>\n%%EOF\n')]));
    {
      const { context, page, problems } = await openPage(e2e.browser, { viewport: { width: 1440, height: 1000 } });
      await signIn(page, e2e.server.url);
      await page.goto(`${e2e.server.url}/visit/attach`);
      await page.locator('.ba-crud-toolbar').getByRole('button', { name: '新增' }).click();
      const dialog = page.locator('.ba-crud-dialog');
      await dialog.locator('input[type="file"]').waitFor({ state: 'attached' });

      await uploadSpeed(context, page, 60 * 1024);
      await dialog.locator('input[type="file"]').setInputFiles(pdf);
      const bar = dialog.getByRole('group', { name: '合作方案.pdf' });
      const first = await midway(bar);
      await midway(bar, first);
      await expect(bar.getByText(/^已上传 \d+%$/).count()).resolves.toBe(1);
      await dialog.screenshot({ path: join(SHOTS, 'upload-progress-attach-zh-light.png') });

      await bar.waitFor({ state: 'detached', timeout: 30_000 });
      await dialog.locator('.ba-attach-file-current', { hasText: '合作方案.pdf' }).waitFor();
      await expect(dialog.getByPlaceholder('请输入附件名称').inputValue()).resolves.toBe('合作方案');
      expect(problems.errors).toEqual([]);
      await context.close();
    }
  });
});
