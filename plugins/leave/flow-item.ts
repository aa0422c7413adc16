import type { WorkflowInstanceSummary } from '../../core/sdk/server';

/**
 * The `flow` of a leave's detail, in BladeX's `BladeFlow` shape: every field present, empty ones as its
 * null-to-empty serialisation writes them ('' for text, -1 for numbers, {} for maps), so callers written
 * for BladeX read it as they always did. What a detail knows is filled: the applicant (`assigneeName`,
 * as BladeX sets it), the instance, where it stands and the tasks waiting.
 */
export interface LeaveFlow {
  taskId: string;
  taskName: string;
  taskDefinitionKey: string;
  assignee: string;
  assigneeName: string;
  category: string;
  categoryName: string;
  createTime: string;
  endTime: string;
  claimTime: string;
  historyTaskEndTime: string;
  executionId: string;
  processInstanceId: string;
  processDefinitionId: string;
  processDefinitionKey: string;
  processDefinitionName: string;
  processDefinitionVersion: number;
  processDefinitionDesc: string;
  processDefinitionDiagramResName: string;
  processDefinitionResName: string;
  historyProcessInstanceId: string;
  processIsFinished: '' | 'finished' | 'unfinished';
  historyActivityId: string;
  historyActivityName: string;
  historyActivityDurationTime: string;
  businessTable: string;
  businessId: string;
  status: '';
  comment: string;
  pass: boolean;
  flag: string;
  beginDate: string;
  endDate: string;
  variables: Record<string, string | number | boolean>;
}

/** The definition id's parts: `Leave:2:1234` → key `Leave`, version 2. */
function definitionParts(id: string): { key: string; version: number } {
  const [key = '', version] = id.split(':');
  const n = Number(version);
  return { key, version: Number.isInteger(n) && n > 0 ? n : -1 };
}

export function leaveFlow(
  known: { applicantName: string; applicantId: string; businessTable: string; businessId: string; category: string; categoryName: string },
  instance: WorkflowInstanceSummary | undefined,
  waiting: { taskId: string; taskName: string; taskDefinitionKey: string; createTime: string } | undefined,
): LeaveFlow {
  const definition = definitionParts(instance?.processDefinitionId ?? '');
  return {
    taskId: waiting?.taskId ?? '',
    // Two tasks may wait at once (parallel branches): their names together, as the summary lists them.
    taskName: instance?.currentTaskNames.join(', ') ?? '',
    taskDefinitionKey: waiting?.taskDefinitionKey ?? '',
    assignee: known.applicantId ? `taskUser_${known.applicantId}` : '',
    assigneeName: known.applicantName,
    category: known.category,
    categoryName: known.categoryName,
    createTime: instance?.startTime ?? '',
    endTime: instance?.endTime ?? '',
    claimTime: '',
    historyTaskEndTime: '',
    executionId: '',
    processInstanceId: instance?.processInstanceId ?? '',
    processDefinitionId: instance?.processDefinitionId ?? '',
    processDefinitionKey: definition.key,
    processDefinitionName: instance?.processDefinitionName ?? '',
    processDefinitionVersion: definition.version,
    processDefinitionDesc: '',
    processDefinitionDiagramResName: '',
    processDefinitionResName: definition.key ? `${definition.key}.bpmn20.xml` : '',
    historyProcessInstanceId: instance?.processInstanceId ?? '',
    processIsFinished: instance?.processIsFinished ?? '',
    historyActivityId: '',
    historyActivityName: '',
    historyActivityDurationTime: '',
    businessTable: known.businessTable,
    businessId: known.businessId,
    status: '',
    comment: '',
    pass: false,
    flag: '',
    beginDate: '',
    endDate: '',
    variables: {},
  };
}
