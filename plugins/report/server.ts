import { defineServerPlugin } from '../../core/sdk/server';
import reportPlugin from './index';
import { reportHooks } from './server/hooks';
import { reportRoutes } from './server/routes';
import { seedReports } from './server/seed';

/**
 * The server part: the engine serves and stores the reports (list, detail, submit, remove), every save
 * checked like a run; `run`, `try` and `export` are written by hand; the seed gives each demo tenant the
 * reports its installed business tables allow.
 */
export default defineServerPlugin(reportPlugin, {
  resources: { report: (ctx) => ({ hooks: reportHooks(ctx) }) },
  routes: reportRoutes,
  seed: seedReports,
});
