import type { ServerParts } from '../../../core/sdk/server';
import { processRoutes } from './process-routes';
import { workflowService } from './service';

/** The engine's parts: the service other plugins start processes with, and the routes reading an instance's progress. */
export const engineServer: ServerParts = { provides: { workflow: workflowService }, routes: processRoutes };
