import type { LocalText } from '../../../core/sdk/shared';

/** What the work endpoints answer and refuse with, in both languages. */
export const WORK_MSG = {
  claimed: { zh: '签收事务成功', en: 'The task is yours' },
  taskOfRunningProcess: { zh: '任务属于运行中的流程，不能删除', en: 'The task belongs to a running process and cannot be deleted' },
  otherInstance: { zh: '任务不属于该流程实例', en: 'The task does not belong to that process instance' },
  badDate: { zh: '日期格式应为 yyyy-MM-dd 或 yyyy-MM-dd HH:mm:ss', en: 'Dates are written yyyy-MM-dd or yyyy-MM-dd HH:mm:ss' },
  beginAfterEnd: { zh: '开始日期不能晚于结束日期', en: 'The begin date must not be after the end date' },
  badTaskId: { zh: '任务主键格式错误', en: 'The task id is not valid' },
  badMode: { zh: '模式只能是 1（通用）或 2（租户）', en: 'The mode is 1 (common) or 2 (tenant)' },
  badVariableName: (name: string): LocalText => ({
    zh: `变量名 ${name} 不合法：以字母或下划线开头，只含字母、数字和下划线，最多 64 个字符`,
    en: `The variable name ${name} is not valid: a letter or underscore first, then letters, digits and underscores, 64 at most`,
  }),
  reservedVariable: (name: string): LocalText => ({ zh: `变量 ${name} 由流程引擎设置，不能提交`, en: `The variable ${name} is set by the engine and cannot be sent` }),
  badVariableValue: (name: string): LocalText => ({ zh: `变量 ${name} 的值只能是文本、数字或布尔值`, en: `The variable ${name} is text, a number or a boolean` }),
  tooManyVariables: (max: number): LocalText => ({ zh: `变量最多 ${max} 个`, en: `At most ${max} variables` }),
  noSuchUser: { zh: '审批人不存在', en: 'No such approver' },
  badUser: { zh: '审批人格式错误：用户主键或 taskUser_<主键>', en: 'The approver is a user id or taskUser_<id>' },
} as const;
