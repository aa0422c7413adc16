import { describe, expect, test } from '@rstest/core';
import { join } from 'node:path';
import type { Locator, Page } from 'playwright-core';
import { apiCall, apiToken } from './api';
import { openPage } from './browser';
import { formItem } from './selectors';
import { pickLanguage, pickTheme, signIn, toast } from './session-helpers';
import { serverAndBrowser, settled, SHOTS } from './suite';

const e2e = serverAndBrowser();

const DEMO = 'plugins/card/demo';
const TITLE = 'e2e 三张图片的相册';

/** Picks `option` in the select of the form item labelled `label`. */
async function pick(page: Page, scope: Locator, label: string, option: string): Promise<void> {
  await formItem(scope, label).locator('.arco-select').click();
  await page.locator('.arco-select-popup:visible .arco-select-option', { hasText: option }).first().click();
}

/**
 * How long the captions are read again until they are in the expected order (a drag re-renders them; an
 * album opened loads its detail first): so long that only a wrong order meets it, and is then reported.
 */
const IN_ORDER_MS = 60_000;

const tiles = (dialog: Locator) => dialog.locator('.ba-album-tile');
const handle = (dialog: Locator, n: number) => tiles(dialog).nth(n).locator('.ba-album-tile-handle');
const captions = async (dialog: Locator) => tiles(dialog).locator('input').evaluateAll((inputs) => inputs.map((i) => (i as HTMLInputElement).value));

/** The list loaded (a demo album in it) with its covers drawn. */
async function listShown(page: Page): Promise<void> {
  await page.locator('.ba-crud-table .arco-table-tr', { hasText: '智慧城市运营中心' }).waitFor();
  await page.waitForFunction(() => !document.querySelector('.ba-crud-table .arco-spin-loading'));
  await page.waitForFunction(() => [...document.querySelectorAll<HTMLImageElement>('.ba-crud-table img')].every((img) => img.complete && img.naturalWidth > 0));
}

