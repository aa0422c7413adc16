import type { ServerParts } from '../../../core/sdk/server';

// Skeleton: the work lists' routes, filled by their author in this change.
export const workServer: ServerParts = {};
