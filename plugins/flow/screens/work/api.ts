import { http, invalidateResource, type Page } from '../../../../core/sdk/browser';
import type { BladeFlow } from '../../blade-flow';

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

/** The lists a request may be found in, in the order a member most likely has it. */
const LISTS = ['todo-list', 'send-list', 'done-list', 'claim-list'] as const;
/** Pages of each list looked through for a request opened by its address alone. */
const PAGES_LOOKED_AT = 3;
const LOOKUP_SIZE = 100;

/**
 * The work item of an instance as one of the caller's lists answers it (its variables: the request's
 * title and reason), for a handling or details page opened by its address (a reload, a link) rather
 * than from a list, which hands its item along. Undefined when none of the caller's lists holds it.
 */
export async function findWorkItem(processInstanceId: string, taskId?: string): Promise<BladeFlow | undefined> {
  for (const list of taskId ? (['todo-list'] as const) : LISTS) {
    for (let current = 1; current <= PAGES_LOOKED_AT; current++) {
      const answer = await http.get<Page<BladeFlow>>(`${WORK_BASE}/${list}`, { params: { current, size: LOOKUP_SIZE }, silent: true });
      const records = answer.data?.records ?? [];
      const found = records.find((r) => r.processInstanceId === processInstanceId && (!taskId || r.taskId === taskId));
      if (found) return found;
      if (current * LOOKUP_SIZE >= Number(answer.data?.total ?? 0)) break;
    }
  }
  return undefined;
}
