import { describe, expect, it as baseIt } from '@rstest/core';
import { screen, waitFor, within } from '@testing-library/react';
import type { ServerPlugin } from '../../../core/sdk/server';
import { drawerOpened, inProcessServer, renderPlugin } from '../../../core/sdk/testing';
import dictPlugin from '../../dict/index';
import dictServer from '../../dict/server';
import certificatePlugin from '../index';
import certificateServer from '../server';
import { ORDER_CODE } from './codes';
import { maskIdNumber } from './id-number';

const it = (name: string, fn: () => Promise<void>) => baseIt(name, fn, 60_000);

/**
 * The certificate order screen against the real server: the demo orders with their states as tags and
 * the ID numbers masked for a viewer, the details drawer with the payment history, an edit of a paid
 * order (only the remark), an edit by someone shown masked numbers (the number left as stored), the
 * export of the filtered orders, and the screen without the codes.
 */
const commerceTopMenu: ServerPlugin = {
  manifest: { id: 'mall', name: { zh: '商城管理', en: 'Mall' }, topMenus: [{ code: 'top_mall', name: { zh: '商城业务', en: 'Commerce' }, icon: 'shop', sort: 0, menus: [] }] },
};
const backend = inProcessServer({ plugins: [dictServer, commerceTopMenu, certificateServer] });

const VIEW = [ORDER_CODE.menu, ORDER_CODE.view];
const EDIT = [...VIEW, `${ORDER_CODE.menu}_edit`];

const rowOf = async (text: string) => (await screen.findByText(text)).closest('tr') as HTMLElement;
const stored = async (name: string) => {
  const server = await backend.server();
  return (await server.ctx.db.system((tx) => tx.one<Record<string, unknown>>(`select * from xh_certificate_order where tenant_id = '000000' and name = $1`, [name])))!;
};

describe('certificate order screen (in-process server)', () => {
  it('lists the demo orders with their states as tags and the ID numbers masked; a viewer gets no add, edit or export', async () => {
    await renderPlugin(certificatePlugin, { backend, route: '/certificate/order', with: [dictPlugin], user: { permissions: VIEW } });
    const row = await rowOf('陈静');
    const order = await stored('陈静');
    expect(within(row).getByText(maskIdNumber(String(order.id_number)))).toBeTruthy();
    expect(within(row).getByText('已支付').closest('.arco-tag')?.className).toContain('green');
    expect(within(row).getByText('已发货').closest('.arco-tag')?.className).toContain('green');
    expect(within(row).getByText('¥99.00')).toBeTruthy();
    expect(within(row).getByText(String(order.order_no))).toBeTruthy();
    await waitFor(() => expect(within(row).getByText('荣誉证书')).toBeTruthy());
    expect(within(await rowOf('黄敏')).getByText('已关闭').closest('.arco-tag')?.className).toContain('gray');
    expect(screen.queryByRole('button', { name: '新增' })).toBeNull();
    expect(screen.queryByRole('button', { name: '导出' })).toBeNull();
    expect(within(row).queryByRole('button', { name: '修改' })).toBeNull();
  });

  it('the details drawer shows the order, masked, and its payment history', async () => {
    const app = await renderPlugin(certificatePlugin, { backend, route: '/certificate/order', with: [dictPlugin], user: { permissions: VIEW } });
    const order = await stored('陈静');
    await app.user.click(within(await rowOf('陈静')).getByRole('button', { name: String(order.order_no) }));
    const drawer = await drawerOpened((await screen.findByText(`订单 ${String(order.order_no)}`)).closest('.arco-drawer') as HTMLElement);
    expect(await within(drawer).findByText(maskIdNumber(String(order.id_number)))).toBeTruthy();
    expect(within(drawer).getByText('顺丰速运')).toBeTruthy();
    const events = await within(drawer).findAllByTestId('cert-payment-event');
    // Newest first: shipped, then paid.
    expect(events.map((e) => e.querySelector('strong')?.textContent)).toEqual(['上传发货', '支付']);
    expect(within(events[1]!).getByText('¥99.00')).toBeTruthy();
    expect(within(events[1]!).getByText('成功')).toBeTruthy();
  });

  it('a paid order: what was paid for is shown, not editable, and the remark is saved', async () => {
    const app = await renderPlugin(certificatePlugin, { backend, route: '/certificate/order', with: [dictPlugin], user: { permissions: [...EDIT, ORDER_CODE.viewSensitive] } });
    await app.user.click(within(await rowOf('赵磊')).getByRole('button', { name: '修改' }));
    const dialog = await screen.findByRole('dialog');
    await waitFor(() => expect((within(dialog).getByPlaceholderText('请输入申请人') as HTMLInputElement).value).toBe('赵磊'));
    expect((within(dialog).getByPlaceholderText('请输入申请人') as HTMLInputElement).disabled).toBe(true);
    expect((within(dialog).getByPlaceholderText('请输入身份证号') as HTMLInputElement).disabled).toBe(true);
    const remark = within(dialog).getByPlaceholderText('请输入备注') as HTMLTextAreaElement;
    await app.user.type(remark, '已电话回访');
    await app.user.click(within(dialog).getByTestId('crud-save'));
    expect(await screen.findByText('更新成功')).toBeTruthy();
    await waitFor(async () => expect((await stored('赵磊')).remark).toBe('已电话回访'));
  });

  it('someone shown masked ID numbers edits an unpaid order without its ID number field, and the stored one stays', async () => {
    const before = await stored('刘洋');
    const app = await renderPlugin(certificatePlugin, { backend, route: '/certificate/order', with: [dictPlugin], user: { permissions: EDIT } });
    await app.user.click(within(await rowOf('刘洋')).getByRole('button', { name: '修改' }));
    const dialog = await screen.findByRole('dialog');
    const name = (await within(dialog).findByPlaceholderText('请输入申请人')) as HTMLInputElement;
    await waitFor(() => expect(name.value).toBe('刘洋'));
    expect(within(dialog).queryByPlaceholderText('请输入身份证号')).toBeNull();
    await app.user.clear(name);
    await app.user.type(name, '刘洋洋');
    await app.user.click(within(dialog).getByTestId('crud-save'));
    expect(await screen.findByText('更新成功')).toBeTruthy();
    await waitFor(async () => expect((await stored('刘洋洋')).id_number).toBe(before.id_number));
  });

  it('exports the orders the search selects through the server', async () => {
    const app = await renderPlugin(certificatePlugin, { backend, route: '/certificate/order', with: [dictPlugin], user: { permissions: [...VIEW, ORDER_CODE.export] } });
    await rowOf('陈静');
    await app.user.type(screen.getByPlaceholderText('请输入申请人'), '陈');
    await app.user.click(screen.getByRole('button', { name: '搜索' }));
    await waitFor(() => expect(screen.queryByText('赵磊')).toBeNull());
    await app.user.click(screen.getByRole('button', { name: '导出' }));
    await app.user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: '确定' }));
    await waitFor(() => expect(app.callsTo('POST /api/xh/certificate/order/export')).toHaveLength(1));
    expect(app.callsTo('POST /api/xh/certificate/order/export')[0]!.query).toMatchObject({ name: '陈' });
  });
});
