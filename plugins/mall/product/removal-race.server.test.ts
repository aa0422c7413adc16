import { afterAll, beforeAll, describe, expect, test } from '@rstest/core';
import { fireTogether, serverBackends, type TestServer } from '../../../core/sdk/server-testing';
import dictServer from '../../dict/server';
import mallServer from '../server';

/**
 * A product's removal racing an order for it: either the order is placed and the removal refused, or the
 * product goes and the order is refused; never both, never an order naming a removed product. On PGlite,
 * and on PostgreSQL when TEST_DATABASE_URL is set, where the two transactions really run side by side.
 */
const ROUNDS = 8;

describe.each(serverBackends())('a product’s removal racing an order on $name', (backend) => {
  let ts: TestServer;
  let admin: string;

  beforeAll(async () => {
    ts = await backend.start({ plugins: [dictServer, mallServer] });
    admin = (await ts.signIn('admin', 'admin')).access_token;
  }, 120_000);
  afterAll(async () => {
    await ts?.close();
  });

  test(`${ROUNDS} rounds of a removal and an order fired together: exactly one of the two succeeds each time`, async () => {
    for (let round = 0; round < ROUNDS; round++) {
      const name = `竞速商品${round}`;
      expect((await ts.post('/api/mall/product/submit', { token: admin, json: { name, price: 990, stock: 5 } })).body.success).toBe(true);
      const [product] = await ts.ctx.db.system((tx) => tx.query<{ id: string }>(`select id::text as id from mall_product where tenant_id = '000000' and name = $1 and is_deleted = 0`, [name]));
      const [removal, order] = await fireTogether(2, (i) =>
        i === 0
          ? ts.post('/api/mall/product/remove', { token: admin, query: { ids: product!.id } })
          : ts.post('/api/mall/order/submit', { token: admin, json: { buyerName: '竞速', buyerMobile: '13900000000', address: '上海市黄浦区南京东路 1 号', items: [{ productId: product!.id, quantity: 1 }] } }),
      );
      if (removal!.status !== 'fulfilled' || order!.status !== 'fulfilled') throw new Error('a call failed outright');
      const removed = removal.value.body.success === true;
      const ordered = order.value.body.success === true;
      // Which one wins is the scheduler's choice; the loser is refused cleanly and leaves nothing behind.
      expect([removed, ordered].filter(Boolean), `round ${round}: ${removal.value.body.msg} / ${order.value.body.msg}`).toHaveLength(1);
      const state = await ts.ctx.db.system((tx) =>
        tx.one<{ deleted: number; orders: number }>(
          `select p.is_deleted as deleted, (select count(*)::int from mall_order_item i join mall_order o on o.id = i.order_id where i.product_id = p.id and o.is_deleted = 0) as orders
             from mall_product p where p.id = $1`,
          [product!.id],
        ),
      );
      expect(state).toEqual(removed ? { deleted: 1, orders: 0 } : { deleted: 0, orders: 1 });
      if (!removed) expect(removal.value.body.msg).toBe(`商品「${name}」有未完成的订单，不能删除`);
    }
  });
});
