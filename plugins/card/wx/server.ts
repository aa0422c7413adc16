import type { ServerParts } from '../../../core/sdk/server';
import { WX_BODY_LIMITS, wxRoutes } from './routes';

/** The card's image upload and card-domain calls (`/api/wx/*`). */
export const wxServer: ServerParts = { routes: wxRoutes, bodyLimits: WX_BODY_LIMITS };
