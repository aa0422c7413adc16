import type { LocalText } from '../../../core/sdk/shared';
import { bizError, type CrudHooks, type EntityValues, requiredMessage, type Tx } from '../../../core/sdk/server';
import { productEntity } from './entity';

/**
 * What a product save and a product removal must respect besides the field rules: a price above zero, an
 * original price not below the price, values with a default never cleared, and no removal of a product
 * an order still in progress names.
 */

export const MSG_PRICE_POSITIVE: LocalText = { zh: '售价必须大于0', en: 'The price must be greater than 0' };
export const MSG_ORIGINAL_BELOW_PRICE: LocalText = { zh: '原价不能低于售价', en: 'The original price cannot be below the price' };

export const productInOrderMessage = (name: string): LocalText => ({
  zh: `商品「${name}」有未完成的订单，不能删除`,
  en: `The product “${name}” has unfinished orders and cannot be removed`,
});

/** Order states that still need their products: pending payment, paid, shipped. */
export const UNFINISHED_ORDER_STATES = [0, 1, 2] as const;

/** Fields that take a default when a new product leaves them out, and may not be blanked afterwards. */
const KEPT = ['stock', 'status', 'unit', 'sort'] as const;

/** A money column as stored (bigint: the driver may hand back a string), or null. */
const fen = (value: unknown): number | null => (value === null || value === undefined || value === '' ? null : Number(value));

/** The value a save leaves in a column: the new one when the body set it, else the stored one. */
function after(values: EntityValues, name: string, existing: Record<string, unknown> | undefined, column: string): number | null {
  return Object.hasOwn(values, name) ? fen(values[name]) : fen(existing?.[column]);
}

/**
 * 400 when a product of `ids` is named by an order not yet finished (the first by name). The products are
 * locked first: an order that locks the products it names (for share) before it is written waits for
 * this removal, and finds the product gone.
 */
async function refuseProductsInOrders(tx: Tx, tenantId: string, ids: readonly string[]): Promise<void> {
  await tx.query(`select id from ${productEntity.table} where tenant_id = $1 and id = any($2::bigint[]) and is_deleted = 0 order by id for update`, [tenantId, [...ids]]);
  const named = await tx.one<{ name: string }>(
    `select p.name from ${productEntity.table} p
      where p.tenant_id = $1 and p.id = any($2::bigint[]) and p.is_deleted = 0
        and exists (select 1 from mall_order_item i join mall_order o on o.id = i.order_id
                     where i.product_id = p.id and o.tenant_id = $1 and o.is_deleted = 0 and o.status = any($3::int[]))
      order by p.name, p.id limit 1`,
    [tenantId, [...ids], [...UNFINISHED_ORDER_STATES]],
  );
  if (named) throw bizError(productInOrderMessage(named.name));
}

export const productHooks: CrudHooks = {
  beforeChange({ mode, values, existing }) {
    if (mode === 'add') values.sales = 0;
    else {
      for (const name of KEPT) if (Object.hasOwn(values, name) && values[name] === null) throw bizError(requiredMessage(productEntity.fields[name]));
    }
    const price = after(values, 'price', existing, 'price');
    if (price !== null && price <= 0) throw bizError(MSG_PRICE_POSITIVE);
    const original = after(values, 'originalPrice', existing, 'original_price');
    if (price !== null && original !== null && original < price) throw bizError(MSG_ORIGINAL_BELOW_PRICE);
  },

  beforeDelete: ({ tx, user, ids }) => refuseProductsInOrders(tx, user.tenantId, ids),
};
