import type { HomeCardDecl } from '../../../core/sdk/shared';
import { ORDER_CODE } from '../order/codes';

// Both bodies live in one module, so the home page fetches one small chunk for the two cards.
const cards = () => import('./CertificateHomeCards');

/**
 * The certificate plugin's cards on the home page: today's orders and takings against yesterday's, and
 * the refunds in progress. Both read the orders' summary, shown to those who may view the orders.
 */
export const certificateHomeCards: HomeCardDecl[] = [
  {
    id: 'orders-today',
    title: { zh: '证书今日', en: 'Certificates today' },
    code: ORDER_CODE.view,
    sort: 30,
    load: () => cards().then((m) => ({ default: m.CertificatesTodayCard })),
  },
  {
    id: 'refunding',
    title: { zh: '退款中', en: 'Refunds in progress' },
    code: ORDER_CODE.view,
    sort: 31,
    load: () => cards().then((m) => ({ default: m.RefundingCard })),
  },
];

export const homeMessages = {
  zh: {
    orders: '新订单',
    takings: '收款',
    refundingCount: '{{count}} 笔',
    refundingAmount: '退款金额 {{amount}}',
    noRefunding: '没有进行中的退款',
    openOrders: '查看证书订单',
    openRefunding: '查看退款中的订单',
    loadFailed: '证书订单数据加载失败',
  },
  en: {
    orders: 'New orders',
    takings: 'Takings',
    refundingCount_one: '{{count}} order',
    refundingCount_other: '{{count}} orders',
    refundingAmount: 'Being refunded {{amount}}',
    noRefunding: 'No refund in progress',
    openOrders: 'Certificate orders',
    openRefunding: 'Orders being refunded',
    loadFailed: 'The certificate orders could not be loaded',
  },
};
