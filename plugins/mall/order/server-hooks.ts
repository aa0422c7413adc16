import { bizError, type CrudHooks, type DbRow, fieldColumn, MAX_FEN, MSG, orderNumber, type ServerContext, str, type Tx } from '../../../core/sdk/server';
import { LOCKED_AFTER_PAYMENT, ORDER_PREFIX, orderEntity, type OrderItem, type OrderItemInput } from './entity';
import { itemTotals, parseItems, priceItems, readItems, replaceItems, sameItems } from './server-items';
import { ORDER_MSG } from './server-messages';
import { ORDER_STATE } from './states';

/**
 * The order's rules on the engine's endpoints:
 * - a new order gets its number and waits for payment; its lines are priced from the products and its
 *   amounts computed (goods, pieces, what is paid: goods + freight);
 * - an edit locks the order first, so it and a status move take turns: while the order waits for payment
 *   anything may change (the lines re-priced only when they changed); after that only the logistics and
 *   the remark (the rest may be sent back as it was, as the form does);
 * - a paid or shipped order is not removed (its stock is out: complete or refund it first);
 * - a row read says when it was made (`orderTime`, the list's column), and `detail` answers its lines.
 */

/** The lines a save priced, by its body (the engine hands the same object to every hook of the save). */
const pricedBy = new WeakMap<object, OrderItem[]>();

/** An order of the tenant, locked until the transaction ends. */
const lockOrder = (tx: Tx, tenantId: string, id: string) =>
  tx.one<DbRow>(`select * from ${orderEntity.table} where id = $1 and tenant_id = $2 and is_deleted = 0 for update`, [id, tenantId]);

/** A stored or sent value as text, for telling whether a field changed ('' for none). */
const asText = (value: unknown) => (value === null || value === undefined ? '' : String(value));

const inputsOf = (items: readonly OrderItem[]): OrderItemInput[] => items.map((i) => ({ productId: i.productId, quantity: i.quantity }));

export function orderHooks(ctx: Pick<ServerContext, 'ids' | 'now'>): CrudHooks {
  return {
    async beforeChange({ tx, user, mode, values, id, body }) {
      const sendsItems = mode === 'add' || Object.hasOwn(body, 'items');
      let stored: DbRow | undefined;
      let items: OrderItem[] | undefined;
      if (mode === 'edit') {
        stored = await lockOrder(tx, user.tenantId, id!);
        if (!stored) throw bizError(MSG.notFound);
        const status = Number(stored.status);
        const current = sendsItems ? inputsOf((await readItems(tx, user.tenantId, [id!])).get(id!) ?? []) : [];
        const itemsChanged = sendsItems && !sameItems(current, parseItems(body.items));
        if (status !== ORDER_STATE.pending) {
          const changed = LOCKED_AFTER_PAYMENT.some((name) => Object.hasOwn(values, name) && asText(values[name]) !== asText(stored![fieldColumn(name, orderEntity.fields[name])]));
          if (changed || itemsChanged) throw bizError(ORDER_MSG.lockedAfterPayment(status));
          for (const name of LOCKED_AFTER_PAYMENT) delete values[name];
          return;
        }
        if (itemsChanged) items = await priceItems(tx, user.tenantId, parseItems(body.items));
      } else {
        items = await priceItems(tx, user.tenantId, parseItems(body.items));
        values.orderNo = orderNumber(ctx, ORDER_PREFIX);
        values.status = ORDER_STATE.pending;
      }
      // A cleared freight is none.
      if (Object.hasOwn(values, 'freight') && values.freight === null) values.freight = 0;
      const freight = Number(Object.hasOwn(values, 'freight') ? values.freight : (stored?.freight ?? 0));
      let goods = Number(stored?.amount ?? 0);
      if (items) {
        const totals = itemTotals(items);
        goods = totals.amount;
        values.amount = totals.amount;
        values.itemCount = totals.pieces;
        pricedBy.set(body, items);
      }
      const pay = goods + freight;
      if (pay > MAX_FEN) throw bizError(ORDER_MSG.tooMuch);
      values.payAmount = pay;
    },

    async afterChange({ tx, user, id, body }) {
      const items = pricedBy.get(body);
      if (items) await replaceItems(tx, ctx, user.tenantId, id, items);
    },

    async beforeDelete({ tx, user, ids }) {
      // Locked in id order first, so that no state move slips in between this check and the removal.
      await tx.query(`select id from ${orderEntity.table} where tenant_id = $1 and id = any($2::bigint[]) and is_deleted = 0 order by id for update`, [user.tenantId, [...ids]]);
      const held = await tx.one<{ order_no: string; status: number }>(
        `select order_no, status from ${orderEntity.table}
          where tenant_id = $1 and id = any($2::bigint[]) and is_deleted = 0 and status = any($3::int[])
          order by id limit 1`,
        [user.tenantId, [...ids], [ORDER_STATE.paid, ORDER_STATE.shipped]],
      );
      if (held) throw bizError(ORDER_MSG.cannotRemove(str(held.order_no), Number(held.status)));
    },

    async afterRead({ tx, user, rows, action }) {
      for (const row of rows) row.orderTime = row.createTime;
      if (action !== 'detail') return;
      const items = await readItems(tx, user.tenantId, rows.map((row) => str(row.id)));
      for (const row of rows) row.items = items.get(str(row.id)) ?? [];
    },
  };
}
