import { bizError, isBigintId, MAX_FEN, type Migration, type ServerContext, str, type Tx } from '../../../core/sdk/server';
import { ON_SALE, productEntity } from '../product/entity';
import { ORDER_LIMITS, type OrderItem, type OrderItemInput } from './entity';
import { ORDER_MSG } from './server-messages';

/**
 * An order's lines. They live in a table of their own, made by this migration rather than by a second
 * entity: nobody lists, adds or removes a line on its own (no endpoints, no menu); the order's hooks write
 * them with the order and `detail` reads them back. A line copies the product's name, cover and price at
 * the time it was saved, so a later change of the product leaves the order as it was sold.
 */
export const ITEM_TABLE = 'mall_order_item';

export const itemTable: Migration = {
  id: 'order_001_items',
  sql: `
    create table if not exists ${ITEM_TABLE} (
      id bigint primary key,
      tenant_id varchar(12) not null,
      order_id bigint not null,
      sort integer not null,
      product_id bigint not null,
      product_name varchar(255) not null,
      product_cover varchar(500),
      price bigint not null,
      quantity integer not null,
      amount bigint not null
    );
    create index if not exists mall_order_item_order on ${ITEM_TABLE} (tenant_id, order_id, sort);
    create index if not exists mall_order_item_product on ${ITEM_TABLE} (tenant_id, product_id);
  `,
};

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * The `items` of a body, checked: 1 to 50 lines of a product id and a whole quantity (1 to 9999); lines
 * naming the same product are added together. Anything else a line carries (a name, a price) is ignored:
 * the server reads those from the product.
 */
export function parseItems(raw: unknown): OrderItemInput[] {
  if (raw === undefined || raw === null || raw === '' || (Array.isArray(raw) && raw.length === 0)) throw bizError(ORDER_MSG.noItems);
  if (!Array.isArray(raw)) throw bizError(ORDER_MSG.badItems);
  if (raw.length > ORDER_LIMITS.lines) throw bizError(ORDER_MSG.tooManyLines);
  const merged = new Map<string, number>();
  raw.forEach((line, index) => {
    if (!isRecord(line)) throw bizError(ORDER_MSG.badItems);
    const productId = typeof line.productId === 'number' && Number.isSafeInteger(line.productId) ? String(line.productId) : line.productId;
    if (typeof productId !== 'string' || !/^[1-9]\d{0,18}$/.test(productId.trim()) || !isBigintId(productId.trim())) throw bizError(ORDER_MSG.productGone(index + 1));
    const quantity = typeof line.quantity === 'string' && /^\s*\d{1,6}\s*$/.test(line.quantity) ? Number(line.quantity) : line.quantity;
    if (typeof quantity !== 'number' || !Number.isInteger(quantity) || quantity < 1 || quantity > ORDER_LIMITS.quantity) throw bizError(ORDER_MSG.badQuantity(index + 1));
    const id = productId.trim();
    const total = (merged.get(id) ?? 0) + quantity;
    if (total > ORDER_LIMITS.quantity) throw bizError(ORDER_MSG.badQuantity(index + 1));
    merged.set(id, total);
  });
  return [...merged].map(([productId, quantity]) => ({ productId, quantity }));
}

/** The same products in the same quantities (the order of the lines aside). */
export function sameItems(a: readonly OrderItemInput[], b: readonly OrderItemInput[]): boolean {
  if (a.length !== b.length) return false;
  const quantities = new Map(a.map((i) => [i.productId, i.quantity]));
  return b.every((i) => quantities.get(i.productId) === i.quantity);
}

interface ProductRow {
  id: string;
  name: string;
  cover: string | null;
  price: string | number;
  stock: number | null;
}

/**
 * The lines priced from the tenant's products on sale, in the order sent. The products are locked for
 * share until the order commits, so a product's removal (which locks it for update and then looks for
 * unfinished orders naming it) either waits for this order or is seen gone by it. A product missing or
 * off sale, or with less stock than asked, refuses the save (stock is only taken on payment: this check
 * spares the buyer an order that could not be paid).
 */
