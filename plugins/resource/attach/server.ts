import type { ServerParts } from '../../../core/sdk/server';
import { attachRoutes } from './routes';

/** Attachments on the server: their routes over the kernel's `blade_attach` (no table of their own, no seed: every upload is one). */
export const attachServer: ServerParts = { routes: attachRoutes };
