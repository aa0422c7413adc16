import type { Hono } from 'hono';
import { z } from 'zod';
import { type AppEnv, currentLanguage, currentMember, describeRoute, formatDateTime, page, parseInput, rData, type ServerContext, SqlParams } from '../../../core/sdk/server';
import { categoryName } from '../../../core/sdk/shared';
import { categoryLabels, sentItem, taskItem } from './items';
import { type Caller, sentPage, type TaskList, taskPage, waitingCount } from './lists';
import { listQuery, pageQuery, startListQuery } from './params';
import { bladeFlowPage, flowProcessPage } from './schemas';

/**
 * Every member's work lists (`/api/blade-flow/work/…`): what they may start, claim and do, what they
 * started and what they did. Open to any signed-in member of the tenant without a button: each answers the
 * caller's own items only.
 */
export const WORK_BASE = '/blade-flow/work';

const callerOf = (me: { tenantId: string; userId: string; roles: readonly string[] }): Caller => ({ tenantId: me.tenantId, userId: me.userId, roles: me.roles });

const TASK_LISTS: readonly { path: string; list: Exclude<TaskList, 'waiting'>; summary: { zh: string; en: string }; description: { zh: string; en: string } }[] = [
  {
    path: 'claim-list',
    list: 'claim',
    summary: { zh: '待签事务', en: 'Tasks to claim' },
    description: {
      zh: '等待签收、候选组含调用者的角色别名（或候选人含调用者）的任务，最早的在前；status 为 claim。',
      en: 'Tasks waiting to be claimed whose candidate groups hold one of the caller’s role aliases (or whose candidates name the caller), oldest first; status claim.',
    },
  },
  {
    path: 'todo-list',
    list: 'todo',
    summary: { zh: '待办事务', en: 'Tasks to do' },
    description: { zh: '指派给调用者、尚未办理的任务，最早的在前；status 为 todo。', en: 'Tasks assigned to the caller and not done yet, oldest first; status todo.' },
  },
  {
    path: 'done-list',
    list: 'done',
    summary: { zh: '办结事务', en: 'Tasks done' },
    description: {
      zh: '调用者办理过的任务，最近办理的在前，附审批意见和结果；status 为 finish。日期筛选按办理时间。',
      en: 'Tasks the caller completed, the latest first, with the comment and the outcome; status finish. Dates filter on the completion time.',
    },
  },
];

