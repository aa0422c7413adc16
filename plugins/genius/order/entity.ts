import { defineEntity, defineStateMachine, MOBILE_REQUIRED, MOBILE_RULES, stateOptions } from '../../../core/sdk/shared';
import { GENIUS_CHOICES_URL, LISTED } from '../profile/entity';

/**
 * A genius order: a customer books a genius's service for a time. The amount is the genius's price when
 * the order is made (the server reads it when none is sent) and the order then moves through its states
 * only by `update/status`, along the moves below; the times of the moves are the server's.
 */

export const ORDER_STATE = { pending: 0, paid: 1, confirmed: 2, completed: 3, cancelled: 4, refunded: 5 } as const;

export const geniusOrderMachine = defineStateMachine({
  subject: { zh: '订单', en: 'The order' },
  states: [
    { value: ORDER_STATE.pending, label: { zh: '待支付', en: 'Unpaid' }, color: 'orange' },
    { value: ORDER_STATE.paid, label: { zh: '已支付', en: 'Paid' }, color: 'arcoblue' },
    { value: ORDER_STATE.confirmed, label: { zh: '已确认', en: 'Confirmed' }, color: 'cyan' },
    { value: ORDER_STATE.completed, label: { zh: '已完成', en: 'Completed' }, color: 'green' },
    { value: ORDER_STATE.cancelled, label: { zh: '已取消', en: 'Cancelled' }, color: 'gray' },
    { value: ORDER_STATE.refunded, label: { zh: '已退款', en: 'Refunded' }, color: 'red' },
  ],
  moves: {
    [ORDER_STATE.pending]: [ORDER_STATE.paid, ORDER_STATE.cancelled],
    [ORDER_STATE.paid]: [ORDER_STATE.confirmed, ORDER_STATE.refunded],
    [ORDER_STATE.confirmed]: [ORDER_STATE.completed, ORDER_STATE.refunded],
  },
});

/** The button that moves an order to another state (状态流转): the screen offers the moves to its holders, the server requires it. */
export const ORDER_STATUS_CODE = 'genius_order_status';

/** States of an order not yet over: its genius stays (is not removed) while one is. */
export const UNFINISHED_STATES: readonly number[] = [ORDER_STATE.pending, ORDER_STATE.paid, ORDER_STATE.confirmed];
/** States in which the customer's money is held: such an order is refunded, never removed. */
export const PAID_STATES: readonly number[] = [ORDER_STATE.paid, ORDER_STATE.confirmed];

export const geniusOrderEntity = defineEntity({
  name: 'genius_order',
  table: 'genius_order',
  label: { zh: '达人订单', en: 'Genius order' },
  api: { base: '/api/genius/order', list: 'list', save: 'submit', removeIds: 'query' },
  createTimeRange: true,
  sort: { field: 'createTime', order: 'desc' },
  unique: [{ fields: ['orderNo'], message: { zh: '订单编号已存在', en: 'This order number already exists' } }],
  fields: {
    orderNo: { type: 'string', label: { zh: '订单编号', en: 'Order number' }, maxLength: 32, writable: 'never', form: { add: false, edit: true, view: true }, search: 'like', width: 256 },
    geniusId: {
      type: 'id',
      label: { zh: '达人', en: 'Genius' },
      required: true,
      // Only a listed genius is booked.
      source: { url: `${GENIUS_CHOICES_URL}?status=${LISTED}`, label: 'name' },
      writable: 'create',
      editable: false,
      search: 'equal',
      list: false,
    },
    // The genius's name as the row is read: a genius taken off the list since is no longer among the choices.
    geniusName: { type: 'string', label: { zh: '达人', en: 'Genius' }, virtual: true, form: false, width: 100 },
    customerName: { type: 'string', label: { zh: '客户姓名', en: 'Customer' }, required: true, maxLength: 50, search: 'like', width: 100 },
    // Room for what a client may send by mistake, so that the length rule, not a column limit, answers.
    // The mobile and the service are read in the order's details: the list keeps room for the number and the state.
    customerMobile: { type: 'string', label: { zh: '手机号码', en: 'Mobile' }, required: MOBILE_REQUIRED, pattern: MOBILE_RULES, maxLength: 20, search: 'like', list: false },
    service: { type: 'string', label: { zh: '服务内容', en: 'Service' }, required: true, maxLength: 100, span: 24, list: false },
    bookedTime: { type: 'datetime', label: { zh: '预约时间', en: 'Booked time' }, required: true, sortable: true, width: 170 },
    amount: { type: 'money', label: { zh: '订单金额', en: 'Amount' }, sortable: true, width: 120 },
    status: {
      type: 'select',
      label: { zh: '订单状态', en: 'Status' },
      options: stateOptions(geniusOrderMachine),
      writable: 'never',
      form: { add: false, edit: false, view: true },
      search: 'equal',
      width: 110,
    },
    payTime: { type: 'datetime', label: { zh: '支付时间', en: 'Paid at' }, writable: 'never', form: { add: false, edit: false, view: true }, list: false },
    confirmTime: { type: 'datetime', label: { zh: '确认时间', en: 'Confirmed at' }, writable: 'never', form: { add: false, edit: false, view: true }, list: false },
    completeTime: { type: 'datetime', label: { zh: '完成时间', en: 'Completed at' }, writable: 'never', form: { add: false, edit: false, view: true }, list: false },
  },
});
