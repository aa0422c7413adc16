import type { LocalText } from '../../../core/sdk/shared';
import { PAY, type PayState } from '../order/states';

/**
 * What the payment actions add to the order's states (order/states.ts): the states each action starts
 * from, a refund's own states as WeChat Pay reports them, and the providers a tenant may choose.
 */

/**
 * States from which money may still go back, when some is left: a paid order, one with a refund under way
 * (a second, partial one), one whose last refund failed.
 */
export const REFUNDABLE_STATES: readonly PayState[] = [PAY.paid, PAY.refunding, PAY.refundFailed];

/** States in which the certificate has been paid for and not wholly refunded: it may be shipped. */
export const SHIPPABLE_STATES: readonly PayState[] = [PAY.paid, PAY.refunding, PAY.refundFailed];

/** A refund as WeChat Pay V3 reports it. PROCESSING and SUCCESS count against what may still be refunded. */
export const REFUND_STATUS = ['PROCESSING', 'SUCCESS', 'ABNORMAL', 'CLOSED'] as const;
export type RefundStatus = (typeof REFUND_STATUS)[number];

/** A provider's refund status as one of ours: one we do not know is taken as still in progress. */
export const refundStatusOf = (answer: { status?: unknown }): RefundStatus =>
  (REFUND_STATUS as readonly unknown[]).includes(answer.status) ? (answer.status as RefundStatus) : 'PROCESSING';

export const REFUND_STATUS_LABELS: Readonly<Record<RefundStatus, LocalText & { color: string }>> = {
  PROCESSING: { zh: '退款处理中', en: 'Processing', color: 'orange' },
  SUCCESS: { zh: '退款成功', en: 'Refunded', color: 'green' },
  ABNORMAL: { zh: '退款异常', en: 'Failed', color: 'red' },
  CLOSED: { zh: '退款关闭', en: 'Closed', color: 'gray' },
};

/** The payment providers a tenant may choose. */
export const PROVIDERS = ['sandbox', 'wechatpay-v3'] as const;
export type ProviderId = (typeof PROVIDERS)[number];

export const PROVIDER_LABELS: Readonly<Record<ProviderId, LocalText>> = {
  sandbox: { zh: '沙箱（模拟支付）', en: 'Sandbox (simulated payments)' },
  'wechatpay-v3': { zh: '微信支付 API v3', en: 'WeChat Pay API v3' },
};