export function workListRoutes(api: Hono<AppEnv>, ctx: ServerContext): void {
  api.get(
    `${WORK_BASE}/start-list`,
    describeRoute({
      summary: { zh: '可发起的流程', en: 'Processes to start' },
      description: {
        zh: '本租户每个流程的最新激活版本（FlowProcess），可按分类和名称筛选。流程总是按租户部署，mode 的两个值答案相同。',
        en: 'The latest active version of each process of the tenant (FlowProcess), filtered by category and name. Processes are always deployed per tenant: both values of mode answer alike.',
      },
      query: startListQuery,
      data: flowProcessPage,
    }),
    async (c) => {
      const me = currentMember(c);
      const q = parseInput(startListQuery, c.req.query());
      const current = q.current ?? 1;
      const size = q.size ?? 10;
      const answer = await ctx.db.tenant(me.tenantId, async (tx) => {
        const p = new SqlParams();
        const conditions = [`tenant_id = ${p.add(me.tenantId)}`, 'suspension_state = 1'];
        if (q.category) conditions.push(`category = ${p.add(q.category)}`);
        if (q.processDefinitionName) conditions.push(`name ilike ${p.add(`%${q.processDefinitionName.replace(/[\\%_]/g, (ch: string) => `\\${ch}`)}%`)}`);
        const latest = `select distinct on (process_key) * from flow_definition where ${conditions.join(' and ')} order by process_key, version desc`;
        const counted = await tx.one<{ total: number }>(`select count(*)::int as total from (${latest}) l`, p.values);
        const rows = await tx.query<{
          id: string;
          tenant_id: string;
          name: string;
          process_key: string;
          category: string;
          version: number;
          deployment_id: string;
          resource_name: string;
          suspension_state: number;
          deploy_time: Date | string;
        }>(`select l.id, l.tenant_id, l.name, l.process_key, l.category, l.version, l.deployment_id::text as deployment_id, l.resource_name, l.suspension_state, l.deploy_time from (${latest}) l order by l.deploy_time desc, l.id limit ${p.add(size)} offset ${p.add((current - 1) * size)}`, p.values);
        const labels = await categoryLabels(ctx, tx);
        const records = rows.map((row) => ({
          id: row.id,
          tenantId: row.tenant_id,
          name: row.name,
          key: row.process_key,
          category: row.category,
          categoryName: categoryName(row.category, labels, currentLanguage()),
          version: Number(row.version),
          deploymentId: row.deployment_id,
          resourceName: row.resource_name,
          diagramResourceName: '',
          suspensionState: Number(row.suspension_state),
          deploymentTime: formatDateTime(row.deploy_time),
        }));
        return page(records, Number(counted?.total ?? 0), current, size);
      });
      return c.json(rData(answer));
    },
  );

  for (const { path, list, summary, description } of TASK_LISTS) {
    api.get(`${WORK_BASE}/${path}`, describeRoute({ summary, description, query: listQuery, data: bladeFlowPage }), async (c) => {
      const me = currentMember(c);
      const q = parseInput(listQuery, c.req.query());
      const answer = await ctx.db.tenant(me.tenantId, async (tx) => {
        const found = await taskPage(tx, callerOf(me), list, q);
        const labels = await categoryLabels(ctx, tx);
        return { ...found, records: found.records.map((row) => taskItem(row, labels)) };
      });
      return c.json(rData(answer));
    });
  }

  api.get(
    `${WORK_BASE}/send-list`,
    describeRoute({
      summary: { zh: '已发事务', en: 'Processes I started' },
      description: {
        zh: '调用者发起的流程实例，最新的在前，附当前（最近的）待办任务和是否已结束；status 为 finish。日期筛选按发起时间。',
        en: 'The process instances the caller started, newest first, each with its current (latest open) task and whether it ended; status finish. Dates filter on the start time.',
      },
      query: listQuery,
      data: bladeFlowPage,
    }),
    async (c) => {
      const me = currentMember(c);
      const q = parseInput(listQuery, c.req.query());
      const answer = await ctx.db.tenant(me.tenantId, async (tx) => {
        const found = await sentPage(tx, callerOf(me), q);
        const labels = await categoryLabels(ctx, tx);
        return { ...found, records: found.records.map((row) => sentItem(row, labels)) };
      });
      return c.json(rData(answer));
    },
  );

  api.get(
    `${WORK_BASE}/waiting`,
    describeRoute({
      summary: { zh: '等我处理的任务（顶栏消息）', en: 'Tasks waiting for me (the top bar’s messages)' },
      description: {
        zh: '指派给调用者的待办任务和调用者可签收的任务，最早的在前；status 为 todo 或 claim。',
        en: 'Tasks assigned to the caller and tasks the caller may claim, oldest first; status todo or claim.',
      },
      query: pageQuery,
      data: bladeFlowPage,
    }),
    async (c) => {
      const me = currentMember(c);
      const q = parseInput(pageQuery, c.req.query());
      const answer = await ctx.db.tenant(me.tenantId, async (tx) => {
        const found = await taskPage(tx, callerOf(me), 'waiting', q);
        const labels = await categoryLabels(ctx, tx);
        return { ...found, records: found.records.map((row) => taskItem(row, labels)) };
      });
      return c.json(rData(answer));
    },
  );

  api.get(
    `${WORK_BASE}/waiting-count`,
    describeRoute({
      summary: { zh: '等我处理的任务数', en: 'How many tasks wait for me' },
      description: { zh: '顶栏消息的角标：指派给调用者的待办任务数加调用者可签收的任务数。', en: 'The top bar’s badge: tasks assigned to the caller plus tasks the caller may claim.' },
      data: z.number().int(),
    }),
    async (c) => {
      const me = currentMember(c);
      const count = await ctx.db.tenant(me.tenantId, (tx) => waitingCount(tx, callerOf(me)));
      return c.json(rData(count));
    },
  );
}
