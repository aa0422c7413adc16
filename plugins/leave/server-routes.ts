import type { Hono } from 'hono';
import { z } from 'zod';
import {
  bizError,
  crudRepo,
  currentMember,
  describeRoute,
  docText,
  isBigintId,
  localize,
  parseInput,
  rData,
  readJson,
  rStatus,
  str,
  type AppEnv,
  type AuthUser,
  type ServerContext,
  type Tx,
} from '../../core/sdk/server';
import { LEAVE_CATEGORY, LEAVE_TABLE, leaveEntity } from './entity';
import { leaveFlow } from './flow-item';
import { LEAVE_MSG } from './server-messages';
import { startBody, startLeave, userName } from './start-leave';

const BASE = '/blade-desk/process/leave';

const detailQuery = z.object({
  businessId: z
    .string()
    .trim()
    .regex(/^\d{1,19}$/)
    .refine(isBigintId)
    .describe(docText({ zh: '请假申请主键', en: 'The leave request id' })),
});

const leaveAnswer = z.object({
  id: z.string(),
  processDefinitionId: z.string(),
  processInstanceId: z.string(),
  startTime: z.string(),
  endTime: z.string(),
  days: z.number().int(),
  reason: z.string(),
  taskUser: z.string().describe(docText({ zh: '审批人的用户主键', en: "The approver's user id" })),
  taskUserName: z.string().describe(docText({ zh: '审批人姓名', en: "The approver's name" })),
  applyTime: z.string(),
  createUser: z.string(),
  flow: z
    .record(z.string(), z.unknown())
    .describe(
      docText({
        zh: 'BladeFlow：assigneeName 为申请人，processIsFinished 为 finished/unfinished，taskName 为当前任务',
        en: 'A BladeFlow: assigneeName is the applicant, processIsFinished finished/unfinished, taskName the current tasks',
      }),
    ),
});

/**
 * May `me` read a leave? The super administrator, the applicant, the approver they chose, and whoever
 * takes or took part in its instance (a task done or waiting for them), as the engine says.
 */
async function mayRead(ctx: ServerContext, tx: Tx, me: AuthUser, row: { create_user: unknown; task_user: unknown; process_instance_id: unknown }): Promise<boolean> {
  if (me.isAdministrator || str(row.create_user) === me.userId || str(row.task_user) === me.userId) return true;
  const instanceId = str(row.process_instance_id);
  const workflow = ctx.extensions.workflow;
  if (!instanceId || !workflow) return false;
  return workflow.participates(ctx, tx, me, instanceId);
}

export function leaveRoutes(api: Hono<AppEnv>, ctx: ServerContext): void {
  const repo = crudRepo(leaveEntity, ctx.ids);

  api.post(
    `${BASE}/start-process`,
    describeRoute({
      summary: { zh: '发起请假（任何成员）', en: 'Apply for leave (any member)' },
      description: {
        zh: '保存请假申请（申请时间为当前时间，天数为开始到结束的整天数），以业务键 blade_process_leave:<主键> 和变量 taskUser、days 启动所选的请假流程，并记下流程实例，三者在同一事务中。审批人须为本租户用户；流程须为本租户的请假流程（分类 flow_1）。引擎拒绝时答“开启流程失败”及原因。',
        en: "Saves the leave request (applied now, its days the whole days from start to end) and starts the chosen leave process with the business key blade_process_leave:<id> and the variables taskUser and days, noting its instance, all in one transaction. The approver must be a user of the caller's tenant, the process one of the tenant's leave processes (category flow_1). An engine refusal answers 'Failed to start the process' with the reason.",
      },
      body: startBody,
    }),
    async (c) => {
      const me = currentMember(c);
      const input = parseInput(startBody, await readJson(c));
      await ctx.db.tenant(me.tenantId, (tx) => startLeave(ctx, tx, me, input));
      return c.json(rStatus(true));
    },
  );

  api.get(
    `${BASE}/detail`,
    describeRoute({
      summary: { zh: '请假详情（申请人与审批人）', en: 'A leave request (its applicant and approvers)' },
      description: {
        zh: '请假申请及其流程（flow：申请人姓名、是否结束、当前任务）。申请人、所选审批人、参与流程者（办过或正在等其办理的任务）和超级管理员可读；其他人（含其他租户）一律答“请假申请不存在”。',
        en: "The leave request and its process (flow: the applicant's name, finished or not, the current tasks). Its applicant, the chosen approver, whoever takes part in its process (a task done, or one waiting for them) and the super administrator may read it; anyone else (another tenant included) is told it does not exist.",
      },
      query: detailQuery,
      data: leaveAnswer,
    }),
    async (c) => {
      const me = currentMember(c);
      const { businessId } = parseInput(detailQuery, c.req.query());
      const answer = await ctx.db.tenant(me.tenantId, async (tx) => {
        const row = await repo.find(tx, me, businessId);
        if (!row || !(await mayRead(ctx, tx, me, row as { create_user: unknown; task_user: unknown; process_instance_id: unknown }))) throw bizError(LEAVE_MSG.notFound);
        const workflow = ctx.extensions.workflow;
        const instanceId = str(row.process_instance_id);
        const instance = workflow && instanceId ? await workflow.instance(ctx, tx, me.tenantId, instanceId) : undefined;
        const waiting = workflow && instance?.processIsFinished === 'unfinished' ? await workflow.openTasks(ctx, tx, me.tenantId, instanceId) : [];
        const labels = (await ctx.extensions.dictionaryLabels?.(tx, 'flow')) ?? new Map();
        const category = LEAVE_CATEGORY.replace(/^flow_/, '');
        const applicantId = str(row.create_user);
        const json = repo.toJson(row);
        return {
          ...json,
          taskUserName: (await userName(tx, me.tenantId, str(row.task_user))) ?? '',
          flow: leaveFlow(
            {
              applicantId,
              applicantName: (await userName(tx, me.tenantId, applicantId)) ?? '',
              businessTable: LEAVE_TABLE,
              businessId,
              category: LEAVE_CATEGORY,
              categoryName: localize(labels.get(category) ?? { zh: '', en: '' }),
            },
            instance,
            waiting[0] && { taskId: waiting[0].taskId, taskName: waiting[0].taskName, taskDefinitionKey: waiting[0].taskDefinitionKey, createTime: waiting[0].createTime },
          ),
        };
      });
      return c.json(rData(answer));
    },
  );
}
