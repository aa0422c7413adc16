import { bizError, type LocalText, moveRefusal, moveState, type AuthUser, type ServerContext, type Tx } from '../../../core/sdk/server';
import { SHIP, SHIP_STATE } from '../order/states';
import { certificateTypeName } from '../order/dictionary';
import { actorId, logFailure } from './calls';
import { PAY_MSG } from './messages';
import { ORDER_TABLE, readOrder } from './order-row';
import { ProviderError, providerRefusal, type WxTransaction } from './provider';
import { logCall } from './records';
import { providerFor } from './settings';
import { SHIPPABLE_STATES } from './states';

export interface ShipInput {
  id: string;
  /** The express company's code (logistics.ts). */
  logisticsCompany: string;
  logisticsNo: string;
}

/** What the parcel holds, as WeChat's shipping record shows the payer: the certificate's kind. */
async function itemDescription(tx: Tx, ctx: ServerContext, certificateType: number | null): Promise<string> {
  return `${certificateType === null ? '证书' : (await certificateTypeName(tx, ctx, certificateType)).zh} × 1`;
}

/**
 * `uploadShippingInfo`: the printed certificate sent. Only for an order paid and not wholly refunded, not
 * yet shipped; the payer (WeChat wants their openid) is read from the provider's record of the payment,
 * the shipping information uploaded, then the order moved to 已发货 with its carrier and number by a
 * conditional update on the locked row (checked again there: a refund finished meanwhile stops it).
 */
export async function shipOrder(ctx: ServerContext, user: AuthUser, input: ShipInput): Promise<void> {
  const { order, provider, itemDesc } = await ctx.db.tenant(user.tenantId, async (tx) => {
    const order = await readOrder(tx, user.tenantId, input.id);
    if (order.ship_state !== SHIP.notShipped) throw bizError(moveRefusal(SHIP_STATE, order.ship_state, SHIP.shipped));
    if (!SHIPPABLE_STATES.includes(order.pay_state)) throw bizError(PAY_MSG.notShippable);
    if (!order.transaction_id) throw bizError(PAY_MSG.noTransaction);
    return { order, provider: await providerFor(tx, ctx, user.tenantId), itemDesc: await itemDescription(tx, ctx, order.certificate_type) };
  });
  const refuse = async (error: unknown, text?: LocalText): Promise<never> => {
    if (!(error instanceof ProviderError)) throw error;
    await logFailure(ctx, user, order.id, 'ship', error);
    throw bizError(text ?? providerRefusal(error));
  };
  let txn: WxTransaction;
  try {
    txn = await provider.queryOrder({ outTradeNo: order.order_no });
  } catch (error) {
    return refuse(error);
  }
  if (txn.trade_state !== 'SUCCESS' && txn.trade_state !== 'REFUND') return refuse(new ProviderError(200, txn.trade_state, txn.trade_state_desc), PAY_MSG.notPaidAtProvider);
  try {
    await provider.uploadShippingInfo({ transactionId: order.transaction_id, outTradeNo: order.order_no, logisticsCompany: input.logisticsCompany, trackingNo: input.logisticsNo, itemDesc, payerOpenid: txn.payer?.openid });
  } catch (error) {
    return refuse(error);
  }
  await ctx.db.tenant(user.tenantId, (tx) =>
    moveState(tx, ctx, user, input.id, SHIP.shipped, {
      table: ORDER_TABLE,
      machine: SHIP_STATE,
      column: 'ship_state',
      before: ({ row }) => {
        if (!SHIPPABLE_STATES.includes(Number(row.pay_state) as (typeof SHIPPABLE_STATES)[number])) throw bizError(PAY_MSG.notShippable);
        return { logistics_company: input.logisticsCompany, logistics_no: input.logisticsNo };
      },
      after: () =>
        logCall(tx, {
          id: ctx.ids.next(),
          tenantId: user.tenantId,
          orderId: input.id,
          kind: 'ship',
          status: 'success',
          summary: `${input.logisticsCompany} ${input.logisticsNo}`,
          answer: { errcode: 0, errmsg: 'ok' },
          userId: actorId(user),
          now: ctx.now(),
        }),
    }),
  );
}
