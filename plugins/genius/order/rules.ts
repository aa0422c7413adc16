import {
  bizError,
  type CrudHooks,
  formatDateTime,
  type LocalText,
  orderNumber,
  type ServerContext,
  stateLabel,
  str,
  type Tx,
  validIds,
} from '../../../core/sdk/server';
import { bookableGenius, geniusNames } from '../profile/rules';
import { geniusOrderEntity, geniusOrderMachine, ORDER_STATE, PAID_STATES } from './entity';

/**
 * The order rules of a save and a removal. A new order is booked with a listed genius, for a time to
 * come, at the genius's price unless another amount is sent; the server numbers it and it starts pending
 * payment. An order is changed only while it waits for payment (the row locked, so a payment cannot
 * slip in between), and one holding the customer's money is refunded, never removed.
 */

export const ORDER_MSG = {
  pastBooking: { zh: '预约时间不能早于当前时间', en: 'The booked time cannot be in the past' },
  zeroAmount: { zh: '订单金额须大于 0', en: 'The amount must be more than 0' },
  notEditable: (state: LocalText): LocalText => ({ zh: `订单状态为「${state.zh}」，不能修改`, en: `The order is “${state.en}” and cannot be changed` }),
  paidRemoval: (orderNo: string, state: LocalText): LocalText => ({
    zh: `订单「${orderNo}」${state.zh}，请先退款再删除`,
    en: `The order ${orderNo} is ${state.en.toLowerCase()}: refund it before removing it`,
  }),
};

export const ORDER_PREFIX = 'GO';

/** The booked time as sent, refused when it is already past (the server's clock). */
function assertComing(ctx: ServerContext, bookedTime: string | number | null | undefined): void {
  if (typeof bookedTime === 'string' && bookedTime < formatDateTime(ctx.now())) throw bizError(ORDER_MSG.pastBooking);
}

/** The stored order locked for the rest of the transaction (a state move waits for it, and it for a move). */
async function lockedOrder(tx: Tx, tenantId: string, id: string): Promise<{ status: number; booked_time: unknown } | undefined> {
  return tx.one(`select status, booked_time from ${geniusOrderEntity.table} where id = $1 and tenant_id = $2 and is_deleted = 0 for update`, [id, tenantId]);
}

export function orderHooks(ctx: ServerContext): CrudHooks {
  return {
    async beforeChange({ tx, user, mode, values, id }) {
      if (values.amount !== undefined && values.amount !== null && Number(values.amount) <= 0) throw bizError(ORDER_MSG.zeroAmount);
      if (mode === 'add') {
        const genius = await bookableGenius(tx, user.tenantId, str(values.geniusId));
        assertComing(ctx, values.bookedTime);
        if (values.amount === undefined || values.amount === null) values.amount = genius.servicePrice;
        values.orderNo = orderNumber(ctx, ORDER_PREFIX);
        values.status = ORDER_STATE.pending;
        return;
      }
      const order = await lockedOrder(tx, user.tenantId, id!);
      if (!order) return; // the engine answers 数据不存在
      if (Number(order.status) !== ORDER_STATE.pending) throw bizError(ORDER_MSG.notEditable(stateLabel(geniusOrderMachine, Number(order.status))));
      // A new booked time is one to come; the one it had may have passed while the order waited.
      if (values.bookedTime !== undefined && values.bookedTime !== formatDateTime(order.booked_time)) assertComing(ctx, values.bookedTime);
      // Cleared: the amount stays what it was (an order always has one).
      if (values.amount === null) delete values.amount;
    },
    async beforeDelete({ tx, user, ids }) {
      // Locked first: a payment arriving meanwhile waits for the removal and then finds no order, and one
      // that came first is seen below.
      const locked = await tx.query<{ order_no: string | null; status: number }>(
        `select order_no, status from ${geniusOrderEntity.table} where tenant_id = $1 and id = any($2::bigint[]) and is_deleted = 0 order by id for update`,
        [user.tenantId, validIds([...ids])],
      );
      const held = locked.find((order) => PAID_STATES.includes(Number(order.status)));
      if (held) throw bizError(ORDER_MSG.paidRemoval(str(held.order_no), stateLabel(geniusOrderMachine, Number(held.status))));
    },
    async afterRead({ tx, user, rows }) {
      const names = await geniusNames(tx, user.tenantId, rows.map((r) => str(r.geniusId)));
      for (const row of rows) row.geniusName = names.get(str(row.geniusId)) ?? '';
    },
  };
}
