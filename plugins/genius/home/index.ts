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
    vsYesterday: '较昨日',
    yesterdayZero: '昨日为 0',
    same: '持平',
    yesterdayOrders: '昨日 {{count}} 单',
    yesterdayTakings: '昨日 {{amount}}',
    up: '上升',
    down: '下降',
    open: '查看今日订单',
    loading: '加载中',
    loadFailed: '订单概况加载失败',
    retry: '重试',
  },
  en: {
    orders: 'New orders today',
    takings: 'Takings today',
    vsYesterday: 'vs yesterday',
    yesterdayZero: 'none yesterday',
    same: 'Unchanged',
    yesterdayOrders: 'Yesterday {{count}}',
    yesterdayTakings: 'Yesterday {{amount}}',
    up: 'up',
    down: 'down',
    open: "Today's orders",
    loading: 'Loading',
    loadFailed: 'The orders could not be loaded',
    retry: 'Retry',
  },
};
