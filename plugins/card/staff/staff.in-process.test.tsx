import { describe, expect, it as baseIt, rs } from '@rstest/core';
import { screen, waitFor, within } from '@testing-library/react';
import writeXlsxFile from 'write-excel-file/node';
import { inProcessServer, renderPlugin } from '../../../core/sdk/testing';
import dictPlugin from '../../dict/index';
import dictServer from '../../dict/server';
import cardPlugin from '../index';
import cardServer from '../server';

const it = (name: string, fn: () => Promise<void>) => baseIt(name, fn, 60_000);

/** The staff screen against the real server: the QR dialog, an account made for a staff member, the import's outcome. */
const backend = inProcessServer({ plugins: [dictServer, cardServer] });

const ALL = ['card', 'staff', 'staff_view', 'staff_add', 'staff_edit', 'staff_delete', 'staff_import', 'staff_default', 'staff_phone_user'];

/** The table row showing `text`. */
const rowOf = async (text: string) => (await screen.findByText(text)).closest('tr')!;

/** Files handed to the browser (saveBlob makes an object URL and clicks a link to it). */
function watchDownloads() {
  const saved: { name: string; blob: Blob }[] = [];
  const urls = new Map<string, Blob>();
  const create = rs.spyOn(URL, 'createObjectURL').mockImplementation((blob: Blob | MediaSource) => {
    const url = `blob:test/${urls.size}`;
    urls.set(url, blob as Blob);
    return url;
  });
  const revoke = rs.spyOn(URL, 'revokeObjectURL').mockImplementation(() => undefined);
  const click = rs.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    saved.push({ name: this.download, blob: urls.get(this.href)! });
  });
  return { saved, restore: () => [create, revoke, click].forEach((spy) => spy.mockRestore()) };
}

describe('staff screen (in-process server)', () => {
  it('shows the staff with company and default tag; the QR dialog shows the code, the card link to copy and a download', async () => {
    const downloads = watchDownloads();
    try {
      const app = await renderPlugin(cardPlugin, { backend, route: '/card/staff', with: [dictPlugin], user: { permissions: ALL } });
      const row = await rowOf('陈思远');
      expect(within(row).getByText('布雷德科技')).toBeTruthy();
      expect(within(row).getByText('默认')).toBeTruthy();
      await app.user.click(within(row).getByRole('button', { name: '名片二维码' }));
      const dialog = await screen.findByRole('dialog');
      expect(within(dialog).getByText('陈思远的名片二维码')).toBeTruthy();
      const image = await within(dialog).findByRole('img', { name: '陈思远的名片二维码图片' });
      expect(image.getAttribute('src')).toMatch(/^blob:test\//);
      const link = within(dialog).getByLabelText('名片链接') as HTMLInputElement;
      expect(link.value).toMatch(/^https?:\/\/[^/]+\/card\?t=[\w-]+\.[\w-]+$/);
      await app.user.click(within(dialog).getByRole('button', { name: '下载二维码' }));
      expect(downloads.saved.map((d) => d.name)).toEqual(['陈思远-名片二维码.png']);
      expect(downloads.saved[0]!.blob.type).toBe('image/png');
      expect(app.callsTo('GET /api/staff/info/qrcode')).toHaveLength(1);
    } finally {
      downloads.restore();
    }
  });

  it('a staff member without an account gets one: the dialog shows the account and the initial password once', async () => {
    const app = await renderPlugin(cardPlugin, { backend, route: '/card/staff', with: [dictPlugin], user: { permissions: ALL } });
    const row = await rowOf('林晓雯');
    await app.user.click(within(row).getByRole('button', { name: '开通账号' }));
    const confirm = await screen.findByRole('dialog');
    expect(within(confirm).getByText(/以手机号 13816520002 为「林晓雯」开通登录账号/)).toBeTruthy();
    await app.user.click(within(confirm).getByRole('button', { name: '确定' }));
    expect((await screen.findByTestId('phone-user-account')).textContent).toBe('13816520002');
    expect(screen.getByTestId('phone-user-password').textContent).toBe('Init@123456');
    expect(screen.getByText('角色：用户')).toBeTruthy();
    // The list now shows the account (beside the mobile), and the row offers no second one.
    await waitFor(async () => expect(within(await rowOf('林晓雯')).getAllByText('13816520002')).toHaveLength(2));
    expect(within(await rowOf('林晓雯')).queryByRole('button', { name: '开通账号' })).toBeNull();
  });

  it('an import with a bad row says what happened and hands over the report; an all-good one says how many', async () => {
    const downloads = watchDownloads();
    try {
      const app = await renderPlugin(cardPlugin, { backend, route: '/card/staff', with: [dictPlugin], user: { permissions: ALL } });
      await app.user.click(await screen.findByTestId('staff-import-open'));
      const dialog = await screen.findByRole('dialog');
      const head = ['公司', '姓名', '职位', '部门', '手机', '电话', '邮箱', '微信'];
      const file = async (rows: string[][], name: string) =>
        new File([new Uint8Array(await writeXlsxFile([head, ...rows]).toBuffer())], name, { type: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet' });

      await app.user.upload(within(dialog).getByTestId('staff-import-file'), await file([['布雷德科技', '浏览器导入', '', '', '13655500001', '', '', ''], ['没有这家公司', '坏行', '', '', '13655500002', '', '', '']], 'mixed.xlsx'));
      expect(within(dialog).getByText('mixed.xlsx')).toBeTruthy();
      await app.user.click(within(dialog).getByTestId('staff-import-upload'));
      const outcome = await within(dialog).findByTestId('staff-import-outcome');
      expect(outcome.textContent).toContain('已导入 1 名员工，1 行未导入');
      expect(downloads.saved.map((d) => d.name)).toEqual(['员工导入失败报告.xlsx']);
      expect(await rowOf('浏览器导入')).toBeTruthy();

      await app.user.upload(within(dialog).getByTestId('staff-import-file'), await file([['蓝鲸建筑设计', '全部导入', '', '', '13655500003', '', '', '']], 'good.xlsx'));
      await app.user.click(within(dialog).getByTestId('staff-import-upload'));
      await waitFor(() => expect(within(dialog).getByTestId('staff-import-outcome').textContent).toBe('导入成功：共导入 1 名员工'));
      expect(downloads.saved).toHaveLength(1);
      expect(await rowOf('全部导入')).toBeTruthy();
    } finally {
      downloads.restore();
    }
  });

  it('a reader sees the list and the QR code, and none of the actions that change anything', async () => {
    await renderPlugin(cardPlugin, { backend, route: '/card/staff', with: [dictPlugin], user: { permissions: ['card', 'staff', 'staff_view'] } });
    const row = await rowOf('陈思远');
    expect(within(row).getByRole('button', { name: '名片二维码' })).toBeTruthy();
    expect(within(row).queryByRole('button', { name: '设为默认' })).toBeNull();
    expect(within(row).queryByRole('button', { name: '开通账号' })).toBeNull();
    expect(screen.queryByTestId('staff-import-open')).toBeNull();
    expect(screen.queryByRole('button', { name: '新增' })).toBeNull();
  });
});
