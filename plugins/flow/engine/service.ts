import type { WorkflowService } from '../../../core/sdk/server';

// Skeleton: replaced by the engine's author in this change.
const refused = () => Promise.reject(new Error('The workflow engine is being built.'));
export const workflowService: WorkflowService = {
  deploy: refused,
  latest: refused,
  start: refused,
  instance: refused,
  openTasks: refused,
  claim: refused,
  complete: refused,
};
