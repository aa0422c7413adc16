import { defineServerPlugin } from '../../core/sdk/server';
import logPlugin from './index';
import { seedLogs } from './seed';
import { logReadOptions } from './server-read';
import { testErrorRoute } from './server-test-error';

/**
 * The server part: the engine serves the three logs read only (server-read.ts), the error log's test
 * error checks error logging end to end, and the seed gives the demo tenants a few days of logs.
 */
export default defineServerPlugin(logPlugin, {
  resources: { logUsual: logReadOptions, logApi: logReadOptions, logError: logReadOptions },
  routes: testErrorRoute,
  seed: seedLogs,
});
