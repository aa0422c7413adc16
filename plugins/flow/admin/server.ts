import type { ServerParts } from '../../../core/sdk/server';
import { followRoutes } from './follow';
import { CHECK_UPLOAD, DEPLOY_UPLOAD, managerRoutes } from './manager';
import { MODEL_SUBMIT, MODEL_SUBMIT_CAP, modelRoutes } from './models';
import { seedFlowModels } from './seed';
import { CHECK_UPLOAD_CAP, DEPLOY_UPLOAD_CAP } from './upload';

/**
 * The super administrator's workflow: models (drawn in the browser, kept as XML, deployed per tenant),
 * the deployed processes of every tenant, and the running instances. The seed brings the demo models
 * and deploys the two-step general approval in both demo tenants.
 */
export const adminServer: ServerParts = {
  routes(api, ctx) {
    modelRoutes(api, ctx);
    managerRoutes(api, ctx);
    followRoutes(api, ctx);
  },
  bodyLimits: { [MODEL_SUBMIT]: MODEL_SUBMIT_CAP, [CHECK_UPLOAD]: CHECK_UPLOAD_CAP, [DEPLOY_UPLOAD]: DEPLOY_UPLOAD_CAP },
  seed: seedFlowModels,
};
