import type { ServerParts } from '../../../core/sdk/server';
import { workListRoutes } from './list-routes';
import { startProcessRoutes } from './start-process';
import { workTaskRoutes } from './task-routes';

/** Every member's work: the lists, the moves on a task, the general form's start and the top bar's waiting tasks. */
export const workServer: ServerParts = {
  routes(api, ctx) {
    workListRoutes(api, ctx);
    workTaskRoutes(api, ctx);
    startProcessRoutes(api, ctx);
  },
};
