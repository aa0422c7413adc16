import type { ServerParts } from '../../../core/sdk/server';
import { productRoutes } from './routes';
import { productHooks } from './rules';
import { seedProducts } from './seed';

/**
 * Products on the server: the engine's endpoints with the price and removal rules as hooks, the order
 * form's choices (`list`), and the demo products (before the orders that name them).
 */
export const productServer: ServerParts = {
  resources: { mall_product: { hooks: productHooks } },
  routes: productRoutes,
  seed: seedProducts,
};
