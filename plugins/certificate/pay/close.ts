import { bizError, moveRefusal, moveState, type AuthUser, type ServerContext } from '../../../core/sdk/server';
import { PAY, PAY_STATE } from '../order/states';
import { actorId, logFailure } from './calls';
import { ORDER_TABLE, readOrder } from './order-row';
import { ProviderError, providerRefusal } from './provider';
import { logCall } from './records';
import { providerFor } from './settings';

/**
 * `closeOrderV3`: an unpaid order closed at the provider (so the customer can no longer pay it), then
 * moved to 已关闭 by a conditional update on the locked row: of several closes at once, one moves it and
 * the others are told it is closed already. A provider that says the order was paid meanwhile wins.
 */
export async function closeOrder(ctx: ServerContext, user: AuthUser, id: string): Promise<void> {
  const { order, provider } = await ctx.db.tenant(user.tenantId, async (tx) => {
    const order = await readOrder(tx, user.tenantId, id);
    if (order.pay_state !== PAY.unpaid) throw bizError(moveRefusal(PAY_STATE, order.pay_state, PAY.closed));
    return { order, provider: await providerFor(tx, ctx, user.tenantId) };
  });
  try {
    await provider.closeOrder({ outTradeNo: order.order_no });
  } catch (error) {
    if (!(error instanceof ProviderError)) throw error;
    // Never opened at the provider: there is nothing to close there.
    if (!(error.status === 404 && error.code === 'ORDER_NOT_EXIST')) {
      await logFailure(ctx, user, order.id, 'close', error);
      throw bizError(providerRefusal(error));
    }
  }
  await ctx.db.tenant(user.tenantId, (tx) =>
    moveState(tx, ctx, user, id, PAY.closed, {
      table: ORDER_TABLE,
      machine: PAY_STATE,
      column: 'pay_state',
      after: () =>
        logCall(tx, { id: ctx.ids.next(), tenantId: user.tenantId, orderId: id, kind: 'close', amount: order.amount, status: 'success', summary: 'CLOSED', answer: { trade_state: 'CLOSED' }, userId: actorId(user), now: ctx.now() }),
    }),
  );
}
