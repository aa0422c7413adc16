import { defineEntity, type EntityDef, type FieldDef, type Row } from '../../../../core/sdk/browser';
import type { BladeFlow } from '../../../../core/sdk/shared';
import { WORK_BASE, type FlowProcess } from './api';

/**
 * The five work lists as declarations: each one's endpoint, columns, row key and row actions, drawn by
 * the one WorkList component. The entities describe the rows for the kit's table (labels, types) and
 * the filters a list keeps in the address; they are no tables of ours (the rows come from the engine).
 */
export type WorkKind = 'start' | 'claim' | 'todo' | 'send' | 'done';
export type RowAction = 'start' | 'diagram' | 'claim' | 'handle' | 'detail' | 'follow';

const text = (zh: string, en: string): FieldDef => ({ type: 'string', label: { zh, en } });
const time = (zh: string, en: string): FieldDef => ({ type: 'datetime', label: { zh, en } });
/** A filter sent as its own name (`category=`), the contract's list parameters. */
const filter = (input: FieldDef): FieldDef => ({ ...input, search: 'like' });

const FILTERS = {
  category: filter({ ...text('流程分类', 'Category'), list: false }),
  processDefinitionName: filter({ ...text('流程名称', 'Process'), list: false }),
  beginDate: filter({ ...time('开始时间', 'From'), list: false }),
  endDate: filter({ ...time('结束时间', 'To'), list: false }),
};

const FLOW_FIELDS = {
  ...FILTERS,
  categoryName: text('流程分类', 'Category'),
  processName: text('流程名称', 'Process'),
  subject: text('标题', 'Title'),
  taskName: text('当前步骤', 'Current step'),
  starter: text('申请人', 'Applicant'),
  processDefinitionVersion: { type: 'integer', label: { zh: '流程版本', en: 'Version' } } as FieldDef,
  createTime: time('申请时间', 'Requested at'),
  claimTime: time('签收时间', 'Claimed at'),
  endTime: time('办结时间', 'Finished at'),
  processIsFinished: {
    type: 'select' as const,
    label: { zh: '流程状态', en: 'State' },
    options: [
      { value: 'finished', label: { zh: '已办结', en: 'Finished' }, color: 'green' },
      { value: 'unfinished', label: { zh: '未办结', en: 'Running' }, color: 'orange' },
    ],
  },
} satisfies Record<string, FieldDef>;

const workEntity = (name: string, zh: string, en: string) =>
  defineEntity({ name, label: { zh, en }, tenant: false, audit: false, logicalDelete: false, api: { base: WORK_BASE }, fields: FLOW_FIELDS });

const startEntity = defineEntity({
  name: 'workStart',
  label: { zh: '发起事务', en: 'Start' },
  tenant: false,
  audit: false,
  logicalDelete: false,
  api: { base: WORK_BASE },
  fields: {
    category: FILTERS.category,
    processDefinitionName: FILTERS.processDefinitionName,
    categoryName: text('流程分类', 'Category'),
    key: text('流程标识', 'Key'),
    name: text('流程名称', 'Process'),
    version: { type: 'integer', label: { zh: '流程版本', en: 'Version' } },
    deploymentTime: time('部署时间', 'Deployed at'),
  },
});

export interface WorkListConfig {
  kind: WorkKind;
  entity: EntityDef;
  /** The list endpoint under /api/blade-flow/work. */
  action: string;
  columns: readonly string[];
  /** Whether the date range is offered (the start list has none). */
  dates: boolean;
  /** Each row action with the button code that allows it. */
  actions: readonly (readonly [RowAction, string])[];
  /** The answer's item as a table row: its key as `id`, and what the columns read. */
  toRow(item: Record<string, unknown>): Row;
}

/** What every task list shows of an item: the request's title (the general form's) and its applicant. */
function flowRow(key: 'taskId' | 'processInstanceId') {
  return (raw: Record<string, unknown>): Row => {
    const item = raw as unknown as BladeFlow;
    const variables = item.variables ?? {};
    const subject = variables.title ?? variables.reason ?? '';
    return {
      ...item,
      id: String(item[key] ?? ''),
      processName: item.processDefinitionName,
      subject: String(subject),
      starter: String(variables.createUser ?? ''),
      endTime: item.historyTaskEndTime || item.endTime,
    } as Row;
  };
}

export const WORK_LISTS: Record<WorkKind, WorkListConfig> = {
  start: {
    kind: 'start',
    entity: startEntity,
    action: 'start-list',
    columns: ['categoryName', 'key', 'name', 'version', 'deploymentTime'],
    dates: false,
    actions: [
      ['start', 'work_start_flow'],
      ['diagram', 'work_start_image'],
    ],
    toRow: (raw) => ({ ...(raw as unknown as FlowProcess), id: String(raw.id ?? '') }) as Row,
  },
  claim: {
    kind: 'claim',
    entity: workEntity('workClaim', '待签事务', 'To claim'),
    action: 'claim-list',
    columns: ['categoryName', 'processName', 'subject', 'taskName', 'starter', 'processDefinitionVersion', 'createTime'],
    dates: true,
    actions: [
      ['claim', 'work_claim_sign'],
      ['detail', 'work_claim_detail'],
      ['follow', 'work_claim_follow'],
    ],
    toRow: flowRow('taskId'),
  },
  todo: {
    kind: 'todo',
    entity: workEntity('workTodo', '待办事务', 'To do'),
    action: 'todo-list',
    columns: ['categoryName', 'processName', 'subject', 'taskName', 'starter', 'processDefinitionVersion', 'createTime', 'claimTime'],
    dates: true,
    actions: [
      ['handle', 'work_todo_handle'],
      ['detail', 'work_todo_detail'],
      ['follow', 'work_todo_follow'],
    ],
    toRow: flowRow('taskId'),
  },
  send: {
    kind: 'send',
    entity: workEntity('workSend', '已发事务', 'Sent'),
    action: 'send-list',
    columns: ['categoryName', 'processName', 'subject', 'taskName', 'createTime', 'endTime', 'processIsFinished'],
    dates: true,
    actions: [
      ['detail', 'work_send_detail'],
      ['follow', 'work_send_follow'],
    ],
    toRow: flowRow('processInstanceId'),
  },
  done: {
    kind: 'done',
    entity: workEntity('workDone', '办结事务', 'Done'),
    action: 'done-list',
    columns: ['categoryName', 'processName', 'subject', 'taskName', 'starter', 'createTime', 'endTime', 'processIsFinished'],
    dates: true,
    actions: [
      ['detail', 'work_done_detail'],
      ['follow', 'work_done_follow'],
    ],
    toRow: flowRow('taskId'),
  },
};
