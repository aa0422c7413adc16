import type { ServerParts } from '../../../core/sdk/server';
import { workflowService } from './service';

// Skeleton: the engine's parts (its service, the process routes), filled by its author in this change.
export const engineServer: ServerParts = { provides: { workflow: workflowService } };
