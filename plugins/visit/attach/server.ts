import type { ServerParts } from '../../../core/sdk/server';
import { attachHooks } from './server-attach';
import { expireGrantsJob, grantMigrations } from './server-grants';
import { ATTACH_RATE_RULES, PUBLIC_PATHS, publicRoutes } from './server-public';
import { grantRoutes } from './server-routes';
import { seedAttachments } from './server-seed';

/**
 * The attachments' server part: the engine serves the attachments (their grants counted on every read),
 * the hand-written endpoints decide on grants, the card front end asks and reads through two public
 * calls, and a job writes down the grants whose time is over.
 */
export const attachServer: ServerParts = {
  migrations: grantMigrations,
  resources: { visitAttach: (ctx) => ({ hooks: attachHooks(ctx) }) },
  routes(api, ctx) {
    grantRoutes(api, ctx);
    publicRoutes(api, ctx);
  },
  publicPaths: PUBLIC_PATHS,
  rateRules: ATTACH_RATE_RULES,
  jobs: [expireGrantsJob],
  seed: seedAttachments,
};
