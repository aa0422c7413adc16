import { describe, expect, it as baseIt } from '@rstest/core';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { crudRepo } from '../../../core/sdk/server';
import { drawerOpened, inProcessServer, renderPlugin } from '../../../core/sdk/testing';
import dictPlugin from '../../dict/index';
import dictServer from '../../dict/server';
import mallPlugin from '../index';
import { productEntity } from '../product/entity';
import mallServer from '../server';

const it = (name: string, fn: () => Promise<void>) => baseIt(name, fn, 60_000);

/**
 * The order screen against the real server: the demo orders as listed, an order added by choosing a
 * product (the total shown as the server computes it, a refused save keeping the form), and the detail
 * drawer moving it: paid (confirmed), shipped (the tracking number asked for), completed.
 */
const backend = inProcessServer({ plugins: [dictServer, mallServer] });

const VIEW = ['mall', 'mall_order', 'mall_order_view'];
const ALL = [...VIEW, 'mall_order_add', 'mall_order_edit', 'mall_order_delete', 'mall_order_status'];

/** A product on sale of tenant 000000, made straight in its table. */
async function product(name: string, price: number, stock: number): Promise<string> {
  const server = await backend.server();
  return server.ctx.db.system((tx) =>
    crudRepo(productEntity, server.ctx.ids).insert(tx, { tenantId: '000000', userId: '', deptIds: [] }, { name, price, stock, sales: 0, status: 1, unit: '件', sort: 0 }, server.ctx.now()),
  );
}
const stockOf = async (id: string) => {
  const server = await backend.server();
  return server.ctx.db.system(async (tx) => Number((await tx.one<{ stock: number }>('select stock from mall_product where id = $1', [id]))!.stock));
};

