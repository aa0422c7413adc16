import { describe, expect, it as baseIt } from '@rstest/core';
import { screen, waitFor, within } from '@testing-library/react';
import { inProcessServer, renderPlugin } from '../../../core/sdk/testing';
import dictPlugin from '../../dict/index';
import dictServer from '../../dict/server';
import mallPlugin from '../index';
import mallServer from '../server';

const it = (name: string, fn: () => Promise<void>) => baseIt(name, fn, 60_000);

/** The product screen against the real server: the demo shop as listed, and a product added in yuan. */
const backend = inProcessServer({ plugins: [dictServer, mallServer] });

const VIEW = ['mall', 'mall_product', 'mall_product_view'];
const rowOf = async (text: string) => (await screen.findByText(text)).closest('tr')!;

describe('product screen (in-process server)', () => {
  it('lists the shop: cover thumbnails, prices in yuan, a sold-out stock marked, status tags and the category', async () => {
    await renderPlugin(mallPlugin, { backend, route: '/mall/product', with: [dictPlugin], user: { permissions: VIEW } });
    const watch = await rowOf('智能运动手表 S2');
    expect(within(watch).getByText('¥2,999.00')).toBeTruthy();
    expect(within(watch).getByText('¥3,299.00')).toBeTruthy();
    expect(within(watch).getByRole('img')).toBeTruthy();
    await waitFor(() => expect(within(watch).getByText('数码')).toBeTruthy());
    expect(within(watch).getByText('上架').closest('.arco-tag')?.className).toContain('green');
    expect(within(watch).queryByText('售罄')).toBeNull();

    const speaker = await rowOf('便携蓝牙音箱');
    expect(within(speaker).getByText('售罄').closest('.arco-tag')?.className).toContain('red');
    expect(within(speaker).getByTitle('库存为 0，无法下单').textContent).toContain('0');
    expect(within(await rowOf('商务茶礼盒')).getByText('下架').closest('.arco-tag')?.className).toContain('gray');
    // The user role's codes: no add, edit or delete.
    expect(screen.queryByRole('button', { name: '新增' })).toBeNull();
  });

  it('adds a product typed in yuan: the server gets fen, refuses an original price below the price, and the form keeps what was typed', async () => {
    const app = await renderPlugin(mallPlugin, { backend, route: '/mall/product', with: [dictPlugin], user: { permissions: [...VIEW, 'mall_product_add'] } });
    await app.user.click(await screen.findByRole('button', { name: '新增' }));
    const dialog = await screen.findByRole('dialog');
    await app.user.type(within(dialog).getByPlaceholderText('请输入商品名称'), '竹制茶盘');
    await app.user.type(within(dialog).getByPlaceholderText('请输入售价'), '199.90');
    await app.user.type(within(dialog).getByPlaceholderText('请输入原价'), '99');
    await app.user.click(within(dialog).getByTestId('crud-save'));
    expect(await screen.findByText('原价不能低于售价')).toBeTruthy();
    expect((within(dialog).getByPlaceholderText('请输入商品名称') as HTMLInputElement).value).toBe('竹制茶盘');
    expect(app.callsTo('POST /api/mall/product/submit').at(-1)!.body).toMatchObject({ name: '竹制茶盘', price: 19_990, originalPrice: 9_900 });

    const original = within(dialog).getByPlaceholderText('请输入原价');
    await app.user.clear(original);
    await app.user.type(original, '259');
    await app.user.click(within(dialog).getByTestId('crud-save'));
    expect(await screen.findByText('新增成功')).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());

    const server = await backend.server();
    const saved = await server.ctx.db.system((tx) => tx.one<{ price: string; original_price: string; stock: number; sales: number; unit: string }>(`select price, original_price, stock, sales, unit from mall_product where tenant_id = '000000' and name = '竹制茶盘' and is_deleted = 0`));
    expect(saved && [Number(saved.price), Number(saved.original_price), saved.stock, saved.sales, saved.unit]).toEqual([19_990, 25_900, 0, 0, '件']);
  });
});
