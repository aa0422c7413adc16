import { describe, expect, test } from '@rstest/core';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import readXlsxFile from 'read-excel-file/node';
import writeXlsxFile from 'write-excel-file/node';
import { apiCall, apiToken } from './api';
import { openPage } from './browser';
import { pickLanguage, pickTheme, signIn, toast } from './session-helpers';
import { serverAndBrowser, SHOTS } from './suite';

const e2e = serverAndBrowser();

const NEW = 'e2e 员工';
const NEW_MOBILE = '13699990001';
const BAD = 'e2e 坏行';

const row = (page: Page, text: string) => page.locator('.ba-crud-table .arco-table-tr', { hasText: text });

/** The list with its avatars drawn. */
async function listShown(page: Page): Promise<void> {
  await page.locator('.ba-crud-table .arco-table-tr').nth(1).waitFor();
  await page.waitForFunction(() => [...document.querySelectorAll<HTMLImageElement>('.ba-crud-table img')].every((img) => img.complete && img.naturalWidth > 0));
}

/** The first sheet of a downloaded workbook. */
async function readDownload(path: string) {
  return (await readXlsxFile(readFileSync(path)))[0]!.data.map((r) => r.map((cell) => (cell === null ? '' : String(cell))));
}

/** What a screen of the staff looks like now, in light and dark, Chinese and English; back to light Chinese. */
async function screenshots(page: Page, name: string, ready: () => Promise<void>): Promise<void> {
  await ready();
  await page.screenshot({ path: join(SHOTS, `${name}-zh-light.png`) });
  await pickTheme(page, true);
  await ready();
  await page.screenshot({ path: join(SHOTS, `${name}-zh-dark.png`) });
  await pickLanguage(page, 'English');
  await ready();
  await page.screenshot({ path: join(SHOTS, `${name}-en-dark.png`) });
  await pickTheme(page, false);
  await ready();
  await page.screenshot({ path: join(SHOTS, `${name}-en-light.png`) });
  await pickLanguage(page, '中文');
}

