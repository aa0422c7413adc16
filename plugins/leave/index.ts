import { definePlugin, type RouteDecl } from '../../core/sdk/shared';
import { leaveEntity } from './entity';
import { leaveMessages } from './messages';

const route = (path: string, zh: string, en: string, load: RouteDecl['load']): RouteDecl => ({ path, load, meta: { title: { zh, en } } });

/**
 * 请假: a process with a form of its own. The flow dictionary's 请假流程 entry (remark `leave`) sends the
 * work lists to these three routes: the form that starts the shipped `Leave` process, the approver's
 * handling of a task, and the detail with the process's progress. The engine and the progress view are the
 * workflow's, reached through what it provides (`ctx.extensions.workflow`, `provided('workflow')`).
 */
export default definePlugin({
  id: 'leave',
  name: { zh: '请假', en: 'Leave' },
  requires: ['flow'],
  entities: [leaveEntity],
  routes: [
    route('/work/process/leave/form/:processDefinitionId', '请假流程', 'Leave request', () => import('./screens/LeaveFormPage')),
    route('/work/process/leave/handle/:taskId/:processInstanceId/:businessId', '处理请假流程', 'Handle a leave request', () => import('./screens/LeaveHandlePage')),
    route('/work/process/leave/detail/:processInstanceId/:businessId', '请假流程详情', 'Leave request details', () => import('./screens/LeaveDetailPage')),
  ],
  messages: { zh: { leave: leaveMessages.zh }, en: { leave: leaveMessages.en } },
});
