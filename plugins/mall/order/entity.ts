import { defineEntity, MOBILE_REQUIRED, MOBILE_RULES, stateOptions } from '../../../core/sdk/shared';
import { ORDER_STATE, orderMachine } from './states';

/**
 * A mall order: who buys (name, mobile, address), what (its lines, kept in `mall_order_item` by the
 * order's own migration: a price is copied from the product when the order is saved and never sent by a
 * client), what it costs (whole fen: the lines' sum, the freight, and what is paid), and where it stands
 * (`status`, moved only by `update/status`, each move stamping its time). The number is made by the
 * server. The filters the list offers each get their index from the engine (status, create time, order
 * number, mobile: per tenant).
 */

/** One line of an order as `detail` answers it (amounts in fen). */
export interface OrderItem {
  productId: string;
  productName: string;
  productCover: string;
  price: number;
  quantity: number;
  amount: number;
}

/** One line as a client sends it: the product and how many; the server reads the rest. */
export interface OrderItemInput {
  productId: string;
  quantity: number;
}

export const ORDER_LIMITS = {
  /** Lines of one order. */
  lines: 50,
  /** Pieces of one line. */
  quantity: 9999,
} as const;

/** What a mall order's number starts with (the server's order numbers: prefix, second, digits; at most 32 characters). */
export const ORDER_PREFIX = 'MO';

/** Fields an order keeps once it is paid: after that only its logistics and remark change. */
export const LOCKED_AFTER_PAYMENT = ['buyerName', 'buyerMobile', 'address', 'freight'] as const;

const LOGISTICS_NO_RULE = {
  source: '^[A-Za-z0-9-]+$',
  message: { zh: '物流单号只能包含字母、数字和短横线', en: 'The tracking number may hold letters, digits and dashes only' },
};

export const orderEntity = defineEntity({
  name: 'mall_order',
  table: 'mall_order',
  label: { zh: '订单', en: 'Order' },
  api: { base: '/api/mall/order', list: 'page', save: 'submit', removeIds: 'query' },
  createTimeRange: true,
  sort: { field: 'createTime', order: 'desc' },
  unique: [{ fields: ['orderNo'], message: { zh: '订单号已存在', en: 'This order number is taken' } }],
  fields: {
    orderNo: {
      type: 'string',
      label: { zh: '订单号', en: 'Order no.' },
      maxLength: 32,
      writable: 'never',
      // Searched whole (pasted): 1.6 ms on a million orders, where a part of a number (a day's prefix)
      // took up to 0.8 s on PostgreSQL, which no index helped (npm run bench). A day's orders are what the
      // create-time range is for; `like` stays open to API callers.
      search: 'equal',
      filters: ['like'],
      form: { add: false, edit: true, view: true },
      width: 240,
    },
    // The list shows the buyer's mobile under the name (one column for both leaves the order number whole).
    buyerName: { type: 'string', label: { zh: '买家姓名', en: 'Buyer' }, required: true, maxLength: 50, width: 140 },
    buyerMobile: {
      type: 'string',
      label: { zh: '手机号码', en: 'Mobile' },
      required: MOBILE_REQUIRED,
      // Room for a mistyped number, so that the length rule (not a column limit) names the mistake.
      maxLength: 20,
      pattern: MOBILE_RULES,
      search: 'like',
      filters: ['equal'],
      list: false,
    },
    address: { type: 'text', label: { zh: '收货地址', en: 'Address' }, required: true, maxLength: 255, span: 24, list: false },
    // The order's lines: read and written by the order's own hooks (no column), chosen in the form.
    items: {
      type: 'text',
      label: { zh: '商品', en: 'Products' },
      required: { zh: '请选择商品', en: 'Please choose the products' },
      virtual: true,
      list: false,
      span: 24,
    },
    amount: { type: 'money', label: { zh: '商品金额', en: 'Goods' }, writable: 'never', form: false, list: false },
    freight: { type: 'money', label: { zh: '运费', en: 'Freight' }, default: 0, list: false },
    payAmount: { type: 'money', label: { zh: '实付金额', en: 'Total' }, writable: 'never', form: false, sortable: true, width: 124 },
    itemCount: { type: 'integer', label: { zh: '件数', en: 'Pieces' }, writable: 'never', form: false, width: 76 },
    status: {
      type: 'select',
      label: { zh: '订单状态', en: 'Status' },
      options: stateOptions(orderMachine),
      default: ORDER_STATE.pending,
      writable: 'never',
      search: 'equal',
      form: false,
      width: 100,
    },
    logisticsCompany: { type: 'string', label: { zh: '物流公司', en: 'Carrier' }, maxLength: 50, list: false, form: { add: false, edit: true, view: true } },
    logisticsNo: {
      type: 'string',
      label: { zh: '物流单号', en: 'Tracking no.' },
      maxLength: 40,
      pattern: LOGISTICS_NO_RULE,
      list: false,
      form: { add: false, edit: true, view: true },
    },
    remark: { type: 'text', label: { zh: '备注', en: 'Remark' }, maxLength: 500, span: 24, list: false },
    // The list's time column: the create time, given by the hooks when read (no column of its own).
    orderTime: { type: 'datetime', label: { zh: '下单时间', en: 'Ordered at' }, virtual: true, form: false, width: 168 },
    payTime: { type: 'datetime', label: { zh: '支付时间', en: 'Paid at' }, writable: 'never', form: false, list: false, filters: ['datege', 'datelt'] },
    shipTime: { type: 'datetime', label: { zh: '发货时间', en: 'Shipped at' }, writable: 'never', form: false, list: false },
    completeTime: { type: 'datetime', label: { zh: '完成时间', en: 'Completed at' }, writable: 'never', form: false, list: false },
    cancelTime: { type: 'datetime', label: { zh: '取消时间', en: 'Cancelled at' }, writable: 'never', form: false, list: false },
    refundTime: { type: 'datetime', label: { zh: '退款时间', en: 'Refunded at' }, writable: 'never', form: false, list: false },
  },
});

export type OrderEntity = typeof orderEntity;
