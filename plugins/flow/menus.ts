import type { MenuDecl, RouteDecl } from '../../core/sdk/shared';

/**
 * The workflow's menus. 我的事务 (`work`) is every member's: the work lists. 流程管理 (`flow`) is the
 * super administrator's: models, deployment, the deployed processes and the running instances, shared
 * across tenants. Codes follow BladeX's seed, so its role grants carry over.
 */
const button = (code: string, zh: string, en: string, alias: string, sort: number, action: 0 | 1 | 2 | 3, roles?: string[]) => ({
  code,
  name: { zh, en },
  alias,
  sort,
  action,
  ...(roles ? { roles } : {}),
});
// Every member works on their tasks: the demo roles, and hr (the leave's second approvers).
const member = ['user', 'hr'];

export const workMenu: MenuDecl = {
  code: 'work',
  name: { zh: '我的事务', en: 'My work' },
  path: '/work',
  icon: 'schedule',
  sort: 2,
  group: true,
  roles: member,
  topMenu: 'top_desk',
  children: [
    {
      code: 'work_start',
      name: { zh: '发起事务', en: 'Start' },
      path: '/work/start',
      icon: 'send',
      sort: 1,
      roles: member,
      buttons: [button('work_start_flow', '发起', 'Start', 'flow', 1, 2, member), button('work_start_image', '流程图', 'Diagram', 'image', 2, 2, member)],
    },
    {
      code: 'work_claim',
      name: { zh: '待签事务', en: 'To claim' },
      path: '/work/claim',
      icon: 'stamp',
      sort: 2,
      roles: member,
      buttons: [button('work_claim_sign', '签收', 'Claim', 'sign', 1, 2, member), button('work_claim_detail', '详情', 'Details', 'view', 2, 2, member), button('work_claim_follow', '跟踪', 'Progress', 'follow', 3, 2, member)],
    },
    {
      code: 'work_todo',
      name: { zh: '待办事务', en: 'To do' },
      path: '/work/todo',
      icon: 'check-circle',
      sort: 3,
      roles: member,
      buttons: [button('work_todo_handle', '处理', 'Handle', 'handle', 1, 2, member), button('work_todo_detail', '详情', 'Details', 'view', 2, 2, member), button('work_todo_follow', '跟踪', 'Progress', 'follow', 3, 2, member)],
    },
    {
      code: 'work_send',
      name: { zh: '已发事务', en: 'Sent' },
      path: '/work/send',
      icon: 'export',
      sort: 4,
      roles: member,
      buttons: [button('work_send_detail', '详情', 'Details', 'view', 1, 2, member), button('work_send_follow', '跟踪', 'Progress', 'follow', 2, 2, member)],
    },
    {
      code: 'work_done',
      name: { zh: '办结事务', en: 'Done' },
      path: '/work/done',
      icon: 'archive',
      sort: 5,
      roles: member,
      buttons: [button('work_done_detail', '详情', 'Details', 'view', 1, 2, member), button('work_done_follow', '跟踪', 'Progress', 'follow', 2, 2, member)],
    },
  ],
};

export const flowMenu: MenuDecl = {
  code: 'flow',
  name: { zh: '流程管理', en: 'Workflow' },
  path: '/flow',
  icon: 'branch',
  sort: 97,
  group: true,
  administratorOnly: true,
  topMenu: 'top_tools',
  children: [
    {
      code: 'flow_model',
      name: { zh: '模型管理', en: 'Models' },
      path: '/flow/model',
      icon: 'edit',
      sort: 1,
      buttons: [
        button('flow_model_create', '创建', 'Create', 'add', 1, 1),
        button('flow_model_update', '设计', 'Design', 'edit', 2, 2),
        button('flow_model_deploy', '部署', 'Deploy', 'deploy', 3, 2),
        button('flow_model_download', '下载', 'Download', 'download', 4, 2),
        button('flow_model_delete', '删除', 'Delete', 'delete', 5, 3),
      ],
    },
    { code: 'flow_deploy', name: { zh: '流程部署', en: 'Deploy' }, path: '/flow/deploy', icon: 'upload', sort: 2 },
    {
      code: 'flow_manager',
      name: { zh: '流程管理', en: 'Processes' },
      path: '/flow/manager',
      icon: 'settings',
      sort: 3,
      buttons: [button('flow_manager_state', '变更状态', 'Change state', 'state', 1, 2), button('flow_manager_image', '流程图', 'Diagram', 'image', 2, 2), button('flow_manager_remove', '删除', 'Delete', 'delete', 3, 3)],
    },
    {
      code: 'flow_follow',
      name: { zh: '流程跟踪', en: 'Running' },
      path: '/flow/follow',
      icon: 'eye',
      sort: 4,
      buttons: [button('flow_follow_delete', '删除', 'Delete', 'delete', 1, 2)],
    },
  ],
};

const route = (path: string, zh: string, en: string, load: RouteDecl['load']): RouteDecl => ({ path, load, meta: { title: { zh, en } } });

export const flowRoutes: RouteDecl[] = [
  route('/flow/model', '模型管理', 'Models', () => import('./screens/admin/ModelPage')),
  route('/flow/model/design/:id', '流程设计', 'Process designer', () => import('./screens/admin/DesignerPage')),
  route('/flow/deploy', '流程部署', 'Deploy', () => import('./screens/admin/DeployPage')),
  route('/flow/manager', '流程管理', 'Processes', () => import('./screens/admin/ManagerPage')),
  route('/flow/follow', '流程跟踪', 'Running', () => import('./screens/admin/FollowPage')),
  route('/work/start', '发起事务', 'Start', () => import('./screens/work/StartPage')),
  route('/work/claim', '待签事务', 'To claim', () => import('./screens/work/ClaimPage')),
  route('/work/todo', '待办事务', 'To do', () => import('./screens/work/TodoPage')),
  route('/work/send', '已发事务', 'Sent', () => import('./screens/work/SendPage')),
  route('/work/done', '办结事务', 'Done', () => import('./screens/work/DonePage')),
  route('/work/process/general/form/:processDefinitionId', '发起审批', 'Start a request', () => import('./screens/work/GeneralFormPage')),
  route('/work/process/general/handle/:taskId/:processInstanceId/:businessId', '处理审批', 'Handle a request', () => import('./screens/work/GeneralHandlePage')),
  route('/work/process/general/detail/:processInstanceId/:businessId', '审批详情', 'Request details', () => import('./screens/work/GeneralDetailPage')),
];
