import { currentLanguage, formatDateTime, type ServerContext, type Tx } from '../../../core/sdk/server';
import { bladeFlow, categoryName, PASS_FLAG, splitBusinessKey, taskUser, type BladeFlow, type LocalText } from '../../../core/sdk/shared';
import { FLOW_DICTIONARY } from '../dictionary';

/**
 * A work list's row as the queries select it (a task with its instance and definition, or an instance
 * with its latest open task), and the BladeFlow item it becomes.
 */
export interface WorkRow {
  task_id: string | null;
  task_name: string | null;
  activity_id: string | null;
  assignee: string | null;
  assignee_name: string | null;
  task_status: string | null;
  task_create: Date | string | null;
  claim_time: Date | string | null;
  task_end: Date | string | null;
  comment: string | null;
  pass: boolean | null;
  instance_id: string;
  business_key: string;
  variables: unknown;
  instance_status: string;
  instance_start: Date | string;
  instance_end: Date | string | null;
  definition_id: string;
  process_key: string;
  definition_name: string;
  version: number;
  description: string;
  category: string;
  resource_name: string;
}

/** A user's name as a work list shows it: the real name, else the name, else the account. */
export const USER_NAME = (u: string) => `coalesce(nullif(${u}.real_name, ''), nullif(${u}.name, ''), ${u}.account)`;

/** The instance (`i`) and definition (`d`) columns every item carries. */
export const INSTANCE_COLUMNS = `i.id::text as instance_id, i.business_key, i.variables, i.status as instance_status, i.start_time as instance_start,
  i.end_time as instance_end, d.id as definition_id, d.process_key, d.name as definition_name, d.version, d.description, d.category, d.resource_name`;

/** A task's (`t`) columns, its assignee's name from `u`. */
export const TASK_COLUMNS = `t.id::text as task_id, t.name as task_name, t.activity_id, t.assignee::text as assignee, ${USER_NAME('u')} as assignee_name,
  t.status as task_status, t.create_time as task_create, t.claim_time, t.end_time as task_end, t.comment, t.pass`;

type Plain = string | number | boolean;
/** The instance's variables as the wire carries them: plain values only. */
function plainVariables(value: unknown): Record<string, Plain> {
  const out: Record<string, Plain> = {};
  if (!value || typeof value !== 'object' || Array.isArray(value)) return out;
  for (const [name, v] of Object.entries(value)) if (typeof v === 'string' || typeof v === 'number' || typeof v === 'boolean') out[name] = v;
  return out;
}

/** The flow dictionary's labels for this request (none when the dictionary plugin is not there). */
export async function categoryLabels(ctx: ServerContext, tx: Tx): Promise<ReadonlyMap<string, LocalText>> {
  return (await ctx.extensions.dictionaryLabels?.(tx, FLOW_DICTIONARY)) ?? new Map();
}

/** What a row says of its instance and definition, the same in every list. */
function instanceFields(row: WorkRow, labels: ReadonlyMap<string, LocalText>): Partial<BladeFlow> {
  return {
    processInstanceId: row.instance_id,
    historyProcessInstanceId: row.instance_id,
    // One execution per instance here: BladeX's callers only pass it back.
    executionId: row.instance_id,
    processDefinitionId: row.definition_id,
    processDefinitionKey: row.process_key,
    processDefinitionName: row.definition_name,
    processDefinitionVersion: Number(row.version),
    processDefinitionDesc: row.description,
    processDefinitionResName: row.resource_name,
    processIsFinished: row.instance_status === 'running' ? 'unfinished' : 'finished',
    category: row.category,
    categoryName: categoryName(row.category, labels, currentLanguage()),
    variables: plainVariables(row.variables),
    ...splitBusinessKey(row.business_key),
  };
}

/** A task of the claim, to-do, done or waiting list. */
export function taskItem(row: WorkRow, labels: ReadonlyMap<string, LocalText>): BladeFlow {
  const status = row.task_status === 'claim' ? 'claim' : row.task_status === 'todo' ? 'todo' : 'finish';
  const ended = status === 'finish';
  return bladeFlow({
    ...instanceFields(row, labels),
    taskId: row.task_id ?? '',
    taskName: row.task_name ?? '',
    taskDefinitionKey: row.activity_id ?? '',
    assignee: row.assignee ? taskUser(row.assignee) : '',
    assigneeName: row.assignee ? (row.assignee_name ?? '') : '',
    createTime: formatDateTime(row.task_create),
    claimTime: formatDateTime(row.claim_time),
    endTime: ended ? formatDateTime(row.task_end) : '',
    historyTaskEndTime: ended ? formatDateTime(row.task_end) : '',
    comment: row.comment ?? '',
    pass: row.pass === true,
    flag: row.pass === true ? PASS_FLAG : '',
    status,
  });
}

/** An instance of the sent list, with its latest open task (none once it ended). */
export function sentItem(row: WorkRow, labels: ReadonlyMap<string, LocalText>): BladeFlow {
  return bladeFlow({
    ...instanceFields(row, labels),
    taskId: row.task_id ?? '',
    taskName: row.task_name ?? '',
    taskDefinitionKey: row.activity_id ?? '',
    assignee: row.assignee ? taskUser(row.assignee) : '',
    assigneeName: row.assignee ? (row.assignee_name ?? '') : '',
    historyActivityName: row.definition_name,
    createTime: formatDateTime(row.instance_start),
    endTime: formatDateTime(row.instance_end),
    status: 'finish',
  });
}
