import type { ServerParts } from '../../../core/sdk/server';

// Skeleton: the models', manager's and follow routes, filled by their author in this change.
export const adminServer: ServerParts = {};
