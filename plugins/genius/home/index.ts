import type { HomeCardDecl } from '../../../core/sdk/shared';

/** The genius plugin's card on the home page: today's new orders and takings against yesterday. */
export const geniusHomeCards: HomeCardDecl[] = [
  {
    id: 'orders-today',
    title: { zh: '达人订单', en: 'Genius orders' },
    code: 'genius_order_view',
    sort: 30,
    load: () => import('./GeniusOrdersCard'),
  },
];

export const homeMessages = {
  zh: {
    orders: '今日新增订单',
    takings: '今日收款',
    yesterdayOrders: '昨日 {{count}} 单',
    open: '查看今日订单',
    loadFailed: '订单概况加载失败',
  },
  en: {
    orders: 'New orders today',
    takings: 'Takings today',
    yesterdayOrders: 'Yesterday {{count}}',
    open: "Today's orders",
    loadFailed: 'The orders could not be loaded',
  },
};
