import { afterAll, beforeAll, describe, expect, test } from '@rstest/core';
import { crudRepo } from '../../../core/sdk/server';
import { fireTogether, serverBackends, type TestServer } from '../../../core/sdk/server-testing';
import dictServer from '../../dict/server';
import { productEntity } from '../product/entity';
import mallServer from '../server';
import { ORDER_STATE } from './states';

/**
 * The order's moves under concurrency: the same payment sent twenty times at once is made once and takes
 * the stock once; two orders paying for the last unit at once leave one paid and one refused; twenty
 * refunds at once give the stock back once. On PGlite, and on PostgreSQL when TEST_DATABASE_URL is set,
 * where the transactions really run side by side (PGlite serialises them).
 */
const BASE = '/api/mall/order';
const buyer = { buyerName: '并发买家', buyerMobile: '13900002222', address: '上海市黄浦区并发路 20 号' };

describe.each(serverBackends())('order moves at once on $name', (backend) => {
  let ts: TestServer;
  let admin: string;
  let seq = 0;

  beforeAll(async () => {
    ts = await backend.start({ plugins: [dictServer, mallServer] });
    admin = (await ts.signIn('admin', 'admin')).access_token;
  }, 120_000);
  afterAll(async () => {
    await ts?.close();
  });

  const product = (stock: number) =>
    ts.ctx.db.system((tx) =>
      crudRepo(productEntity, ts.ctx.ids).insert(tx, { tenantId: '000000', userId: '', deptIds: [] }, { name: `并发商品${++seq}`, price: 990, stock, sales: 0, status: 1, unit: '件', sort: 1 }, ts.ctx.now()),
    );
  const stockOf = (id: string) =>
    ts.ctx.db.system(async (tx) => {
      const row = await tx.one<{ stock: number; sales: number }>('select stock, sales from mall_product where id = $1', [id]);
      return { stock: Number(row!.stock), sales: Number(row!.sales) };
    });
  const order = async (productId: string, quantity: number) => {
    const remark = `race-${++seq}`;
    const res = await ts.post(`${BASE}/submit`, { token: admin, json: { ...buyer, remark, items: [{ productId, quantity }] } });
    if (!res.body.success) throw new Error(res.body.msg);
    return (await ts.ctx.db.system((tx) => tx.one<{ id: string }>('select id::text as id from mall_order where remark = $1', [remark])))!.id;
  };
  const move = (id: string, status: number) => ts.post(`${BASE}/update/status`, { token: admin, query: { id, status } });
  const statusOf = async (id: string) => (await ts.get(`${BASE}/detail`, { token: admin, query: { id } })).body.data.status as number;
  const answers = (settled: PromiseSettledResult<Awaited<ReturnType<typeof move>>>[]) =>
    settled.map((s) => {
      if (s.status === 'rejected') throw s.reason;
      return s.value;
    });

  test('twenty payments of one order at once: one is made, nineteen refused, the stock taken once', async () => {
    const productId = await product(10);
    const id = await order(productId, 3);
    const results = answers(await fireTogether(20, () => move(id, ORDER_STATE.paid)));
    expect(results.filter((r) => r.body.success === true)).toHaveLength(1);
    const refused = results.filter((r) => r.body.success !== true);
    expect(refused.map((r) => r.status)).toEqual(Array(19).fill(400));
    for (const r of refused) expect(r.body.msg).toBe('订单状态不能从「已支付」变为「已支付」');
    expect(await stockOf(productId)).toEqual({ stock: 7, sales: 3 });
    expect(await statusOf(id)).toBe(ORDER_STATE.paid);
  });

  test('two orders paying for the last unit at once: one is paid, the other refused for the stock', async () => {
    const productId = await product(1);
    const first = await order(productId, 1);
    const second = await order(productId, 1);
    const results = answers(await fireTogether(2, (i) => move(i === 0 ? first : second, ORDER_STATE.paid)));
    expect(results.filter((r) => r.body.success === true)).toHaveLength(1);
    const refused = results.find((r) => r.body.success !== true)!;
    expect([refused.status, refused.body.msg]).toEqual([400, `商品「并发商品${seq - 2}」库存不足`]);
    expect(await stockOf(productId)).toEqual({ stock: 0, sales: 1 });
    expect([await statusOf(first), await statusOf(second)].sort()).toEqual([ORDER_STATE.pending, ORDER_STATE.paid]);
  });

  test('twenty refunds of one order at once give the stock back once', async () => {
    const productId = await product(5);
    const id = await order(productId, 2);
    expect((await move(id, ORDER_STATE.paid)).body.success).toBe(true);
    const results = answers(await fireTogether(20, () => move(id, ORDER_STATE.refunded)));
    expect(results.filter((r) => r.body.success === true)).toHaveLength(1);
    expect(await stockOf(productId)).toEqual({ stock: 5, sales: 0 });
  });

  test('an edit and a payment of one pending order at once: each sees the other done or not at all', async () => {
    const productId = await product(10);
    const id = await order(productId, 1);
    const [edit, pay] = await fireTogether(2, (i) =>
      i === 0 ? ts.post(`${BASE}/submit`, { token: admin, json: { id, items: [{ productId, quantity: 4 }] } }) : move(id, ORDER_STATE.paid),
    );
    if (edit!.status === 'rejected' || pay!.status === 'rejected') throw new Error('a call failed');
    expect(pay!.value.body.success).toBe(true);
    const taken = 10 - (await stockOf(productId)).stock;
    const stored = (await ts.get(`${BASE}/detail`, { token: admin, query: { id } })).body.data as { itemCount: number };
    // Paid for what the order held when it was paid: the edit came first (4) or was refused after (1).
    expect(taken).toBe(stored.itemCount);
    expect(edit!.value.body.success ? taken === 4 : edit!.value.body.msg === '订单「已支付」后只能修改物流信息和备注').toBe(true);
  });
});
