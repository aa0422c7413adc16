import { describe, expect, it as baseIt } from '@rstest/core';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { drawerOpened, inProcessServer, renderPlugin } from '../../../core/sdk/testing';
import dictPlugin from '../../dict/index';
import dictServer from '../../dict/server';
import geniusPlugin from '../index';
import geniusServer from '../server';
import { commerceTopMenu } from '../test-plugins';

const it = (name: string, fn: () => Promise<void>) => baseIt(name, fn, 60_000);

/**
 * The genius order screen against the real server: the demo orders with their state tags, the moves a
 * row offers (asked for again naming both states, then done), the details drawer moving an order on, a
 * move refused because the order moved meanwhile (the refusal shown, the row brought up to date), and a
 * new order whose amount follows the chosen genius.
 */
const backend = inProcessServer({ plugins: [dictServer, commerceTopMenu, geniusServer] });

const VIEW = ['genius_order', 'genius_order_view'];
const ALL = [...VIEW, 'genius_order_add', 'genius_order_edit', 'genius_order_delete', 'genius_order_status'];

/** A pending order of 林思远 for `customer`, made through the API as the administrator; its number and id. */
async function pendingOrder(customer: string): Promise<{ id: string; orderNo: string }> {
  const server = await backend.server();
  const admin = (await server.signIn('admin', 'admin')).access_token;
  const genius = (await server.get('/api/genius/list', { token: admin, query: { name: '林思远' } })).body.data.records[0].id as string;
  await server.post('/api/genius/order/submit', { token: admin, json: { geniusId: genius, customerName: customer, customerMobile: '13700001234', service: '画册设计', bookedTime: '2099-03-01 10:00:00' } });
  return (await server.get('/api/genius/order/list', { token: admin, query: { customerName: customer } })).body.data.records[0];
}
const statusOf = async (id: string) => {
  const server = await backend.server();
  return server.ctx.db.system(async (tx) => Number((await tx.one<{ status: number }>('select status from genius_order where id = $1', [id]))!.status));
};
const rowOf = async (text: string) => (await screen.findByText(text)).closest('tr') as HTMLElement;
const confirmDialog = async (text: string) => (await screen.findByText(text)).closest('.arco-modal') as HTMLElement;

