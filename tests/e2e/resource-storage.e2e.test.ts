import { readFile } from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, test } from '@rstest/core';
import type { Page } from 'playwright-core';
import { startS3TestServer, type S3TestServer } from '../../plugins/resource/oss/s3-test-server';
import { apiCall, apiToken } from './api';
import { openPage } from './browser';
import { formItem } from './selectors';
import { pickLanguage, pickTheme, signIn, toast } from './session-helpers';
import { serverAndBrowser, SHOTS } from './suite';

/**
 * Files and where they go, as the administrator lives it: an S3 configuration pointing at a real
 * S3-compatible server (s3rver, every signature checked) is added with a wrong secret and refused at
 * enable with the store's reason, corrected (the saved secret shown masked) and enabled; a file uploaded
 * on the attachment screen, the connection throttled so its progress bar is seen, lands in the bucket
 * and downloads byte for byte; switching back to the local disk keeps its link working. Both themes and
 * languages are looked at.
 */
// The server process inherits this: the test's S3 server listens on 127.0.0.1, an address a tenant may
// only name when the operator allows it.
process.env.OSS_ALLOWED_HOSTS = '127.0.0.1';
const e2e = serverAndBrowser();
let s3: S3TestServer;
beforeAll(async () => {
  s3 = await startS3TestServer({ accessKey: 'AKIDE2ESTORE', secretKey: 'e2e-secret-of-the-bucket', bucket: 'e2e-files' });
});
afterAll(async () => {
  await s3?.close();
});

const CODE = 'e2e-s3';
const FILE_NAME = 'E2E 产品手册.pdf';
/** A 1.5 MB PDF: big enough for its progress to be seen on a throttled connection. */
const PDF = Buffer.concat([Buffer.from('%PDF-1.4\n% '), Buffer.alloc(1_500_000, 0x61), Buffer.from('\n%%EOF\n')]);

const configRow = (page: Page, code: string) => page.locator('.arco-table-tr', { hasText: code }).first();
const toastsGone = (page: Page) => page.locator('.arco-message').first().waitFor({ state: 'detached', timeout: 20_000 });

/** Answers the confirmation box of an enable or a disable. */
async function confirmBox(page: Page, title: string): Promise<void> {
  const box = page.locator('.arco-modal', { hasText: title });
  await box.getByRole('button', { name: '确定' }).click();
  await box.waitFor({ state: 'hidden' });
}

