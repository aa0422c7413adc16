import { defineServerPlugin } from '../../core/sdk/server';
import leavePlugin from './index';
import { seedLeave } from './seed';
import { leaveRoutes } from './server-routes';

/**
 * The leave request's server part: `start-process` and `detail` under /api/blade-desk/process/leave, and
 * the demo (the process deployed, the hr role and user, leaves in every state). The table is the entity's.
 */
export default defineServerPlugin(leavePlugin, {
  routes: leaveRoutes,
  seed: seedLeave,
  demoAccounts: 'hr/hr (role hr, who claims and approves leaves of more than three days) in 000000 and 100001',
});
