import { bizError, canMove, MSG, type Tx } from '../../../core/sdk/server';
import { PAY, PAY_STATE, type PayState, type ShipState } from '../order/states';
import { refundsOf } from './records';

/**
 * The order as the payment actions read it (C1's table `xh_certificate_order`): its number (the
 * provider's out_trade_no), amount in fen and states. Every action reads it in the caller's tenant, and
 * locks it (`for update`) in the transaction that moves it.
 */
export const ORDER_TABLE = 'xh_certificate_order';

export interface PayOrder {
  id: string;
  order_no: string;
  amount: number;
  pay_state: PayState;
  ship_state: ShipState;
  transaction_id: string;
  refund_no: string;
  refund_amount: number;
  certificate_type: number | null;
}

const COLUMNS = `id::text as id, order_no, amount::text as amount, pay_state, ship_state, coalesce(transaction_id, '') as transaction_id,
  coalesce(refund_no, '') as refund_no, coalesce(refund_amount, 0)::text as refund_amount, certificate_type`;

type Raw = Omit<PayOrder, 'amount' | 'refund_amount'> & { amount: string; refund_amount: string };

const typed = (r: Raw): PayOrder => ({
  ...r,
  amount: Number(r.amount),
  refund_amount: Number(r.refund_amount),
  pay_state: Number(r.pay_state) as PayState,
  ship_state: Number(r.ship_state) as ShipState,
  certificate_type: r.certificate_type === null ? null : Number(r.certificate_type),
});

/** The live order of the tenant, locked when `lock`; else 400 数据不存在. */
export async function readOrder(tx: Tx, tenantId: string, id: string, lock = false): Promise<PayOrder> {
  const row = await tx.one<Raw>(`select ${COLUMNS} from ${ORDER_TABLE} where tenant_id = $1 and id = $2 and is_deleted = 0${lock ? ' for update' : ''}`, [tenantId, id]);
  if (!row) throw bizError(MSG.notFound);
  return typed(row);
}

/** The money of an order that counts against a new refund: refunds under way and done. */
export function refundedOrPending(refunds: readonly { status: string; amount: number }[]): number {
  return refunds.filter((r) => r.status === 'PROCESSING' || r.status === 'SUCCESS').reduce((sum, r) => sum + r.amount, 0);
}

/**
 * Where a paid order's refunds leave it: in progress while any is; refunded once all the money is back;
 * failed when the last refund to settle failed; else paid (part of the money back, or none). Written on
 * the locked order with its refund number and amount; an unpaid or closed order is left alone.
 */
export async function settleOrderState(tx: Tx, tenantId: string, order: PayOrder, at: { now: Date; userId: string | null }): Promise<PayState> {
  if (order.pay_state === PAY.unpaid || order.pay_state === PAY.closed) return order.pay_state;
  const refunds = await refundsOf(tx, tenantId, order.id);
  const returned = refunds.filter((r) => r.status === 'SUCCESS').reduce((sum, r) => sum + r.amount, 0);
  const settled = refunds.filter((r) => r.status === 'SUCCESS' || r.status === 'ABNORMAL');
  const latest = [...refunds].reverse().find((r) => r.status !== 'CLOSED');
  let state: PayState;
  if (refunds.some((r) => r.status === 'PROCESSING')) state = PAY.refunding;
  else if (returned >= order.amount) state = PAY.refunded;
  else if (settled.at(-1)?.status === 'ABNORMAL') state = PAY.refundFailed;
  else state = PAY.paid;
  // Only along the machine's lines: refunds never move an order back from where it cannot come back.
  if (state !== order.pay_state && !canMove(PAY_STATE, order.pay_state, state)) state = order.pay_state;
  await tx.query(
    `update ${ORDER_TABLE} set pay_state = $3, refund_amount = $4, refund_no = $5, update_time = $6, update_user = coalesce($7, update_user)
      where tenant_id = $1 and id = $2`,
    [tenantId, order.id, state, refundedOrPending(refunds), latest?.out_refund_no ?? order.refund_no, new Date(Math.floor(at.now.getTime() / 1000) * 1000), at.userId],
  );
  return state;
}
