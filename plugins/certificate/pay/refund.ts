import { bizError, moveRefusal, orderNumber, type ServerContext } from '../../../core/sdk/server';
import { PAY, PAY_STATE, type PayState } from '../order/states';
import { actorId, type Actor, toSecond } from './calls';
import { PAY_MSG, refundTooMuch } from './messages';
import { ORDER_TABLE, readOrder, refundedOrPending, settleOrderState } from './order-row';
import { parseProviderTime, ProviderError, providerRefusal, type WxRefund } from './provider';
import { insertRefund, recordRefundAnswer, refundsOf } from './records';
import { providerFor } from './settings';
import { REFUNDABLE_STATES, refundStatusOf, type RefundStatus } from './states';

/** The refund numbers' prefix (`RF20240601…`), WeChat's out_refund_no. */
export const REFUND_NO_PREFIX = 'RF';

export interface RefundResult {
  id: string;
  outRefundNo: string;
  status: RefundStatus;
  payState: PayState;
}

/**
 * A refund whose refusal is certain (the provider checked our signature and said no): nothing was
 * refunded. Anything else (no answer, an answer we could not trust, the provider's own failure) leaves
 * the refund in progress, to be settled by a later query.
 */
const certainRefusal = (error: ProviderError) => error.status >= 400 && error.status < 500 && error.code !== 'UNVERIFIED';

/**
 * `refundV3`: `amount` fen of a paid order back to the payer. The order's row is locked while the
 * refund is checked against what is left (the refunds under way and done count) and written down as in
 * progress, with the order moved to 退款中; of two refunds at once, the second sees the first. The
 * provider is asked after that transaction, and its answer recorded in another.
 */
export async function refundOrder(ctx: ServerContext, actor: Actor, input: { id: string; amount: number; reason: string }): Promise<RefundResult> {
  const outRefundNo = orderNumber(ctx, REFUND_NO_PREFIX);
  const { order, provider } = await ctx.db.tenant(actor.tenantId, async (tx) => {
    const order = await readOrder(tx, actor.tenantId, input.id, true);
    if (!REFUNDABLE_STATES.includes(order.pay_state)) throw bizError(moveRefusal(PAY_STATE, order.pay_state, PAY.refunding));
    const counted = refundedOrPending(await refundsOf(tx, actor.tenantId, order.id));
    const refundable = Math.max(0, order.amount - counted);
    if (input.amount > refundable) throw bizError(refundTooMuch(refundable));
    // Before anything is written: a tenant whose provider is not set up is refused with nothing changed.
    const provider = await providerFor(tx, ctx, actor.tenantId);
    const now = ctx.now();
    await insertRefund(tx, { id: ctx.ids.next(), tenantId: actor.tenantId, orderId: order.id, outRefundNo, amount: input.amount, reason: input.reason, userId: actorId(actor), now });
    await tx.query(
      `update ${ORDER_TABLE} set pay_state = $3, refund_no = $4, refund_amount = $5, update_time = $6, update_user = coalesce($7, update_user)
        where tenant_id = $1 and id = $2 and pay_state = $8`,
      [actor.tenantId, order.id, PAY.refunding, outRefundNo, counted + input.amount, toSecond(now), actorId(actor), order.pay_state],
    );
    return { order, provider };
  });

  let answer: WxRefund;
  try {
    answer = await provider.refund({ outTradeNo: order.order_no, outRefundNo, amount: { refund: input.amount, total: order.amount, currency: 'CNY' }, reason: input.reason });
  } catch (error) {
    if (!(error instanceof ProviderError)) throw error;
    const certain = certainRefusal(error);
    await ctx.db.tenant(actor.tenantId, async (tx) => {
      const locked = await readOrder(tx, actor.tenantId, order.id, true);
      const said = { code: error.code, message: error.detail, status: error.status };
      await recordRefundAnswer(tx, actor.tenantId, outRefundNo, { status: certain ? 'CLOSED' : 'PROCESSING', answer: said, settledAt: null, now: ctx.now() });
      if (certain) await settleOrderState(tx, actor.tenantId, locked, { now: ctx.now(), userId: actorId(actor) });
    });
    const refusal = providerRefusal(error);
    throw bizError(certain ? refusal : { zh: `${PAY_MSG.refundUnconfirmed.zh}（${refusal.zh}）`, en: `${PAY_MSG.refundUnconfirmed.en} (${refusal.en})` });
  }

  const payState = await ctx.db.tenant(actor.tenantId, async (tx) => {
    const locked = await readOrder(tx, actor.tenantId, order.id, true);
    await recordRefundAnswer(tx, actor.tenantId, outRefundNo, {
      status: refundStatusOf(answer),
      refundId: answer.refund_id,
      answer,
      settledAt: parseProviderTime(answer.success_time),
      now: ctx.now(),
    });
    return settleOrderState(tx, actor.tenantId, locked, { now: ctx.now(), userId: actorId(actor) });
  });
  return { id: order.id, outRefundNo, status: refundStatusOf(answer), payState };
}
