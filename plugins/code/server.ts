import { defineServerPlugin } from '../../core/sdk/server';
import codePlugin from './index';
import { codeHooks } from './server/hooks';
import { CODE_RATE_RULES, codeRoutes } from './server/routes';
import { seedCodeDemo } from './server/seed';

/**
 * The code generator on the engine (the records: list, detail, submit, remove), its own calls (the
 * datasources' tables, a proposal for a table, copy, preview, the zip), all for the super administrator
 * only (reading tables and generating counted per user); the seed makes a demo table and its record.
 */
export default defineServerPlugin(codePlugin, {
  resources: {
    code: { access: { read: 'administrator', add: 'administrator', edit: 'administrator', delete: 'administrator' }, hooks: codeHooks },
  },
  routes: codeRoutes,
  rateRules: CODE_RATE_RULES,
  seed: seedCodeDemo,
});