describe('order screen (in-process server)', () => {
  it('lists the demo orders: number, buyer, amount in yuan, pieces, a coloured state; the user role adds nothing', async () => {
    await renderPlugin(mallPlugin, { backend, route: '/mall/order', with: [dictPlugin], user: { permissions: VIEW } });
    const server = await backend.server();
    const newest = (await server.ctx.db.system((tx) =>
      tx.one<{ order_no: string; buyer_name: string; pay_amount: string; item_count: number; status: number }>(
        `select order_no, buyer_name, pay_amount, item_count, status from mall_order where tenant_id = '000000' and is_deleted = 0 order by create_time desc, id desc limit 1`,
      ),
    ))!;
    const row = (await screen.findByText(newest.order_no)).closest('tr')!;
    expect(within(row).getByText(newest.buyer_name)).toBeTruthy();
    expect(within(row).getByText(`¥${(Number(newest.pay_amount) / 100).toLocaleString('en-US', { minimumFractionDigits: 2 })}`)).toBeTruthy();
    expect(within(row).getByText(`${newest.item_count} 件`)).toBeTruthy();
    expect(row.querySelector('.arco-tag')?.className).toMatch(/orange|arcoblue|cyan|green|gray|red/);
    expect(screen.queryByRole('button', { name: '新增' })).toBeNull();
  });

  it('adds an order: the product chosen, the total shown as computed; a refused save keeps the form; then pays, ships and completes it in the drawer', async () => {
    const productId = await product('测试茶杯', 2590, 5);
    const app = await renderPlugin(mallPlugin, { backend, route: '/mall/order', with: [dictPlugin], user: { permissions: ALL } });
    await app.user.click(await screen.findByRole('button', { name: '新增' }));
    const dialog = await screen.findByRole('dialog');
    await app.user.type(within(dialog).getByPlaceholderText('请输入买家姓名'), '界面买家');
    await app.user.type(within(dialog).getByPlaceholderText('请输入手机号码'), '1390000');
    await app.user.type(within(dialog).getByPlaceholderText('请输入收货地址'), '上海市界面路 1 号');

    // Nothing chosen yet: the form says so before anything is sent.
    await app.user.click(within(dialog).getByTestId('crud-save'));
    expect(await within(dialog).findByText('请选择商品')).toBeTruthy();
    expect(await within(dialog).findByText('手机号码长度不为11位')).toBeTruthy();
    expect(app.callsTo('POST /api/mall/order/submit')).toHaveLength(0);

    await app.user.click(within(dialog).getByRole('combobox', { name: '添加商品' }).querySelector('.arco-select-view') as HTMLElement);
    fireEvent.click(await screen.findByText('测试茶杯', { selector: '.arco-select-popup .arco-select-option *' }));
    const items = within(dialog).getByTestId('order-items');
    await waitFor(() => expect(within(items).getByText('测试茶杯')).toBeTruthy());
    const quantity = within(items).getByLabelText('「测试茶杯」的数量');
    await app.user.clear(quantity);
    await app.user.type(quantity, '2');
    fireEvent.blur(quantity);
    const freight = within(dialog).getByPlaceholderText('请输入运费');
    await app.user.clear(freight);
    await app.user.type(freight, '8');
    fireEvent.blur(freight);
    await waitFor(() => expect(within(dialog).getByTestId('order-total').textContent).toContain('商品金额 ¥51.80 + 运费 ¥8.00 = 实付 ¥59.80'));

    // The server's rule: the mobile number's form (the browser's rules say the same).
    const mobile = within(dialog).getByPlaceholderText('请输入手机号码');
    await app.user.clear(mobile);
    await app.user.type(mobile, '13900001234');
    await app.user.click(within(dialog).getByTestId('crud-save'));
    expect(await screen.findByText('新增成功')).toBeTruthy();
    expect(app.callsTo('POST /api/mall/order/submit').at(-1)!.body).toMatchObject({ buyerName: '界面买家', freight: 800, items: [expect.objectContaining({ productId, quantity: 2 })] });

    const server = await backend.server();
    const saved = (await server.ctx.db.system((tx) => tx.one<{ id: string; order_no: string; pay_amount: string; status: number }>(`select id::text as id, order_no, pay_amount, status from mall_order where buyer_name = '界面买家'`)))!;
    expect([Number(saved.pay_amount), saved.status]).toEqual([5980, 0]);

    // The drawer: lines, amount, and the moves of a pending order.
    const row = (await screen.findByText(saved.order_no)).closest('tr')!;
    await app.user.click(within(row).getByTestId('order-detail-open'));
    const drawer = await drawerOpened(await screen.findByTestId('order-detail'));
    expect(within(drawer).getByText('测试茶杯')).toBeTruthy();
    expect(within(drawer).getByTestId('order-pay-amount').textContent).toBe('¥59.80');
    await app.user.click(within(drawer).getByTestId('order-move-1'));
    const confirm = await screen.findByText(`确定将订单「${saved.order_no}」从「待支付」变为「已支付」吗？`);
    await app.user.click(within(confirm.closest('.arco-modal') as HTMLElement).getByRole('button', { name: '确认支付' }));
    await waitFor(() => expect(screen.getByTestId('order-detail').dataset.status).toBe('1'));
    expect(await stockOf(productId)).toBe(3);

    // Shipping asks for the tracking number.
    await app.user.click(within(screen.getByTestId('order-detail')).getByTestId('order-move-2'));
    const ship = (await screen.findByText(`发货：${saved.order_no}`)).closest('.arco-modal') as HTMLElement;
    await app.user.click(within(ship).getByTestId('order-ship-save'));
    expect(await within(ship).findByText('请先填写物流单号')).toBeTruthy();
    await app.user.type(within(ship).getByTestId('order-logistics-no'), 'SF100200300');
    await app.user.click(within(ship).getByTestId('order-ship-save'));
    await waitFor(() => expect(screen.getByTestId('order-detail').dataset.status).toBe('2'));
    expect(within(screen.getByTestId('order-detail')).getByTestId('order-logistics').textContent).toBe('SF100200300');

    await app.user.click(within(screen.getByTestId('order-detail')).getByTestId('order-move-3'));
    const done = await screen.findByText(`确定将订单「${saved.order_no}」从「已发货」变为「已完成」吗？`);
    await app.user.click(within(done.closest('.arco-modal') as HTMLElement).getByRole('button', { name: '确认完成' }));
    await waitFor(() => expect(screen.getByTestId('order-detail').dataset.status).toBe('3'));
    expect(within(screen.getByTestId('order-detail')).getByText('此订单已结束，没有可进行的操作')).toBeTruthy();
    // The list followed.
    await waitFor(() => expect(within(screen.getByText(saved.order_no, { selector: '.ba-order-link' }).closest('tr')!).getByText('已完成')).toBeTruthy());
  });
});
