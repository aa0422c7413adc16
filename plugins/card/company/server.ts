import { entityNames, type ServerParts } from '../../../core/sdk/server';
import { companyEntity } from './entity';
import { companyRoutes } from './routes';
import { companyHooks } from './rules';
import { seedCompanies } from './seed';

/**
 * Companies on the server: the engine's endpoints with the default-company rules as hooks, the selectors'
 * `list` and `defaultCompany`, the demo companies, and the companies' names for the kernel (the visit
 * plugin shows them).
 */
export const companyServer: ServerParts = {
  resources: { company: { hooks: companyHooks } },
  routes: companyRoutes,
  seed: seedCompanies,
  provides: { names: { company: entityNames(companyEntity, 'name') } },
};
