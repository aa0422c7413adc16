import { entityNames, type ServerParts } from '../../../core/sdk/server';
import { staffEntity } from './entity';
import { staffRoutes } from './server-routes';
import { staffResourceOptions } from './server-rules';
import { seedStaff } from './server-seed';

/**
 * Staff on the server: the engine's endpoints with the staff rules as hooks, the endpoints of their own
 * (selectors' list, default card, phone user, QR code, Excel import), the demo staff, and the staff's
 * names for the kernel (the visit plugin shows them).
 */
export const staffServer: ServerParts = {
  resources: { staff: staffResourceOptions },
  routes: staffRoutes,
  seed: seedStaff,
  provides: { names: { staff: entityNames(staffEntity, 'name') } },
};
