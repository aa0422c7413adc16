import { bizError, type Tx } from '../../../core/sdk/server';
import { productEntity } from '../product/entity';
import { ITEM_TABLE } from './server-items';
import { ORDER_MSG } from './server-messages';

/**
 * An order's stock, taken when it is paid and returned when it is refunded, inside the move's
 * transaction (the order row already locked). Each product is changed by one conditional update, in the
 * order of the product ids so that two orders naming the same products queue on them instead of
 * deadlocking; a second order paying for the last unit waits on the first's update and then finds the
 * stock short.
 */

interface OrderProduct {
  product_id: string;
  product_name: string;
  quantity: number;
}

const productsOf = (tx: Tx, tenantId: string, orderId: string) =>
  tx.query<OrderProduct>(
    `select product_id::text as product_id, min(product_name) as product_name, sum(quantity)::int as quantity
       from ${ITEM_TABLE} where tenant_id = $1 and order_id = $2
      group by product_id order by product_id`,
    [tenantId, orderId],
  );

/** Takes the order's pieces from stock and adds them to sales; refuses (and so undoes all) when one is short or gone. */
export async function takeStock(tx: Tx, tenantId: string, orderId: string): Promise<void> {
  for (const line of await productsOf(tx, tenantId, orderId)) {
    const taken = await tx.query(
      `update ${productEntity.table} set stock = stock - $3, sales = coalesce(sales, 0) + $3
        where id = $1 and tenant_id = $2 and is_deleted = 0 and stock >= $3 returning id`,
      [line.product_id, tenantId, line.quantity],
    );
    if (taken.length === 1) continue;
    const live = await tx.one(`select 1 as found from ${productEntity.table} where id = $1 and tenant_id = $2 and is_deleted = 0`, [line.product_id, tenantId]);
    throw bizError(live ? ORDER_MSG.stockShort(line.product_name) : ORDER_MSG.productRemoved(line.product_name));
  }
}

/** Puts the order's pieces back in stock and takes them off sales (a removed product gets them back too). */
export async function returnStock(tx: Tx, tenantId: string, orderId: string): Promise<void> {
  for (const line of await productsOf(tx, tenantId, orderId)) {
    await tx.query(
      `update ${productEntity.table} set stock = stock + $3, sales = greatest(coalesce(sales, 0) - $3, 0)
        where id = $1 and tenant_id = $2`,
      [line.product_id, tenantId, line.quantity],
    );
  }
}
