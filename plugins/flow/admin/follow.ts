import type { Hono } from 'hono';
import { z } from 'zod';
import {
  type AppEnv,
  bizError,
  currentLanguage,
  describeRoute,
  docText,
  formatDateTime,
  page,
  pageOf,
  parseInput,
  rData,
  readParams,
  rSuccess,
  type ServerContext,
  SqlParams,
  str,
} from '../../../core/sdk/server';
import { categoryName } from '../../../core/sdk/shared';
import { cancelInstance } from '../engine';
import { administratorOnly, ADMIN_ONLY } from './administrator';
import { flowCategories } from './deploy';
import { idParam, MODEL_KEY, pageQuery, tenantIdFilter } from './params';
import { ADMIN_MSG } from './texts';

/** The running instances of every tenant, and ending one with a reason. */
const BASE = '/blade-flow/follow';

const flowExecution = z.object({
  id: z.string().describe(docText({ zh: '执行主键（即实例主键）', en: 'Execution id (the instance id)' })),
  name: z.string().describe(docText({ zh: '流程名称', en: "The process's name" })),
  startUserId: z.string(),
  startUser: z.string(),
  startTime: z.string(),
  taskDefinitionId: z.string().describe(docText({ zh: '当前任务主键', en: 'The current task id' })),
  taskDefinitionKey: z.string().describe(docText({ zh: '当前任务在流程图中的标识', en: "The current task's id in the diagram" })),
  taskName: z.string().describe(docText({ zh: '当前任务名称（并行时为最早的）', en: "The current task's name (the oldest, when several run in parallel)" })),
  category: z.string(),
  categoryName: z.string(),
  processInstanceId: z.string(),
  processDefinitionId: z.string(),
  processDefinitionKey: z.string(),
  activityId: z.string(),
  suspensionState: z.number().int().describe(docText({ zh: '1 激活，2 挂起', en: '1 active, 2 suspended' })),
  executionId: z.string(),
  tenantId: z.string(),
  tenantName: z.string(),
});

const listQuery = z.object({
  processInstanceId: idParam({ zh: '流程实例主键', en: 'Process instance id' }).optional(),
  processDefinitionKey: z
    .preprocess((v) => (typeof v === 'string' ? v.trim() || undefined : v), z.string().regex(MODEL_KEY).optional())
    .describe(docText({ zh: '流程标识', en: 'Process key' })),
  tenantId: tenantIdFilter,
  ...pageQuery,
});
const deleteParams = z.object({
  processInstanceId: idParam({ zh: '流程实例主键', en: 'Process instance id' }),
  deleteReason: z
    .preprocess((v) => (typeof v === 'string' ? v.trim() : v), z.string().min(1).max(200))
    .describe(docText({ zh: '删除原因（1–200 个字符），记入实例', en: 'Why (1–200 characters), kept with the instance' })),
});

interface ExecutionRow {
  id: string;
  tenant_id: string;
  tenant_name: string | null;
  definition_id: string;
  process_key: string;
  name: string;
  category: string;
  suspension_state: number;
  start_user: string;
  start_user_name: string;
  start_time: Date | string;
  task_id: string | null;
  task_key: string | null;
  task_name: string | null;
}

