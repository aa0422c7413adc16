import { defineStateMachine } from '../../../core/sdk/shared';

/**
 * An order's life: it waits for payment, is paid (its stock taken) or cancelled, is shipped with a
 * logistics number, and completes; a paid or shipped order may be refunded (its stock returned).
 * Declared once for the server's refusals and the screen's buttons and tags.
 */
export const ORDER_STATE = {
  pending: 0,
  paid: 1,
  shipped: 2,
  completed: 3,
  cancelled: 4,
  refunded: 5,
} as const;

export type OrderState = (typeof ORDER_STATE)[keyof typeof ORDER_STATE];

export const orderMachine = defineStateMachine<OrderState>({
  subject: { zh: '订单', en: 'The order' },
  states: [
    { value: ORDER_STATE.pending, label: { zh: '待支付', en: 'Unpaid' }, color: 'orange' },
    { value: ORDER_STATE.paid, label: { zh: '已支付', en: 'Paid' }, color: 'arcoblue' },
    { value: ORDER_STATE.shipped, label: { zh: '已发货', en: 'Shipped' }, color: 'cyan' },
    { value: ORDER_STATE.completed, label: { zh: '已完成', en: 'Completed' }, color: 'green' },
    { value: ORDER_STATE.cancelled, label: { zh: '已取消', en: 'Cancelled' }, color: 'gray' },
    { value: ORDER_STATE.refunded, label: { zh: '已退款', en: 'Refunded' }, color: 'red' },
  ],
  moves: {
    [ORDER_STATE.pending]: [ORDER_STATE.paid, ORDER_STATE.cancelled],
    [ORDER_STATE.paid]: [ORDER_STATE.shipped, ORDER_STATE.refunded],
    [ORDER_STATE.shipped]: [ORDER_STATE.completed, ORDER_STATE.refunded],
  },
});

/** States whose stock is out of the shop: taken on payment, returned on a refund. */
export const STOCK_TAKEN: readonly OrderState[] = [ORDER_STATE.paid, ORDER_STATE.shipped, ORDER_STATE.completed];

/** The button the status moves need besides the entity's own codes (状态流转). */
export const ORDER_STATUS_CODE = 'mall_order_status';