describe('genius order screen (in-process server)', () => {
  it('lists the demo orders with a coloured state and the genius’s name; a viewer gets no moves and no add', async () => {
    await renderPlugin(geniusPlugin, { backend, route: '/genius/order', with: [dictPlugin], user: { permissions: VIEW } });
    const row = await rowOf('张伟');
    expect(within(row).getByText('林思远')).toBeTruthy();
    expect(within(row).getByText('待支付').closest('.arco-tag')?.className).toContain('orange');
    expect(within(row).getByText(/^GO\d{26}$/)).toBeTruthy();
    expect(within(row).getByText('¥1,999.00')).toBeTruthy();
    expect(within(row).queryByRole('button', { name: '支付' })).toBeNull();
    expect(within(row).getByRole('button', { name: '查看' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: '新增' })).toBeNull();
  });

  it('moves an order from its row: the allowed next states, asked for again naming both, then done', async () => {
    const order = await pendingOrder('行内流转');
    const app = await renderPlugin(geniusPlugin, { backend, route: '/genius/order', with: [dictPlugin], user: { permissions: ALL } });
    let row = await rowOf('行内流转');
    expect(within(row).getAllByRole('button').map((b) => b.textContent || b.getAttribute('aria-label'))).toEqual(['查看', '修改', '删除', '支付', '取消']);

    await app.user.click(within(row).getByRole('button', { name: '支付' }));
    const modal = await confirmDialog(`确定将订单「${order.orderNo}」从「待支付」变为「已支付」？`);
    expect(within(modal).getByText('订单支付')).toBeTruthy();
    await app.user.click(within(modal).getByRole('button', { name: '确定' }));
    expect(await screen.findByText('订单已变为「已支付」')).toBeTruthy();
    await waitFor(async () => expect(await statusOf(order.id)).toBe(1));
    row = await rowOf('行内流转');
    await waitFor(() => expect(within(row).getByText('已支付').closest('.arco-tag')?.className).toContain('arcoblue'));
    // Paid: no more changes or removal, and the next moves are confirm and refund.
    expect(within(row).getAllByRole('button').map((b) => b.textContent || b.getAttribute('aria-label'))).toEqual(['查看', '确认', '退款']);
  });

  it('the details drawer shows the order and its progress, and moves it on: confirmed, then completed', async () => {
    const order = await pendingOrder('抽屉流转');
    const app = await renderPlugin(geniusPlugin, { backend, route: '/genius/order', with: [dictPlugin], user: { permissions: ALL } });
    await app.user.click(within(await rowOf('抽屉流转')).getByRole('button', { name: '支付' }));
    await app.user.click(within(await confirmDialog(`确定将订单「${order.orderNo}」从「待支付」变为「已支付」？`)).getByRole('button', { name: '确定' }));
    await waitFor(async () => expect(await statusOf(order.id)).toBe(1));

    await app.user.click(within(await rowOf('抽屉流转')).getByRole('button', { name: '查看' }));
    const drawer = await drawerOpened((await screen.findByText('订单详情')).closest('.arco-drawer') as HTMLElement);
    expect(await within(drawer).findByText(order.orderNo)).toBeTruthy();
    expect(within(drawer).getByText('画册设计')).toBeTruthy();
    expect(within(drawer).getByText('13700001234')).toBeTruthy();
    expect(within(drawer).getByText('¥1,999.00')).toBeTruthy();
    expect(within(drawer).getAllByText('未到此步')).toHaveLength(2);

    await app.user.click(within(drawer).getByRole('button', { name: '确认' }));
    await app.user.click(within(await confirmDialog(`确定将订单「${order.orderNo}」从「已支付」变为「已确认」？`)).getByRole('button', { name: '确定' }));
    await waitFor(() => expect(within(drawer).getByText('已确认')).toBeTruthy());
    await app.user.click(await within(drawer).findByRole('button', { name: '完成' }));
    await app.user.click(within(await confirmDialog(`确定将订单「${order.orderNo}」从「已确认」变为「已完成」？`)).getByRole('button', { name: '确定' }));
    await waitFor(() => expect(within(drawer).queryAllByText('未到此步')).toHaveLength(0));
    expect(within(drawer).getByText('已完成')).toBeTruthy();
    expect(within(drawer).queryByRole('button', { name: '退款' })).toBeNull();
    expect(within(drawer).getByText('订单已结束，不能再流转')).toBeTruthy();
    expect(await statusOf(order.id)).toBe(3);
  });

  it('a move refused because the order moved meanwhile says why, and the row shows the order as it is', async () => {
    const order = await pendingOrder('过期流转');
    const app = await renderPlugin(geniusPlugin, { backend, route: '/genius/order', with: [dictPlugin], user: { permissions: ALL } });
    const row = await rowOf('过期流转');
    // Someone else cancels it behind the screen's back.
    const server = await backend.server();
    const admin = (await server.signIn('admin', 'admin')).access_token;
    await server.post('/api/genius/order/update/status', { token: admin, query: { id: order.id, status: 4 } });

    await app.user.click(within(row).getByRole('button', { name: '支付' }));
    await app.user.click(within(await confirmDialog(`确定将订单「${order.orderNo}」从「待支付」变为「已支付」？`)).getByRole('button', { name: '确定' }));
    expect(await screen.findByText('订单状态不能从「已取消」变为「已支付」')).toBeTruthy();
    await waitFor(async () => expect(within(await rowOf('过期流转')).getByText('已取消')).toBeTruthy());
    expect(await statusOf(order.id)).toBe(4);
  });

  it('a new order: the amount follows the chosen genius; a genius taken off the list meanwhile is refused by the server and the form keeps what was typed', async () => {
    const app = await renderPlugin(geniusPlugin, { backend, route: '/genius/order', with: [dictPlugin], user: { permissions: ALL } });
    await screen.findByText('张伟');
    await app.user.click(screen.getByRole('button', { name: '新增' }));
    const dialog = await screen.findByRole('dialog');
    const genius = within(dialog).getByPlaceholderText('请选择达人').closest('.arco-select') as HTMLElement;
    fireEvent.click(genius.querySelector('.arco-select-view') as HTMLElement);
    // Listed geniuses only.
    expect(await screen.findByText('周晓彤', { selector: '.arco-select-option, .arco-select-option *' })).toBeTruthy();
    expect(screen.queryByText('何佳怡', { selector: '.arco-select-option, .arco-select-option *' })).toBeNull();
    fireEvent.click(screen.getByText('林思远', { selector: '.arco-select-option, .arco-select-option *' }));
    await waitFor(() => expect((within(dialog).getByPlaceholderText('请输入订单金额') as HTMLInputElement).value).toBe('1999.00'));

    await app.user.type(within(dialog).getByPlaceholderText('请输入客户姓名'), '新客户');
    await app.user.type(within(dialog).getByPlaceholderText('请输入手机号码'), '13812345678');
    await app.user.type(within(dialog).getByPlaceholderText('请输入服务内容'), '名片设计');
    const amount = within(dialog).getByPlaceholderText('请输入订单金额') as HTMLInputElement;
    await app.user.clear(amount);
    await app.user.type(amount, '1500');
    // The booked time from the picker: the 15th of next month, at the time it offers.
    await app.user.click(within(dialog).getByPlaceholderText('请选择预约时间'));
    const panel = (await screen.findByText('确定', { selector: '.arco-picker-container button, .arco-picker-container button *' })).closest('.arco-picker-container') as HTMLElement;
    // The header's arrows: previous year, previous month, next month, next year.
    fireEvent.click(panel.querySelectorAll('.arco-picker-header-icon')[2]!);
    fireEvent.click(within(panel).getAllByText('15', { selector: '.arco-picker-cell-in-view *' })[0]!);
    fireEvent.click(within(panel).getByText('确定', { selector: 'button, button *' }));
    await waitFor(() => expect((within(dialog).getByPlaceholderText('请选择预约时间') as HTMLInputElement).value).toMatch(/^\d{4}-\d{2}-15 \d{2}:\d{2}:\d{2}$/));

    // Taken off the list while the form was open: the server refuses, naming the genius, and the form keeps what was typed.
    const server = await backend.server();
    await server.ctx.db.system((tx) => tx.query(`update genius set status = 2 where tenant_id = '000000' and name = '林思远'`));
    await app.user.click(within(dialog).getByTestId('crud-save'));
    expect(await screen.findByText('达人「林思远」已下架，不能预约')).toBeTruthy();
    expect(screen.getByRole('dialog')).toBeTruthy();
    expect((within(dialog).getByPlaceholderText('请输入客户姓名') as HTMLInputElement).value).toBe('新客户');
    expect(amount.value).toBe('1500.00');

    await server.ctx.db.system((tx) => tx.query(`update genius set status = 1 where tenant_id = '000000' and name = '林思远'`));
    await app.user.click(within(dialog).getByTestId('crud-save'));
    expect(await screen.findByText('新增成功')).toBeTruthy();
    const saved = await server.ctx.db.system((tx) => tx.one<{ amount: string; status: number; booked_time: Date }>(`select amount, status, booked_time from genius_order where customer_name = '新客户'`));
    expect(saved).toMatchObject({ amount: '150000', status: 0 });
  });
});
