import { http, invalidateResource } from '../../../../core/sdk/browser';
import type { BladeFlow } from '../../../../core/sdk/shared';

/**
 * Every member's work calls (`/api/blade-flow/work/…`). A claim, a completion or a start changes every work list, so each
 * write refreshes the lists' resource, wherever they are mounted.
 */
export const WORK_BASE = '/api/blade-flow/work';

/** BladeX's `FlowProcess`: a deployed process definition, as the start list answers it. */
export interface FlowProcess {
  id: string;
  tenantId: string;
  name: string;
  key: string;
  category: string;
  categoryName: string;
  version: number;
  deploymentId: string;
  resourceName: string;
  diagramResourceName: string;
  suspensionState: number;
  deploymentTime: string;
}

/** The answer of the general form's start. */
export interface StartedProcess {
  processInstanceId: string;
  businessId: string;
}

/** What every work list refreshes on. */
export const refreshWorkLists = () => invalidateResource(WORK_BASE);

/** Claims a task; answers the server's words for it (签收事务成功). */
export async function claimTask(taskId: string): Promise<string> {
  const answer = await http.post<unknown>(`${WORK_BASE}/claim-task`, undefined, { params: { taskId } });
  await refreshWorkLists();
  return answer.msg;
}

export interface Decision {
  taskId: string;
  processInstanceId: string;
  /** Approve: `ok`; a rejection sends none. */
  flag?: 'ok';
  comment?: string;
}

/** Completes a task with the decision. A refusal rejects after its toast. */
export async function completeTask(decision: Decision): Promise<void> {
  await http.post<boolean>(`${WORK_BASE}/complete-task`, decision);
  await refreshWorkLists();
}

export interface GeneralRequest {
  processDefinitionId: string;
  title: string;
  reason?: string;
  /** The approver's user id. */
  taskUser?: string;
}

/** Starts a process with the general form. Silent: the form shows the refusal beside the values it keeps. */
export async function startGeneral(request: GeneralRequest): Promise<StartedProcess> {
  const answer = await http.post<StartedProcess>(`${WORK_BASE}/start-process`, request, { silent: true });
  await refreshWorkLists();
  return answer.data;
}

/**
 * An instance as the request it is (process, category, the form's variables, its starter, the steps
 * waiting, whether it finished), for a handling or details page, however it was opened. Silent: the page
 * shows the refusal where the request would be.
 */
export async function processInstance(processInstanceId: string): Promise<BladeFlow> {
  return (await http.get<BladeFlow>('/api/blade-flow/process/instance', { params: { processInstanceId }, silent: true })).data;
}
