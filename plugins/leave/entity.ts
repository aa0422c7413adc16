import { defineEntity } from '../../core/sdk/shared';

/**
 * A leave request (BladeX's `ProcessLeave`): who asked, for when, why, and whom they chose to approve it,
 * with the process instance it started. Written only by `start-process`, in the same transaction as the
 * instance; where it stands is the instance's business, read through the workflow.
 */
export const leaveEntity = defineEntity({
  name: 'processLeave',
  table: 'blade_process_leave',
  label: { zh: '请假', en: 'Leave request' },
  api: { base: '/api/blade-desk/process/leave' },
  fields: {
    processDefinitionId: { type: 'string', label: { zh: '流程定义', en: 'Process definition' }, maxLength: 160, writable: 'never' },
    processInstanceId: { type: 'string', label: { zh: '流程实例', en: 'Process instance' }, maxLength: 64, writable: 'never' },
    startTime: { type: 'datetime', label: { zh: '开始时间', en: 'Start' }, writable: 'never' },
    endTime: { type: 'datetime', label: { zh: '结束时间', en: 'End' }, writable: 'never' },
    days: { type: 'integer', label: { zh: '请假天数', en: 'Days' }, writable: 'never' },
    reason: { type: 'text', label: { zh: '请假理由', en: 'Reason' }, maxLength: 500, writable: 'never' },
    /** The approver's user id. */
    taskUser: { type: 'id', label: { zh: '审批人', en: 'Approver' }, writable: 'never' },
    applyTime: { type: 'datetime', label: { zh: '申请时间', en: 'Applied' }, writable: 'never' },
  },
});

/** The business table in a business key (`blade_process_leave:<id>`). */
export const LEAVE_TABLE = leaveEntity.table;
/** BladeX's `ProcessConstant.LEAVE_KEY`: the shipped process's key. */
export const LEAVE_PROCESS_KEY = 'Leave';
/** The flow dictionary's 请假流程 entry (`flow_1`). */
export const LEAVE_CATEGORY = 'flow_1';
