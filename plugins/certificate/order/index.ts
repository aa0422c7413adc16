import { defineResource } from '../../../core/sdk/shared';
import { ORDER_CODE } from './codes';
import { certificateOrderEntity } from './entity';

export { CERTIFICATE_TYPE_DICTIONARY, certificateOrderEntity } from './entity';
export { ORDER_CODE } from './codes';

/**
 * 证书订单 under 证书管理: the list with its states as tags and the ID numbers masked, the server's
 * export of the filtered orders, a drawer with an order's payment history, and per row the payment
 * actions and the certificate file. Each action has its own button; the demo `user` role may look.
 */
export const certificateOrderResource = defineResource({
  entity: certificateOrderEntity,
  menu: { parent: 'certificate', name: { zh: '证书订单', en: 'Certificate orders' }, path: '/certificate/order', icon: 'file-text', sort: 1 },
  grants: { user: ['view'] },
  buttons: [
    { code: ORDER_CODE.refund, name: { zh: '退款', en: 'Refund' }, alias: 'refund', icon: 'money', sort: 5, action: 2 },
    { code: ORDER_CODE.query, name: { zh: '查询支付', en: 'Query payment' }, alias: 'query', icon: 'search', sort: 6, action: 2 },
    { code: ORDER_CODE.close, name: { zh: '关闭订单', en: 'Close order' }, alias: 'close', icon: 'lock', sort: 7, action: 2 },
    { code: ORDER_CODE.ship, name: { zh: '上传发货', en: 'Upload shipping' }, alias: 'ship', icon: 'send', sort: 8, action: 2 },
    { code: ORDER_CODE.file, name: { zh: '生成证书', en: 'Make certificate' }, alias: 'file', icon: 'file', sort: 9, action: 2 },
    { code: ORDER_CODE.export, name: { zh: '导出', en: 'Export' }, alias: 'export', icon: 'export', sort: 10, action: 1 },
    { code: ORDER_CODE.viewSensitive, name: { zh: '查看身份证号', en: 'See ID numbers' }, alias: 'view-sensitive', icon: 'eye', sort: 11, action: 0 },
  ],
  screen: () => import('./screens/OrderPage'),
});

/** The screen's own texts, under `certificate.order`. */
export const orderMessages = {
  zh: {
    export: '导出',
    exportConfirm: '导出当前筛选条件下的全部证书订单？',
    exportName: '证书订单',
    detail: '订单详情',
    detailTitle: '订单 {{orderNo}}',
    openDetail: '查看订单 {{orderNo}} 的详情',
    order: '订单信息',
    payments: '支付记录',
    noPayments: '还没有支付记录',
    loadFailed: '订单详情加载失败',
    retry: '重试',
    operator: '操作人：{{name}}',
    system: '系统',
    answer: '渠道应答：{{text}}',
    refundNo: '退款单号 {{no}}',
    reason: '原因：{{text}}',
    settled: '{{time}} 到账',
    amount: '金额 {{amount}}',
    kind: {
      pay: '支付',
      query: '查询支付',
      close: '关闭订单',
      refund: '退款',
      refundQuery: '查询退款',
      ship: '上传发货',
    },
    status: {
      success: '成功',
      processing: '处理中',
      failed: '失败',
    },
  },
  en: {
    export: 'Export',
    exportConfirm: 'Export every certificate order the current filters match?',
    exportName: 'certificate-orders',
    detail: 'Order details',
    detailTitle: 'Order {{orderNo}}',
    openDetail: 'Details of order {{orderNo}}',
    order: 'The order',
    payments: 'Payment history',
    noPayments: 'No payment events yet',
    loadFailed: 'The order could not be loaded',
    retry: 'Retry',
    operator: 'By {{name}}',
    system: 'System',
    answer: 'Provider answer: {{text}}',
    refundNo: 'Refund no. {{no}}',
    reason: 'Reason: {{text}}',
    settled: 'settled {{time}}',
    amount: 'Amount {{amount}}',
    kind: {
      pay: 'Payment',
      query: 'Payment query',
      close: 'Close order',
      refund: 'Refund',
      refundQuery: 'Refund query',
      ship: 'Shipping upload',
    },
    status: {
      success: 'Succeeded',
      processing: 'In progress',
      failed: 'Failed',
    },
  },
};
