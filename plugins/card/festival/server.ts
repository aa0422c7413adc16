import type { ServerParts } from '../../../core/sdk/server';
import { festivalRoutes } from './routes';
import { addFestivalViews, festivalHooks } from './rules';
import { seedFestivals } from './seed';

/**
 * Festivals on the server: the engine's `detail`, `save`, `update` and `remove` with the festival rules as
 * hooks, the list written here (ordered by the next date), and the demo festivals (after the companies
 * they name).
 */
export const festivalServer: ServerParts = {
  resources: {
    festival: (ctx) => ({
      skip: ['list'],
      hooks: { ...festivalHooks, afterRead: ({ tx, user, rows }) => addFestivalViews(tx, user.tenantId, rows, ctx.now()) },
    }),
  },
  routes: festivalRoutes,
  seed: seedFestivals,
};
