import { bizError, moveRefusal, type AuthUser, type ServerContext } from '../../../core/sdk/server';
import { PAY, PAY_STATE } from '../order/states';
import { actorId, logFailure } from './calls';
import { PAY_MSG } from './messages';
import { readOrder } from './order-row';
import { ProviderError, providerRefusal } from './provider';
import { queryOrderPayment, type QueryResult } from './query';
import { logCall } from './records';
import { sandboxFor } from './settings';

/** The payer the sandbox records for an order (WeChat gives an openid per payer and app). */
export const sandboxOpenid = (orderId: string) => `osbx_${orderId}`;

/**
 * 模拟支付, the sandbox only: the customer pays the order's amount in the sandbox (its transaction
 * becomes SUCCESS, once: a second payment is refused there), then the order learns of it as it would from
 * WeChat's payment notice, through the same path as `queryOrderV3`.
 */
export async function simulatePayment(ctx: ServerContext, user: AuthUser, id: string): Promise<QueryResult> {
  const { order, sandbox } = await ctx.db.tenant(user.tenantId, async (tx) => {
    const order = await readOrder(tx, user.tenantId, id);
    const sandbox = await sandboxFor(tx, ctx, user.tenantId);
    if (!sandbox) throw bizError(PAY_MSG.notSandbox);
    if (order.pay_state !== PAY.unpaid) throw bizError(moveRefusal(PAY_STATE, order.pay_state, PAY.paid));
    return { order, sandbox };
  });
  try {
    const paid = await sandbox.pay({ outTradeNo: order.order_no, total: order.amount, payerOpenid: sandboxOpenid(order.id) });
    await ctx.db.tenant(user.tenantId, (tx) =>
      logCall(tx, {
        id: ctx.ids.next(),
        tenantId: user.tenantId,
        orderId: order.id,
        kind: 'pay',
        amount: order.amount,
        status: 'success',
        summary: `${paid.trade_state} ${paid.transaction_id ?? ''}`.trim(),
        answer: paid,
        userId: actorId(user),
        now: ctx.now(),
      }),
    );
  } catch (error) {
    if (!(error instanceof ProviderError)) throw error;
    await logFailure(ctx, user, order.id, 'pay', error, order.amount);
    throw bizError(providerRefusal(error));
  }
  return queryOrderPayment(ctx, user, id);
}
