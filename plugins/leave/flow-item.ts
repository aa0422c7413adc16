import type { WorkflowInstanceSummary } from '../../core/sdk/server';
import { bladeFlow, taskUser, type BladeFlow } from '../../core/sdk/shared';

/** The definition id's parts: `Leave:2:1234` → key `Leave`, version 2. */
function definitionParts(id: string): { key: string; version: number } {
  const [key = '', version] = id.split(':');
  const n = Number(version);
  return { key, version: Number.isInteger(n) && n > 0 ? n : -1 };
}

/**
 * The `flow` of a leave's detail, in BladeX's `BladeFlow` shape (every field present, empty ones as its
 * null-to-empty serialisation writes them), so callers written for BladeX read it as they always did.
 * What a detail knows is filled: the applicant (`assigneeName`, as BladeX sets it), the instance, where it
 * stands and the tasks waiting.
 */
export function leaveFlow(
  known: { applicantName: string; applicantId: string; businessTable: string; businessId: string; category: string; categoryName: string },
  instance: WorkflowInstanceSummary | undefined,
  waiting: { taskId: string; taskName: string; taskDefinitionKey: string; createTime: string } | undefined,
): BladeFlow {
  const definition = definitionParts(instance?.processDefinitionId ?? '');
  return bladeFlow({
    taskId: waiting?.taskId ?? '',
    // Two tasks may wait at once (parallel branches): their names together, as the summary lists them.
    taskName: instance?.currentTaskNames.join(', ') ?? '',
    taskDefinitionKey: waiting?.taskDefinitionKey ?? '',
    assignee: known.applicantId ? taskUser(known.applicantId) : '',
    assigneeName: known.applicantName,
    category: known.category,
    categoryName: known.categoryName,
    createTime: instance?.startTime ?? '',
    endTime: instance?.endTime ?? '',
    processInstanceId: instance?.processInstanceId ?? '',
    processDefinitionId: instance?.processDefinitionId ?? '',
    processDefinitionKey: definition.key,
    processDefinitionName: instance?.processDefinitionName ?? '',
    processDefinitionVersion: definition.version,
    processDefinitionResName: definition.key ? `${definition.key}.bpmn20.xml` : '',
    historyProcessInstanceId: instance?.processInstanceId ?? '',
    processIsFinished: instance?.processIsFinished ?? '',
    businessTable: known.businessTable,
    businessId: known.businessId,
  });
}
