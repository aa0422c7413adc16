import type { ServerContext, ServerParts } from '../../../core/sdk/server';
import { orderHooks } from './rules';
import { orderRoutes } from './routes';
import { seedCertificateOrders } from './seed';

/**
 * Certificate orders on the server: the engine's endpoints with the order's rules as hooks (its number,
 * the ID number's check and mask, what stays fixed once paid, no removal of a paid order), the order
 * info, the export and the home cards' summary, and the demo orders.
 */
export const orderServer: ServerParts = {
  resources: { certificate_order: (ctx: ServerContext) => ({ hooks: orderHooks(ctx) }) },
  routes: orderRoutes,
  seed: seedCertificateOrders,
};
