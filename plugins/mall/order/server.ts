import type { ServerParts } from '../../../core/sdk/server';
import { orderHooks } from './server-hooks';
import { itemTable } from './server-items';
import { orderMoveRoutes } from './server-moves';
import { orderSummaryRoutes } from './server-summary';
import { seedOrders } from './seed';

/**
 * Orders on the server: the engine's `page`, `detail`, `submit` and `remove` with the order's rules as
 * hooks, the lines' table, the status moves and the home card's summary, and the demo orders (after the
 * products they name).
 */
export const orderServer: ServerParts = {
  migrations: [itemTable],
  resources: { mall_order: (ctx) => ({ hooks: orderHooks(ctx) }) },
  routes: (api, ctx) => {
    orderMoveRoutes(api, ctx);
    orderSummaryRoutes(api, ctx);
  },
  seed: seedOrders,
};
