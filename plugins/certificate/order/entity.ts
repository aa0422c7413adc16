import { defineEntity, type DictionaryDecl, MOBILE_REQUIRED, MOBILE_RULES, stateOptions } from '../../../core/sdk/shared';
import { LOGISTICS_COMPANIES } from '../pay/logistics';
import { ID_NUMBER_RULE } from './id-number';
import { PAY, PAY_STATE, SHIP, SHIP_STATE } from './states';

/**
 * A certificate order: someone applies for a certificate, pays for it through the tenant's payment
 * provider, and is sent the printed certificate. The order number is the server's; the payment, refund,
 * shipping and file fields are written only by their actions, never by a save.
 */

/** The kinds of certificate (`certificate_type`), declared by the plugin and seeded where missing. */
export const CERTIFICATE_TYPE_DICTIONARY: DictionaryDecl = {
  code: 'certificate_type',
  name: { zh: '证书类型', en: 'Certificate type' },
  items: [
    { key: '1', value: { zh: '职业技能证书', en: 'Vocational skill' } },
    { key: '2', value: { zh: '培训结业证书', en: 'Training completion' } },
    { key: '3', value: { zh: '荣誉证书', en: 'Honour' } },
    { key: '4', value: { zh: '会员证书', en: 'Membership' } },
  ],
};

/** The order number's prefix (`CO20240131…`). */
export const ORDER_NO_PREFIX = 'CO';

export const certificateOrderEntity = defineEntity({
  name: 'certificate_order',
  table: 'xh_certificate_order',
  label: { zh: '证书订单', en: 'Certificate order' },
  api: { base: '/api/xh/certificate/order', list: 'page', save: 'save-update' },
  createTimeRange: true,
  sort: { field: 'createTime', order: 'desc' },
  unique: [{ fields: ['orderNo'], message: { zh: '订单编号已存在', en: 'This order number is taken' } }],
  fields: {
    orderNo: {
      type: 'string',
      label: { zh: '订单编号', en: 'Order no.' },
      maxLength: 32,
      writable: 'never',
      form: { add: false, edit: true, view: true },
      search: 'like',
      sortable: true,
      width: 250,
    },
    name: { type: 'string', label: { zh: '申请人', en: 'Applicant' }, required: true, maxLength: 50, search: 'like', width: 100 },
    idNumber: { type: 'string', label: { zh: '身份证号', en: 'ID number' }, required: true, maxLength: 18, pattern: ID_NUMBER_RULE, width: 180 },
    mobile: { type: 'string', label: { zh: '手机号码', en: 'Mobile' }, required: MOBILE_REQUIRED, pattern: MOBILE_RULES, maxLength: 11, search: 'like', width: 124 },
    certificateType: {
      type: 'select',
      label: { zh: '证书类型', en: 'Certificate type' },
      dict: { code: CERTIFICATE_TYPE_DICTIONARY.code, numeric: true },
      required: true,
      search: 'equal',
      width: 116,
    },
    amount: { type: 'money', label: { zh: '订单金额', en: 'Amount' }, required: true, sortable: true, width: 120 },
    payState: {
      type: 'select',
      label: { zh: '支付状态', en: 'Payment' },
      options: stateOptions(PAY_STATE),
      default: PAY.unpaid,
      writable: 'never',
      form: { add: false, edit: true, view: true },
      search: 'equal',
      width: 112,
    },
    shipState: {
      type: 'select',
      label: { zh: '发货状态', en: 'Shipping' },
      options: stateOptions(SHIP_STATE),
      default: SHIP.notShipped,
      writable: 'never',
      form: { add: false, edit: true, view: true },
      search: 'equal',
      width: 104,
    },
    refundAmount: { type: 'money', label: { zh: '退款金额', en: 'Refunded' }, writable: 'never', form: { add: false, edit: false, view: true }, width: 116 },
    payTime: { type: 'datetime', label: { zh: '支付时间', en: 'Paid at' }, writable: 'never', list: false, form: { add: false, edit: false, view: true } },
    transactionId: { type: 'string', label: { zh: '微信支付单号', en: 'Transaction id' }, maxLength: 64, writable: 'never', list: false, form: { add: false, edit: false, view: true } },
    refundNo: { type: 'string', label: { zh: '退款单号', en: 'Refund no.' }, maxLength: 64, writable: 'never', list: false, form: { add: false, edit: false, view: true } },
    logisticsCompany: {
      type: 'select',
      label: { zh: '物流公司', en: 'Carrier' },
      // Stored as the code WeChat's shipping call takes, shown by name.
      options: LOGISTICS_COMPANIES.map((c) => ({ value: c.code, label: c.name })),
      maxLength: 64,
      writable: 'never',
      list: false,
      form: { add: false, edit: false, view: true },
    },
    logisticsNo: { type: 'string', label: { zh: '物流单号', en: 'Tracking no.' }, maxLength: 64, writable: 'never', list: false, form: { add: false, edit: false, view: true } },
    certificateNo: { type: 'string', label: { zh: '证书编号', en: 'Certificate no.' }, maxLength: 32, writable: 'never', list: false, form: { add: false, edit: false, view: true } },
    certificateFile: { type: 'string', label: { zh: '证书文件', en: 'Certificate file' }, maxLength: 500, writable: 'never', list: false, form: false },
    remark: { type: 'text', label: { zh: '备注', en: 'Remark' }, maxLength: 500, list: false },
    // The audit column, shown and sorted as a field of the list (the server fills it on every row).
    createTime: { type: 'datetime', label: { zh: '创建时间', en: 'Created' }, virtual: true, sortable: true, form: { add: false, edit: false, view: true }, width: 168 },
  },
});

export type CertificateOrderEntity = typeof certificateOrderEntity;