describe('staff, in the browser', () => {
  test('imported from Excel (the bad row reported), given a phone user, made its company’s default; the QR code shown', async () => {
    const { context, page, problems } = await openPage(e2e.browser, { viewport: { width: 1440, height: 1000 } });
    await signIn(page, e2e.server.url);
    await page.goto(`${e2e.server.url}/card/staff`);
    await listShown(page);
    await row(page, '陈思远').getByText('默认', { exact: true }).waitFor();

    // The template, in Chinese, with an example row.
    await page.getByTestId('staff-import-open').click();
    const dialog = page.locator('.card-staff-import');
    const [template] = await Promise.all([page.waitForEvent('download'), dialog.getByTestId('staff-import-template').click()]);
    expect(template.suggestedFilename()).toBe('员工导入模板.xlsx');
    const [head, example] = await readDownload((await template.path())!);
    expect(head).toEqual(['公司', '姓名', '职位', '部门', '手机', '电话', '邮箱', '微信']);
    expect(example![0]).toBe('布雷德科技');

    // A file with a good row and a bad one.
    const folder = mkdtempSync(join(tmpdir(), 'staff-import-'));
    const file = join(folder, '员工.xlsx');
    const data = [head!, ['布雷德科技', NEW, '解决方案顾问', '市场销售部', NEW_MOBILE, '021-50801999', 'e2e@example.com', 'e2e_wx'], ['布雷德科技', BAD, '', '', '1369999', '', '', '']];
    writeFileSync(file, new Uint8Array(await writeXlsxFile(data).toBuffer()));
    await dialog.getByTestId('staff-import-file').setInputFiles(file);
    await dialog.getByText('员工.xlsx').waitFor();
    const [report] = await Promise.all([page.waitForEvent('download'), dialog.getByTestId('staff-import-upload').click()]);
    expect(report.suggestedFilename()).toBe('员工导入失败报告.xlsx');
    const [reportHead, rejected, ...more] = await readDownload((await report.path())!);
    expect(reportHead![0]).toBe('行号');
    expect(rejected).toEqual(['3', '布雷德科技', BAD, '', '', '1369999', '', '', '', '手机号码长度不为11位']);
    expect(more).toEqual([]);
    await dialog.getByTestId('staff-import-outcome').getByText('已导入 1 名员工，1 行未导入').waitFor();
    await page.screenshot({ path: join(SHOTS, 'card-staff-import-zh-light.png') });
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });

    // The good row is listed; the bad one is not.
    await row(page, NEW).getByText('布雷德科技').waitFor();
    await expect(row(page, BAD).count()).resolves.toBe(0);

    // A phone user: the dialog shows the account and the initial password.
    await row(page, NEW).getByRole('button', { name: '开通账号' }).click();
    const confirm = page.locator('.arco-modal', { hasText: `将以手机号 ${NEW_MOBILE} 为「${NEW}」开通登录账号` });
    await confirm.getByRole('button', { name: '确定' }).click();
    const made = page.locator('.card-staff-phone-user');
    await expect(made.getByTestId('phone-user-account').textContent()).resolves.toBe(NEW_MOBILE);
    await expect(made.getByTestId('phone-user-password').textContent()).resolves.toBe('Init@123456');
    await page.screenshot({ path: join(SHOTS, 'card-staff-phone-user-zh-light.png') });
    await made.getByRole('button', { name: '关闭' }).click();
    await made.waitFor({ state: 'detached' });
    await expect(row(page, NEW).getByText(NEW_MOBILE).count()).resolves.toBe(2); // the mobile and the account
    await expect(row(page, NEW).getByRole('button', { name: '开通账号' }).count()).resolves.toBe(0);

    // Made the default card of 布雷德科技: the tag moves from 陈思远.
    await row(page, NEW).getByRole('button', { name: '设为默认' }).click();
    await page.locator('.arco-modal', { hasText: `确定将「${NEW}」设为其公司的默认名片？` }).getByRole('button', { name: '确定' }).click();
    await toast(page, '已设为默认名片').waitFor();
    await row(page, NEW).getByText('默认', { exact: true }).waitFor();
    await expect(row(page, '陈思远').getByText('默认', { exact: true }).count()).resolves.toBe(0);

    // As the server keeps it; the new account signs in.
    const token = await apiToken(e2e.server.url, '000000', 'admin', 'admin');
    const found = (await apiCall(e2e.server.url, token, 'GET', '/api/staff/info/page', { mobile: NEW_MOBILE })).body.data as { records: Record<string, unknown>[] };
    expect(found.records).toHaveLength(1);
    expect(found.records[0]).toMatchObject({ name: NEW, isDefault: 1, userAccount: NEW_MOBILE, position: '解决方案顾问' });
    expect(await apiToken(e2e.server.url, '000000', NEW_MOBILE, 'Init@123456')).toBeTruthy();

    await screenshots(page, 'card-staff-list', () => listShown(page));

    // The QR dialog (opened from the list in each theme and language): the code and the card link.
    const qr = page.locator('.card-staff-qr');
    const qrShown = async () => {
      await page.waitForFunction(() => {
        const img = document.querySelector<HTMLImageElement>('.card-staff-qr-image');
        return !!img && img.complete && img.naturalWidth >= 400;
      });
    };
    const openQr = async (label: string) => {
      await listShown(page);
      await row(page, NEW).getByRole('button', { name: label }).click();
      await qrShown();
    };
    const closeQr = async () => {
      await page.keyboard.press('Escape');
      await qr.waitFor({ state: 'detached' });
    };
    await openQr('名片二维码');
    await expect(qr.getByRole('textbox').inputValue()).resolves.toMatch(/\/card\?t=[\w-]+\.[\w-]+$/);
    const [png] = await Promise.all([page.waitForEvent('download'), qr.getByRole('button', { name: '下载二维码' }).click()]);
    expect(png.suggestedFilename()).toBe(`${NEW}-名片二维码.png`);
    expect([...readFileSync((await png.path())!).subarray(0, 4)]).toEqual([0x89, 0x50, 0x4e, 0x47]);
    await page.screenshot({ path: join(SHOTS, 'card-staff-qr-zh-light.png') });
    await closeQr();
    await pickTheme(page, true);
    await openQr('名片二维码');
    await page.screenshot({ path: join(SHOTS, 'card-staff-qr-zh-dark.png') });
    await closeQr();
    await pickLanguage(page, 'English');
    await openQr('Card QR code');
    await qr.getByText(`Card QR code of ${NEW}`).waitFor();
    await page.screenshot({ path: join(SHOTS, 'card-staff-qr-en-dark.png') });
    await closeQr();
    await pickTheme(page, false);
    await openQr('Card QR code');
    await page.screenshot({ path: join(SHOTS, 'card-staff-qr-en-light.png') });
    await closeQr();
    await pickLanguage(page, '中文');

    // The edit form of a demo card: its avatar, company and contacts.
    await listShown(page);
    await row(page, '陈思远').getByRole('button', { name: '修改' }).click();
    const form = page.locator('.ba-crud-dialog');
    await form.getByText('上传').or(form.locator('img')).first().waitFor();
    await page.waitForFunction(() => [...document.querySelectorAll<HTMLImageElement>('.ba-crud-dialog img')].every((img) => img.complete && img.naturalWidth > 0));
    await page.screenshot({ path: join(SHOTS, 'card-staff-form-zh-light.png') });
    await page.keyboard.press('Escape');
    await form.waitFor({ state: 'detached' });

    // The super administrator's view of every tenant's staff.
    await page.goto(`${e2e.server.url}/system/staff`);
    await listShown(page);
    await page.screenshot({ path: join(SHOTS, 'card-system-staff-zh-light.png') });
    await page.getByPlaceholder('请输入姓名').fill('郑嘉怡');
    await page.getByRole('button', { name: '搜索', exact: true }).click();
    await row(page, '郑嘉怡').getByText('演示租户').waitFor();
    await row(page, '郑嘉怡').getByText('云杉家居').waitFor();
    await expect(page.locator('.ba-crud-table .arco-table-tr').count()).resolves.toBe(2); // the header and the one row

    expect(problems.errors).toEqual([]);
    await context.close();
  });
});
