import { defineStateMachine } from '../../../core/sdk/shared';

/**
 * An order's payment and shipping states, read by the list (coloured tags, filters), the server's rules
 * (what may still be edited or removed) and the payment actions (which moves they make).
 */

export const PAY = { unpaid: 0, paid: 1, closed: 2, refunding: 3, refunded: 4, refundFailed: 5 } as const;
export type PayState = (typeof PAY)[keyof typeof PAY];

/**
 * Paid or closed from unpaid; a paid order goes into a refund, which settles back to paid (part of the
 * money returned), to refunded (all of it) or fails; a failed refund may be tried again.
 */
export const PAY_STATE = defineStateMachine<PayState>({
  subject: { zh: '订单支付', en: "The order's payment" },
  states: [
    { value: PAY.unpaid, label: { zh: '未支付', en: 'Not paid' }, color: 'orange' },
    { value: PAY.paid, label: { zh: '已支付', en: 'Paid' }, color: 'green' },
    { value: PAY.closed, label: { zh: '已关闭', en: 'Closed' }, color: 'gray' },
    { value: PAY.refunding, label: { zh: '退款中', en: 'Refunding' }, color: 'arcoblue' },
    { value: PAY.refunded, label: { zh: '已退款', en: 'Refunded' }, color: 'purple' },
    { value: PAY.refundFailed, label: { zh: '退款失败', en: 'Refund failed' }, color: 'red' },
  ],
  moves: {
    [PAY.unpaid]: [PAY.paid, PAY.closed],
    [PAY.paid]: [PAY.refunding],
    [PAY.refunding]: [PAY.paid, PAY.refunded, PAY.refundFailed],
    [PAY.refundFailed]: [PAY.refunding, PAY.paid],
  },
});

/** States in which the customer's money is (at least partly) with the tenant: such an order stays on the books. */
export const MONEY_HELD: readonly PayState[] = [PAY.paid, PAY.refunding, PAY.refundFailed];

export const SHIP = { notShipped: 0, shipped: 1 } as const;
export type ShipState = (typeof SHIP)[keyof typeof SHIP];

export const SHIP_STATE = defineStateMachine<ShipState>({
  subject: { zh: '订单发货', en: "The order's shipping" },
  states: [
    { value: SHIP.notShipped, label: { zh: '未发货', en: 'Not shipped' }, color: 'gray' },
    { value: SHIP.shipped, label: { zh: '已发货', en: 'Shipped' }, color: 'green' },
  ],
  moves: { [SHIP.notShipped]: [SHIP.shipped] },
});