export async function priceItems(tx: Tx, tenantId: string, inputs: readonly OrderItemInput[]): Promise<OrderItem[]> {
  const products = await tx.query<ProductRow>(
    `select id::text as id, name, cover, price, stock from ${productEntity.table}
      where tenant_id = $1 and id = any($2::bigint[]) and is_deleted = 0 and status = $3
      order by id for share`,
    [tenantId, inputs.map((i) => i.productId), ON_SALE],
  );
  const byId = new Map(products.map((p) => [p.id, p]));
  let total = 0;
  return inputs.map((input, index) => {
    const product = byId.get(input.productId);
    if (!product) throw bizError(ORDER_MSG.productGone(index + 1));
    if ((product.stock ?? 0) < input.quantity) throw bizError(ORDER_MSG.stockShort(product.name));
    const price = Number(product.price);
    const amount = price * input.quantity;
    total += amount;
    if (!Number.isSafeInteger(amount) || total > MAX_FEN) throw bizError(ORDER_MSG.tooMuch);
    return { productId: input.productId, productName: product.name, productCover: str(product.cover), price, quantity: input.quantity, amount };
  });
}

/** The goods' amount and the pieces of some lines. */
export function itemTotals(items: readonly Pick<OrderItem, 'amount' | 'quantity'>[]): { amount: number; pieces: number } {
  return items.reduce((sum, item) => ({ amount: sum.amount + item.amount, pieces: sum.pieces + item.quantity }), { amount: 0, pieces: 0 });
}

/** The order's lines become `items` (the old ones are deleted: a line has no life of its own). */
export async function replaceItems(tx: Tx, ctx: Pick<ServerContext, 'ids'>, tenantId: string, orderId: string, items: readonly OrderItem[]): Promise<void> {
  await tx.query(`delete from ${ITEM_TABLE} where tenant_id = $1 and order_id = $2`, [tenantId, orderId]);
  if (items.length === 0) return;
  const column = <T>(pick: (item: OrderItem, index: number) => T) => items.map(pick);
  await tx.query(
    `insert into ${ITEM_TABLE} (id, tenant_id, order_id, sort, product_id, product_name, product_cover, price, quantity, amount)
     select id, $1, $2, sort, product, name, cover, price, quantity, amount
       from unnest($3::bigint[], $4::int[], $5::bigint[], $6::text[], $7::text[], $8::bigint[], $9::int[], $10::bigint[])
            as l(id, sort, product, name, cover, price, quantity, amount)`,
    [
      tenantId,
      orderId,
      column(() => ctx.ids.next()),
      column((_, i) => i + 1),
      column((item) => item.productId),
      column((item) => item.productName),
      column((item) => item.productCover || null),
      column((item) => item.price),
      column((item) => item.quantity),
      column((item) => item.amount),
    ],
  );
}

interface ItemRow {
  order_id: string;
  product_id: string;
  product_name: string;
  product_cover: string | null;
  price: string | number;
  quantity: number;
  amount: string | number;
}

/** The lines of some orders of the tenant, by order id, in their order. */
export async function readItems(tx: Tx, tenantId: string, orderIds: readonly string[]): Promise<Map<string, OrderItem[]>> {
  const byOrder = new Map<string, OrderItem[]>();
  if (orderIds.length === 0) return byOrder;
  const rows = await tx.query<ItemRow>(
    `select order_id::text as order_id, product_id::text as product_id, product_name, product_cover, price, quantity, amount
       from ${ITEM_TABLE} where tenant_id = $1 and order_id = any($2::bigint[]) order by order_id, sort`,
    [tenantId, [...orderIds]],
  );
  for (const row of rows) {
    const list = byOrder.get(row.order_id) ?? [];
    list.push({
      productId: row.product_id,
      productName: row.product_name,
      productCover: str(row.product_cover),
      price: Number(row.price),
      quantity: Number(row.quantity),
      amount: Number(row.amount),
    });
    byOrder.set(row.order_id, list);
  }
  return byOrder;
}
