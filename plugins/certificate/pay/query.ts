import { bizError, type LocalText, moveState, type AuthUser, type ServerContext } from '../../../core/sdk/server';
import { PAY, PAY_STATE, type PayState } from '../order/states';
import { actorId, errorSummary, logFailure, toSecond } from './calls';
import { amountMismatch, PAY_MSG } from './messages';
import { ORDER_TABLE, type PayOrder, readOrder, settleOrderState } from './order-row';
import { parseProviderTime, ProviderError, providerRefusal, type TradeState, type WxRefund, type WxTransaction } from './provider';
import type { LogStatus } from './payment-event';
import { logCall, recordRefundAnswer, REFUND_TABLE } from './records';
import { providerFor } from './settings';
import { refundStatusOf, type RefundStatus } from './states';

export interface QueryResult {
  id: string;
  payState: PayState;
  /** The provider's state of the payment ('' when the customer never started paying). */
  tradeState: TradeState | '';
  refunds: { outRefundNo: string; status: RefundStatus }[];
}

const PAID: readonly TradeState[] = ['SUCCESS', 'REFUND'];

const logStatusOf = (status: RefundStatus): LogStatus => (status === 'SUCCESS' ? 'success' : status === 'PROCESSING' ? 'processing' : 'failed');

interface RefundAnswer {
  outRefundNo: string;
  amount: number;
  answer?: WxRefund;
  error?: ProviderError;
}

/**
 * `queryOrderV3`: asks the provider about the order's payment and about each refund still in progress,
 * then, in one transaction holding the order's row, writes what it learnt: paid (with the transaction id
 * and the time, once the amount is checked against the order's), closed by the provider, refunds settled
 * and the state they leave the order in; each answer goes into the history. Asking again changes nothing
 * more (every write is conditional on the state it moves from).
 */
export async function queryOrderPayment(ctx: ServerContext, user: AuthUser, id: string): Promise<QueryResult> {
  const { order, provider, pending } = await ctx.db.tenant(user.tenantId, async (tx) => ({
    order: await readOrder(tx, user.tenantId, id),
    provider: await providerFor(tx, ctx, user.tenantId),
    pending: await tx.query<{ out_refund_no: string; amount: string }>(
      `select out_refund_no, amount::text as amount from ${REFUND_TABLE} where tenant_id = $1 and order_id = $2 and status = 'PROCESSING' order by create_time, id`,
      [user.tenantId, id],
    ),
  }));

  let txn: WxTransaction | null = null;
  try {
    txn = await provider.queryOrder({ outTradeNo: order.order_no });
  } catch (error) {
    if (!(error instanceof ProviderError)) throw error;
    // The customer never opened the payment: as good as unpaid.
    if (!(error.status === 404 && error.code === 'ORDER_NOT_EXIST')) {
      await logFailure(ctx, user, order.id, 'query', error);
      throw bizError(providerRefusal(error));
    }
  }
  const refunds: RefundAnswer[] = [];
  for (const r of pending) {
    try {
      refunds.push({ outRefundNo: r.out_refund_no, amount: Number(r.amount), answer: await provider.queryRefund({ outRefundNo: r.out_refund_no }) });
    } catch (error) {
      if (!(error instanceof ProviderError)) throw error;
      refunds.push({ outRefundNo: r.out_refund_no, amount: Number(r.amount), error });
    }
  }

  const { result, problem } = await ctx.db.tenant(user.tenantId, async (tx) => {
    const now = ctx.now();
    const log = (kind: 'query' | 'refundQuery', status: LogStatus, summary: string, answer: unknown, amount?: number) =>
      logCall(tx, { id: ctx.ids.next(), tenantId: user.tenantId, orderId: id, kind, amount, status, summary, answer, userId: actorId(user), now });
    let locked = await readOrder(tx, user.tenantId, id, true);
    let problem: LocalText | null = null;

    const total = txn?.amount?.total;
    if (txn && PAID.includes(txn.trade_state)) {
      if (locked.pay_state === PAY.unpaid) {
        if (total !== locked.amount) problem = amountMismatch(total ?? 0, locked.amount);
        else locked = await markPaid(tx, ctx, user, locked, txn);
      } else if (locked.pay_state === PAY.closed) {
        problem = PAY_MSG.paidButClosed;
      }
    } else if (txn?.trade_state === 'CLOSED' && locked.pay_state === PAY.unpaid) {
      await moveState(tx, ctx, user, id, PAY.closed, { table: ORDER_TABLE, machine: PAY_STATE, column: 'pay_state' });
      locked = { ...locked, pay_state: PAY.closed };
    }
    await log('query', problem ? 'failed' : 'success', txn ? `${txn.trade_state}${txn.transaction_id ? ` ${txn.transaction_id}` : ''}` : 'ORDER_NOT_EXIST', txn ?? { code: 'ORDER_NOT_EXIST' }, total);

    const seen: QueryResult['refunds'] = [];
    for (const r of refunds) {
      if (r.answer) {
        const status = refundStatusOf(r.answer);
        await recordRefundAnswer(tx, user.tenantId, r.outRefundNo, { status, refundId: r.answer.refund_id, answer: r.answer, settledAt: parseProviderTime(r.answer.success_time), now });
        await log('refundQuery', logStatusOf(status), `${status}${r.answer.refund_id ? ` ${r.answer.refund_id}` : ''}`, r.answer, r.amount);
        seen.push({ outRefundNo: r.outRefundNo, status });
      } else if (r.error && r.error.status === 404 && r.error.code === 'RESOURCE_NOT_EXISTS') {
        // The provider never made it (the request was lost on the way): nothing was refunded.
        await recordRefundAnswer(tx, user.tenantId, r.outRefundNo, { status: 'CLOSED', answer: { code: r.error.code, message: r.error.detail }, settledAt: null, now });
        await log('refundQuery', 'failed', errorSummary(r.error), { code: r.error.code, message: r.error.detail }, r.amount);
        seen.push({ outRefundNo: r.outRefundNo, status: 'CLOSED' });
      } else if (r.error) {
        await log('refundQuery', 'failed', errorSummary(r.error), { code: r.error.code, message: r.error.detail }, r.amount);
        seen.push({ outRefundNo: r.outRefundNo, status: 'PROCESSING' });
      }
    }
    const payState = await settleOrderState(tx, user.tenantId, locked, { now, userId: actorId(user) });
    return { result: { id, payState, tradeState: txn?.trade_state ?? '', refunds: seen } satisfies QueryResult, problem };
  });
  // Said after the answer was recorded: the history shows what the provider said.
  if (problem) throw bizError(problem);
  return result;
}

/** Unpaid → paid, with the provider's transaction id and time of payment. */
async function markPaid(tx: Parameters<typeof moveState>[0], ctx: ServerContext, user: AuthUser, order: PayOrder, txn: WxTransaction): Promise<PayOrder> {
  const paidAt = parseProviderTime(txn.success_time) ?? ctx.now();
  await moveState(tx, ctx, user, order.id, PAY.paid, {
    table: ORDER_TABLE,
    machine: PAY_STATE,
    column: 'pay_state',
    before: () => ({ transaction_id: txn.transaction_id ?? '', pay_time: toSecond(paidAt) }),
  });
  return { ...order, pay_state: PAY.paid, transaction_id: txn.transaction_id ?? '' };
}
