import type { ServerParts } from '../../../core/sdk/server';
import { recordMigrations } from './records';
import { payRoutes } from './routes';
import { sandboxMigrations } from './sandbox';
import { seedPayments } from './seed';
import { settingMigrations } from './settings';

/**
 * The payments' server part: the settings, the sandbox's and the records' tables, the payment actions'
 * routes, and the demo payments of the demo orders (seeded after them).
 */
export const payServer: ServerParts = {
  migrations: [...settingMigrations, ...sandboxMigrations, ...recordMigrations],
  routes: payRoutes,
  seed: seedPayments,
};