describe('case albums, in the browser', () => {
  test('an album of three uploaded pictures, captioned and reordered by dragging and by the keyboard, keeps its order and thumbnails', async () => {
    const { context, page, problems } = await openPage(e2e.browser, { viewport: { width: 1440, height: 1000 } });
    await signIn(page, e2e.server.url);
    await page.goto(`${e2e.server.url}/card/album`);
    await listShown(page);
    await page.screenshot({ path: join(SHOTS, 'card-album-list-zh-light.png') });

    await page.locator('.ba-crud-toolbar').getByRole('button', { name: '新增' }).click();
    const dialog = page.locator('.ba-album-dialog');
    await pick(page, dialog, '所属公司', '布雷德科技');
    await dialog.getByLabel('相册标题').fill(TITLE);
    await pick(page, dialog, '案例分类', '室内设计');

    // Three real files at once: each reaches the board in the order chosen.
    await dialog.getByTestId('album-upload-input').setInputFiles([`${DEMO}/album-1.jpg`, `${DEMO}/album-2.jpg`, `${DEMO}/logo-1.png`]);
    await dialog.getByTestId('album-uploads').getByText('已上传 3 / 3').waitFor();
    await expect(tiles(dialog).count()).resolves.toBe(3);
    for (const [n, text] of ['客厅', '厨房', '标志'].entries()) await dialog.getByLabel(`第 ${n + 1} 张图片的说明`).fill(text);

    // The logo dragged onto the first picture goes first; the kitchen moved one step left from the keyboard.
    await handle(dialog, 2).dragTo(tiles(dialog).nth(0));
    expect(await settled(() => captions(dialog), ['标志', '客厅', '厨房'], IN_ORDER_MS)).toEqual(['标志', '客厅', '厨房']);
    await handle(dialog, 2).focus();
    await page.keyboard.press('Alt+ArrowLeft');
    expect(await settled(() => captions(dialog), ['标志', '厨房', '客厅'], IN_ORDER_MS)).toEqual(['标志', '厨房', '客厅']);
    await expect(page.evaluate(() => document.activeElement?.closest('.ba-album-tile')?.querySelector('input')?.value)).resolves.toBe('厨房'); // the focus moved with it
    await page.screenshot({ path: join(SHOTS, 'card-album-editor-zh-light.png') });

    await dialog.getByTestId('crud-save').click();
    await toast(page, '新增成功').waitFor();
    await dialog.waitFor({ state: 'detached' });

    // As the server keeps it: in that order, each with a thumbnail of its own.
    const token = await apiToken(e2e.server.url, '000000', 'admin', 'admin');
    const found = await apiCall(e2e.server.url, token, 'GET', '/api/case/album/page', { title: TITLE });
    const [row] = (found.body.data as { records: { id: string; imageCount: number }[] }).records;
    expect(row!.imageCount).toBe(3);
    const saved = await apiCall(e2e.server.url, token, 'GET', '/api/case/album/detail', { id: row!.id });
    const { images } = saved.body.data as { images: { link: string; thumbLink: string; caption: string }[] };
    expect(images.map((i) => i.caption)).toEqual(['标志', '厨房', '客厅']);
    for (const image of images) expect(image.thumbLink).not.toBe(image.link);

    // Opened again: the same order and captions, the pictures shown by their thumbnails (320 wide; the 256 logo as it is).
    await page.locator('.ba-crud-table .arco-table-tr', { hasText: TITLE }).getByRole('button', { name: '修改' }).click();
    await tiles(dialog).nth(2).waitFor();
    expect(await settled(() => captions(dialog), ['标志', '厨房', '客厅'], IN_ORDER_MS)).toEqual(['标志', '厨房', '客厅']);
    await page.waitForFunction(() => [...document.querySelectorAll<HTMLImageElement>('.ba-album-tile img')].every((img) => img.complete && img.naturalWidth > 0));
    const shown = await tiles(dialog).locator('img').evaluateAll((imgs) => imgs.map((img) => [img.getAttribute('src'), (img as HTMLImageElement).naturalWidth]));
    expect(shown).toEqual(images.map((image, i) => [image.thumbLink, i === 0 ? 256 : 320]));
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });

    // Viewed: a gallery of the pictures with their captions; a click shows the picture itself, large.
    await page.locator('.ba-crud-table .arco-table-tr', { hasText: TITLE }).getByRole('button', { name: '查看' }).click();
    expect(await settled(() => dialog.locator('.ba-album-tile-caption').allTextContents(), ['标志', '厨房', '客厅'], IN_ORDER_MS)).toEqual(['标志', '厨房', '客厅']);
    await dialog.getByRole('button', { name: '查看大图: 厨房' }).click();
    await page.locator(`.arco-image-preview img[src="${images[1]!.link}"]`).waitFor();
    await page.screenshot({ path: join(SHOTS, 'card-album-preview-zh-light.png') });
    await page.keyboard.press('Escape');
    await page.locator('.arco-image-preview').waitFor({ state: 'hidden' });
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });

    // The list and the editor in dark and in English.
    await pickTheme(page, true);
    await listShown(page);
    await page.screenshot({ path: join(SHOTS, 'card-album-list-zh-dark.png') });
    await page.locator('.ba-crud-table .arco-table-tr', { hasText: TITLE }).getByRole('button', { name: '修改' }).click();
    await tiles(dialog).nth(2).waitFor();
    await page.screenshot({ path: join(SHOTS, 'card-album-editor-zh-dark.png') });
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });

    await pickLanguage(page, 'English');
    await listShown(page);
    await page.screenshot({ path: join(SHOTS, 'card-album-list-en-dark.png') });
    await pickTheme(page, false);
    await page.screenshot({ path: join(SHOTS, 'card-album-list-en-light.png') });
    await page.locator('.ba-crud-table .arco-table-tr', { hasText: TITLE }).getByRole('button', { name: 'Edit' }).click();
    await tiles(dialog).nth(2).waitFor();
    await dialog.getByText('Pictures', { exact: false }).first().waitFor();
    await page.screenshot({ path: join(SHOTS, 'card-album-editor-en-light.png') });

    expect(problems.errors).toEqual([]);
    await context.close();
  });
});
