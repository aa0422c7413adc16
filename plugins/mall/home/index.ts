import type { HomeCardDecl } from '../../../core/sdk/shared';

/** Who may see the card: it shows the orders, so those who may view them. */
export const ORDER_VIEW = 'mall_order_view';

/** The mall's card on the home page: today's new orders and takings against yesterday's. */
export const mallHomeCards: HomeCardDecl[] = [
  {
    id: 'mall-today',
    title: { zh: '商城今日', en: 'Mall today' },
    code: ORDER_VIEW,
    sort: 20,
    load: () => import('./MallTodayCard'),
  },
];

/** The card's texts, under `mall.home`. */
export const homeMessages = {
  zh: {
    orders: '新增订单',
    takings: '成交金额',
    todayOrders: '今日订单',
    paidOrders: '待发货订单',
    loadFailed: '商城数据加载失败',
  },
  en: {
    orders: 'New orders',
    takings: 'Takings',
    todayOrders: "Today's orders",
    paidOrders: 'Orders to ship',
    loadFailed: 'The mall figures could not be loaded',
  },
};
