import type { LocalText } from '../../core/sdk/shared';
import { MAX_LEAVE_DAYS, MAX_REASON, type LeaveTimesRefusal } from './days';

/** The leave endpoints' refusals, in both languages. */
export const LEAVE_MSG = {
  /** BladeX's 开启流程失败, with the engine's reason. */
  startFailed: (reason: LocalText): LocalText => ({ zh: `开启流程失败：${reason.zh}`, en: `Failed to start the process: ${reason.en}` }),
  noEngine: { zh: '开启流程失败：未安装工作流', en: 'Failed to start the process: no workflow engine is installed' },
  notLeaveProcess: { zh: '开启流程失败：不是本租户的请假流程', en: "Failed to start the process: it is not one of this tenant's leave processes" },
  approverRequired: { zh: '请选择审批人', en: 'Please choose the approver' },
  approverUnknown: { zh: '审批人不存在', en: 'The approver does not exist' },
  definitionRequired: { zh: '请选择流程', en: 'Please choose the process' },
  reasonRequired: { zh: '请输入请假理由', en: 'Please enter the reason' },
  reasonTooLong: { zh: `请假理由不能超过${MAX_REASON}个字`, en: `The reason must be at most ${MAX_REASON} characters` },
  times: {
    startTime: { zh: '请输入正确的开始时间（yyyy-MM-dd HH:mm:ss）', en: 'Please enter the start as yyyy-MM-dd HH:mm:ss' },
    endTime: { zh: '请输入正确的结束时间（yyyy-MM-dd HH:mm:ss）', en: 'Please enter the end as yyyy-MM-dd HH:mm:ss' },
    order: { zh: '结束时间必须晚于开始时间', en: 'The end must be after the start' },
    tooLong: { zh: `请假不能超过${MAX_LEAVE_DAYS}天`, en: `A leave cannot be longer than ${MAX_LEAVE_DAYS} days` },
  } satisfies Record<LeaveTimesRefusal, LocalText>,
  /** Unknown, removed, another tenant's, or not the caller's to read: one answer for all. */
  notFound: { zh: '请假申请不存在', en: 'The leave request does not exist' },
} as const;
