import { mountStateMove, type ServerParts } from '../../../core/sdk/server';
import { geniusOrderEntity, ORDER_STATUS_CODE } from './entity';
import { orderMove } from './moves';
import { orderHooks } from './rules';
import { seedGeniusOrders } from './seed';
import { orderSummaryRoute } from './summary';

/**
 * Genius orders on the server: the engine's list, detail, submit and remove with the order rules as
 * hooks, the state move (`update/status`, its own button), today's summary for the home card, and the
 * demo orders (after the geniuses they book).
 */
export const orderServer: ServerParts = {
  resources: { genius_order: (ctx) => ({ hooks: orderHooks(ctx) }) },
  routes(api, ctx) {
    mountStateMove(api, ctx, {
      path: `${geniusOrderEntity.api.base.replace(/^\/api/, '')}/update/status`,
      code: ORDER_STATUS_CODE,
      summary: { zh: '达人订单状态流转', en: 'Move a genius order to another state' },
      ...orderMove,
    });
    orderSummaryRoute(api, ctx);
  },
  seed: seedGeniusOrders,
};
