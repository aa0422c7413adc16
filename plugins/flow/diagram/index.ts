import { lazy } from 'react';
import type { WorkflowUi } from '../../../core/sdk/shared';

/** The workflow's parts for other plugins' business forms; each loads its code when first rendered. */
export const workflowUi: WorkflowUi = {
  ProcessProgress: lazy(() => import('./ProcessProgress')),
};