export function followRoutes(api: Hono<AppEnv>, ctx: ServerContext): void {
  api.get(
    `${BASE}/list`,
    describeRoute({
      summary: { zh: '运行中的流程实例（每个租户的）', en: "Running process instances (every tenant's)" },
      description: {
        zh: `最近发起的在前，附当前任务；可按实例主键、流程标识、租户筛选。${ADMIN_ONLY.zh}`,
        en: `The most recently started first, with the current task; filtered by instance id, process key and tenant. ${ADMIN_ONLY.en}`,
      },
      query: listQuery,
      data: pageOf(flowExecution),
    }),
    administratorOnly,
    async (c) => {
      const { processInstanceId, processDefinitionKey, tenantId, current = 1, size = 10 } = parseInput(listQuery, c.req.query());
      const language = currentLanguage();
      // Every tenant's instances: the super administrator's cross-tenant view, filters bound as parameters.
      const answer = await ctx.db.system(async (tx) => {
        const p = new SqlParams();
        const where = [`i.status = 'running'`];
        if (processInstanceId) where.push(`i.id = ${p.add(processInstanceId)}::bigint`);
        if (processDefinitionKey) where.push(`d.process_key = ${p.add(processDefinitionKey)}`);
        if (tenantId) where.push(`i.tenant_id = ${p.add(tenantId)}`);
        const from = `from flow_instance i join flow_definition d on d.id = i.definition_id and d.tenant_id = i.tenant_id`;
        const filter = `where ${where.join(' and ')}`;
        const total = Number((await tx.one<{ n: number }>(`select count(*)::int as n ${from} ${filter}`, p.values))?.n ?? 0);
        const rows = await tx.query<ExecutionRow>(
          `select i.id::text as id, i.tenant_id, tn.tenant_name, i.definition_id, d.process_key, d.name, d.category, d.suspension_state,
                  i.start_user::text as start_user, coalesce(nullif(i.start_user_name, ''), u.real_name, u.name, u.account, '') as start_user_name, i.start_time,
                  t.id::text as task_id, t.activity_id as task_key, t.name as task_name
             ${from}
             left join blade_tenant tn on tn.tenant_id = i.tenant_id and tn.is_deleted = 0
             left join blade_user u on u.id = i.start_user and u.tenant_id = i.tenant_id
             left join lateral (select id, activity_id, name from flow_task
                                 where instance_id = i.id and tenant_id = i.tenant_id and status in ('claim', 'todo') order by create_time, id limit 1) t on true
             ${filter}
            order by i.start_time desc, i.id desc
            limit ${p.add(size)} offset ${p.add((current - 1) * size)}`,
          p.values,
        );
        const labels = await flowCategories(tx, ctx);
        return page(
          rows.map((r) => ({
            id: r.id,
            name: r.name,
            startUserId: r.start_user,
            startUser: str(r.start_user_name),
            startTime: formatDateTime(r.start_time),
            taskDefinitionId: str(r.task_id),
            taskDefinitionKey: str(r.task_key),
            taskName: str(r.task_name),
            category: r.category,
            categoryName: categoryName(r.category, labels, language),
            processInstanceId: r.id,
            processDefinitionId: r.definition_id,
            processDefinitionKey: r.process_key,
            activityId: str(r.task_key),
            suspensionState: Number(r.suspension_state),
            executionId: r.id,
            tenantId: r.tenant_id,
            tenantName: str(r.tenant_name),
          })),
          total,
          current,
          size,
        );
      });
      return c.json(rData(answer));
    },
  );

  api.post(
    `${BASE}/delete-process-instance`,
    describeRoute({
      summary: { zh: '删除运行中的流程实例', en: 'End a running process instance' },
      description: {
        zh: `结束实例并取消其等待中的任务（它们离开待签和待办），原因记入实例；已结束或不存在的实例答 400。${ADMIN_ONLY.zh}`,
        en: `Ends the instance and cancels its waiting tasks (they leave the claim and to-do lists), the reason kept with it; an ended or unknown instance is refused with a 400. ${ADMIN_ONLY.en}`,
      },
      params: deleteParams,
    }),
    administratorOnly,
    async (c) => {
      const { processInstanceId, deleteReason } = parseInput(deleteParams, await readParams(c));
      // Any tenant's instance: find whose it is, then end it in that tenant's own transaction.
      const owner = await ctx.db.system((tx) => tx.one<{ tenant_id: string }>(`select tenant_id from flow_instance where id = $1 and status = 'running'`, [processInstanceId]));
      if (!owner) throw bizError(ADMIN_MSG.instanceNotFound);
      await ctx.db.tenant(owner.tenant_id, (tx) => cancelInstance(ctx, tx, owner.tenant_id, processInstanceId, deleteReason));
      return c.json(rSuccess(ADMIN_MSG.removed));
    },
  );
}