describe('object storage and attachments, in the browser', () => {
  test('an S3 store is refused with a wrong secret, enabled with the right one, takes an upload with visible progress, serves it back, and old links survive a switch back', async () => {
    const token = await apiToken(e2e.server.url, '000000', 'admin', 'admin');
    const { context, page, problems } = await openPage(e2e.browser, { viewport: { width: 1440, height: 900 } });
    await signIn(page, e2e.server.url);

    // The demo starts on the local disk.
    await page.goto(`${e2e.server.url}/resource/oss`);
    await page.getByTestId('oss-in-use').filter({ hasText: '当前上传存入：local' }).waitFor({ timeout: 30_000 });
    await page.screenshot({ path: `${SHOTS}/resource-oss-zh-light.png` });

    // Added with a wrong secret: saved, but refused at enable with the store's reason.
    await page.getByRole('button', { name: '新增' }).click();
    const dialog = page.locator('.arco-modal', { hasText: '新增对象存储' });
    await formItem(dialog, '分类').locator('.arco-select').click();
    await page.locator('.arco-select-option', { hasText: 'S3 兼容存储' }).click();
    await formItem(dialog, '资源编号').locator('input').fill(CODE);
    await formItem(dialog, '资源地址').locator('input').fill(s3.endpoint);
    await formItem(dialog, '空间名').locator('input').fill(s3.bucket);
    await formItem(dialog, '区域').locator('input').fill('us-east-1');
    await formItem(dialog, 'accessKey').locator('input').fill(s3.accessKey);
    await formItem(dialog, 'secretKey').locator('input').fill('a-wrong-secret');
    await dialog.getByTestId('crud-save').click();
    await toast(page, '新增成功').waitFor();
    await configRow(page, CODE).getByRole('button', { name: '启用' }).click();
    await confirmBox(page, '启用存储配置');
    await toast(page, '启用失败，连接测试未通过：secretKey 不正确（签名不匹配）').waitFor({ timeout: 30_000 });
    await page.getByTestId('oss-in-use').filter({ hasText: 'local' }).waitFor();

    // Corrected: the saved secret shows masked; the right one is typed over it, then enabled.
    await configRow(page, CODE).getByRole('button', { name: '修改' }).click();
    const edit = page.locator('.arco-modal', { hasText: '修改对象存储' });
    const secret = formItem(edit, 'secretKey').locator('input');
    await page.waitForFunction(() => [...document.querySelectorAll('.arco-modal input')].some((i) => (i as HTMLInputElement).value === '******'));
    await secret.fill(s3.secretKey);
    await edit.getByTestId('crud-save').click();
    await toast(page, '更新成功').waitFor();
    await configRow(page, CODE).getByRole('button', { name: '启用' }).click();
    await confirmBox(page, '启用存储配置');
    await toast(page, '启用成功，之后上传的文件将存入该配置').waitFor({ timeout: 30_000 });
    await page.getByTestId('oss-in-use').filter({ hasText: `当前上传存入：${CODE}` }).waitFor();
    await toastsGone(page);
    await page.screenshot({ path: `${SHOTS}/resource-oss-s3-enabled-zh-light.png` });

    // Uploaded on the attachment screen over a slow connection: the progress bar is seen moving.
    await page.goto(`${e2e.server.url}/resource/attach`);
    await page.locator('.arco-table-tr').nth(1).waitFor({ timeout: 60_000 }).catch(async (error: unknown) => {
      await page.screenshot({ path: `${SHOTS}/resource-attach-failed.png` });
      throw new Error(`the attachment list did not show: ${String(error)}; page errors: ${problems.errors.join(' | ')}`);
    });
    const cdp = await context.newCDPSession(page);
    await cdp.send('Network.enable');
    await cdp.send('Network.emulateNetworkConditions', { offline: false, latency: 20, downloadThroughput: -1, uploadThroughput: 300 * 1024 });
    await page.getByTestId('attach-upload-input').setInputFiles({ name: FILE_NAME, mimeType: 'application/pdf', buffer: PDF });
    const bar = page.locator('.ba-upload-progress', { hasText: FILE_NAME });
    await bar.waitFor();
    await page.waitForFunction(() => {
      const percent = Number(document.querySelector('.ba-upload-progress')?.getAttribute('data-percent'));
      return percent > 10 && percent < 90;
    }, undefined, { timeout: 30_000 });
    await page.screenshot({ path: `${SHOTS}/resource-attach-progress-zh-light.png` });
    await toast(page, `上传成功：${FILE_NAME}`).waitFor({ timeout: 60_000 });
    await bar.waitFor({ state: 'detached' });
    await cdp.send('Network.emulateNetworkConditions', { offline: false, latency: 0, downloadThroughput: -1, uploadThroughput: -1 });

    // The list shows it kept in the S3 store; the bucket holds its bytes.
    const row = page.locator('.arco-table-tr', { hasText: FILE_NAME }).first();
    await row.filter({ hasText: CODE }).waitFor();
    const listed = await apiCall(e2e.server.url, token, 'GET', '/api/blade-resource/attach/page', { originalName: 'E2E 产品手册' });
    const attach = (listed.body.data as { records: { link: string; name: string; storeName: string; attachSize: number }[] }).records[0]!;
    expect(attach).toMatchObject({ storeName: CODE, attachSize: PDF.length });
    const key = (await s3.keys()).find((k) => k.endsWith(attach.name));
    expect(key).toMatch(/^000000\/\d{4}\/\d{2}\//);
    expect(Buffer.from((await s3.object(key!))!).equals(PDF)).toBe(true);

    // Downloaded through the link, under its original name, byte for byte.
    const [download] = await Promise.all([page.waitForEvent('download', { timeout: 30_000 }), row.getByRole('link', { name: /下载/ }).click()]);
    expect(download.suggestedFilename()).toBe(FILE_NAME);
    expect((await readFile((await download.path())!)).equals(PDF)).toBe(true);
    await toastsGone(page);
    await page.screenshot({ path: `${SHOTS}/resource-attach-zh-light.png` });

    // Back to the local disk: new uploads go there, the file in the bucket is still served.
    await page.goto(`${e2e.server.url}/resource/oss`);
    await configRow(page, 'local').getByRole('button', { name: '启用' }).click();
    await confirmBox(page, '启用存储配置');
    await page.getByTestId('oss-in-use').filter({ hasText: '当前上传存入：local' }).waitFor({ timeout: 30_000 });
    const again = await fetch(`${e2e.server.url}${attach.link}`);
    expect(again.status).toBe(200);
    expect(Buffer.from(await again.arrayBuffer()).equals(PDF)).toBe(true);

    // Read in the dark theme and in English.
    await toastsGone(page);
    await pickTheme(page, true);
    await page.screenshot({ path: `${SHOTS}/resource-oss-zh-dark.png` });
    await pickLanguage(page, 'English');
    await page.getByTestId('oss-in-use').filter({ hasText: 'Uploads go to: local' }).waitFor();
    await page.screenshot({ path: `${SHOTS}/resource-oss-en-dark.png` });
    await page.goto(`${e2e.server.url}/resource/attach`);
    await page.locator('.arco-table-tr', { hasText: FILE_NAME }).first().waitFor();
    await page.screenshot({ path: `${SHOTS}/resource-attach-en-dark.png` });
    await pickTheme(page, false);
    await page.screenshot({ path: `${SHOTS}/resource-attach-en-light.png` });

    expect(problems.errors).toEqual([]);
    await context.close();
  }, 300_000);
});
