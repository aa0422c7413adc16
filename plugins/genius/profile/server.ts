import type { ServerParts } from '../../../core/sdk/server';
import { geniusRoutes } from './routes';
import { geniusHooks } from './rules';
import { seedGeniuses } from './seed';

/**
 * Geniuses on the server: the engine's list, detail, save, update and remove with the genius rules as
 * hooks, the choices of the order and article forms, and the demo geniuses.
 */
export const profileServer: ServerParts = {
  resources: { genius: { hooks: geniusHooks } },
  routes: geniusRoutes,
  seed: seedGeniuses,
};
