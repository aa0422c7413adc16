import { query } from '../../../core/sdk/browser';
import { leaveEntity } from '../entity';

/** The leave's calls, and the workflow's and the users' it makes. */
export const LEAVE_RESOURCE = leaveEntity.api.base;
export const START_URL = `${LEAVE_RESOURCE}/start-process`;
export const DETAIL_URL = `${LEAVE_RESOURCE}/detail`;
export const COMPLETE_TASK_URL = '/api/blade-flow/work/complete-task';
export const USER_LIST_URL = '/api/blade-user/user-list';
/** The work lists' resource: a started or handled leave changes them. */
export const WORK_RESOURCE = '/api/blade-flow/work';
export const PASS_FLAG = 'ok';

/** `detail?businessId=`: the request and where its process stands (BladeX's `ProcessLeave` with its `flow`). */
export interface LeaveDetail {
  id: string;
  processDefinitionId: string;
  processInstanceId: string;
  startTime: string;
  endTime: string;
  days: number;
  reason: string;
  taskUser: string;
  taskUserName: string;
  applyTime: string;
  flow: { assigneeName: string; processIsFinished: '' | 'finished' | 'unfinished'; taskName: string };
}

export interface Approver {
  id: string;
  account: string;
  name: string;
  realName: string;
}

export const detailQuery = (businessId: string) => query<LeaveDetail>(LEAVE_RESOURCE, DETAIL_URL, { params: { businessId } });
export const approversQuery = query<Approver[]>('/api/blade-user', USER_LIST_URL, { cacheFor: 60_000 });
