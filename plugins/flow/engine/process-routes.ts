import type { Hono } from 'hono';
import { z } from 'zod';
import {
  type AppEnv,
  attachment,
  type AuthUser,
  bizError,
  currentLanguage,
  currentMember,
  describeRoute,
  docText,
  formatDateTime,
  isBigintId,
  MSG,
  parseInput,
  rData,
  type ServerContext,
  type Tx,
  zodMessage,
} from '../../../core/sdk/server';
import { bladeFlow, durationText, taskUser, type BladeFlow, type LocalText } from '../../../core/sdk/shared';
import { bladeFlowSchema } from '../work/schemas';
import { instanceSummary, type InstanceRef } from './instance-summary';
import { ENGINE_MSG } from './messages';
import { SEQUENCE_FLOW, userNames, type DefinitionRow } from './store';

/**
 * What anyone with a part in an instance may read of it: the request itself (`instance`), its history
 * (`history-flow-list`), its diagram with every element passed, the flows taken and the activities
 * waiting now (`model-view`), and a definition's XML (`resource-view`). An instance is readable by its starter, by whoever has or had a task in it or may
 * claim one, and by the super administrator (in any tenant); to anyone else it does not exist.
 */

const BASE = '/blade-flow/process';
/** The history shows the steps people see: the start, the user tasks, the ends (gateways are the engine's). */
const HISTORY_TYPES = ['startEvent', 'userTask', 'endEvent'];
/** The diagram also marks the gateways passed, so the path it draws has no gaps. */
const DIAGRAM_TYPES = [...HISTORY_TYPES, 'exclusiveGateway', 'parallelGateway'];

const id = (name: string, text: { zh: string; en: string }) =>
  z
    .string()
    .trim()
    .refine((v) => /^\d{1,19}$/.test(v) && isBigintId(v), { message: zodMessage(MSG.badFormat(name)) })
    .describe(docText(text));
const instanceIdParam = id('processInstanceId', { zh: '流程实例主键', en: 'The process instance id' });
const definitionIdParam = z
  .string()
  .trim()
  .min(1)
  .max(160)
  .regex(/^[\w.-]+:\d+:\d+$/, { message: zodMessage(MSG.badFormat('processDefinitionId')) })
  .describe(docText({ zh: '流程定义主键（<流程标识>:<版本>:<部署主键>）', en: 'The process definition id (<key>:<version>:<deployment id>)' }));

export const historyQuery = z.object({ processInstanceId: instanceIdParam });
export const instanceQuery = historyQuery;
export const modelViewQuery = z
  .object({ processInstanceId: instanceIdParam.optional(), processDefinitionId: definitionIdParam.optional() })
  .refine((q) => q.processInstanceId !== undefined || q.processDefinitionId !== undefined, { message: zodMessage(ENGINE_MSG.instanceOrDefinition) });
export const resourceQuery = z.object({
  processDefinitionId: definitionIdParam,
  resourceType: z.enum(['xml', 'image']).default('xml').describe(docText({ zh: '资源类型：xml（image 不提供）', en: 'The resource: xml (image is not offered)' })),
});

const historyItem = z
  .object({
    historyActivityId: z.string(),
    historyActivityName: z.string(),
    createTime: z.string(),
    endTime: z.string(),
    historyActivityDurationTime: z.string().describe(docText({ zh: '耗时，如 1天2小时3分4秒', en: 'How long it took, e.g. 1d 2h 3m 4s' })),
    assignee: z.string().describe(docText({ zh: 'taskUser_<用户主键>', en: 'taskUser_<user id>' })),
    assigneeName: z.string(),
    comment: z.string(),
    pass: z.boolean(),
    taskId: z.string(),
    processInstanceId: z.string(),
  })
  .describe(docText({ zh: 'BladeFlow（其余字段为空值）', en: 'A BladeFlow (its other fields empty)' }));
const modelView = z.object({
  flow: z.array(
    historyItem.extend({
      historyActivityType: z.string().describe(docText({ zh: '元素类型：startEvent、userTask、exclusiveGateway、parallelGateway、endEvent', en: 'The element: startEvent, userTask, exclusiveGateway, parallelGateway, endEvent' })),
    }),
  ),
  flows: z.array(z.string()).describe(docText({ zh: '实例走过的顺序流（BPMN 元素 id），供流程图高亮', en: 'The sequence flows the instance took (BPMN element ids), for the diagram to highlight' })),
  xml: z.string().describe(docText({ zh: '流程的 BPMN XML', en: "The process's BPMN XML" })),
  current: z.array(z.string()).describe(docText({ zh: '正在等待的活动（BPMN 元素 id），供流程图高亮', en: 'The activities waiting now (BPMN element ids), for the diagram to highlight' })),
});

const ACCESS = {
  zh: '流程的发起人、办理过或可签收其任务的人、超级管理员可查看；其他人得到“数据不存在”。',
  en: 'For the starter, whoever has, had or may claim a task in it, and the super administrator; anyone else is told it does not exist.',
};

/** The super administrator reads every tenant's instances; anyone else their own tenant's, under its row security. */
const inScope = <T>(ctx: ServerContext, me: AuthUser, read: (tx: Tx) => Promise<T>): Promise<T> => (me.isAdministrator ? ctx.db.system(read) : ctx.db.tenant(me.tenantId, read));

async function readableInstance(tx: Tx, me: AuthUser, instanceId: string): Promise<InstanceRef> {
  const row = me.isAdministrator
    ? await tx.one<InstanceRef>('select id, tenant_id, definition_id, start_user, start_user_name from flow_instance where id = $1', [instanceId])
    : await tx.one<InstanceRef>(
        `select i.id, i.tenant_id, i.definition_id, i.start_user, i.start_user_name from flow_instance i
         where i.id = $1 and i.tenant_id = $2 and (i.start_user = $3 or exists (
           select 1 from flow_task t where t.instance_id = i.id and t.tenant_id = i.tenant_id
             and (t.assignee = $3 or (t.status = 'claim' and (t.candidate_groups && $4::varchar[] or $3 = any(t.candidate_users))))))`,
        [instanceId, me.tenantId, me.userId, me.roles],
      );
  if (!row) throw bizError(MSG.notFound);
  return row;
}

async function readableDefinition(tx: Tx, me: AuthUser, definitionId: string): Promise<DefinitionRow> {
  const row = me.isAdministrator
    ? await tx.one<DefinitionRow>('select * from flow_definition where id = $1', [definitionId])
    : await tx.one<DefinitionRow>('select * from flow_definition where id = $1 and tenant_id = $2', [definitionId, me.tenantId]);
  if (!row) throw bizError(MSG.notFound);
  return row;
}

interface ActivityRow {
  activity_id: string;
  activity_name: string;
  activity_type: string;
  task_id: string | null;
  assignee: string | null;
  start_time: Date;
  end_time: Date | null;
  comment: string;
  pass: boolean | null;
}

type DiagramStep = BladeFlow & { historyActivityType: string };

/** What an unnamed start or end event is called in the history (the engine names it by its id, `Event_1x…`). */
const UNNAMED_EVENT: Readonly<Record<string, LocalText>> = { startEvent: { zh: '开始', en: 'Start' }, endEvent: { zh: '结束', en: 'End' } };

export const activityName = (r: Pick<ActivityRow, 'activity_id' | 'activity_name' | 'activity_type'>, language: keyof LocalText): string => {
  const unnamed = UNNAMED_EVENT[r.activity_type];
  return unnamed && (!r.activity_name || r.activity_name === r.activity_id) ? unnamed[language] : r.activity_name;
};

/**
 * The instance's history as BladeX's history-flow-list answers it, in the order the steps started; for
 * the diagram (`forDiagram`), the gateways passed too, each item saying its element type.
 */
async function historyOf(tx: Tx, instance: InstanceRef): Promise<BladeFlow[]>;
async function historyOf(tx: Tx, instance: InstanceRef, forDiagram: true): Promise<DiagramStep[]>;
async function historyOf(tx: Tx, instance: InstanceRef, forDiagram = false): Promise<BladeFlow[]> {
  const rows = await tx.query<ActivityRow>(
    `select a.activity_id, a.activity_name, a.activity_type, a.task_id::text as task_id, a.assignee::text as assignee, a.start_time, a.end_time, a.comment, t.pass
     from flow_activity a left join flow_task t on t.id = a.task_id and t.tenant_id = a.tenant_id
     where a.instance_id = $1 and a.tenant_id = $2 and a.activity_type = any($3::varchar[]) order by a.start_time, a.id`,
    [instance.id, instance.tenant_id, forDiagram ? DIAGRAM_TYPES : HISTORY_TYPES],
  );
  const names = await userNames(tx, instance.tenant_id, rows.map((r) => r.assignee ?? ''));
  const language = currentLanguage();
  return rows.map((r) => {
    const isStart = r.activity_type === 'startEvent';
    const assignee = isStart ? String(instance.start_user) : r.assignee;
    const item = bladeFlow({
      historyActivityId: r.activity_id,
      historyActivityName: activityName(r, language),
      createTime: formatDateTime(r.start_time),
      endTime: r.end_time ? formatDateTime(r.end_time) : '',
      historyActivityDurationTime: r.end_time ? durationText(r.end_time.getTime() - r.start_time.getTime(), language) : '',
      assignee: assignee ? taskUser(assignee) : '',
      assigneeName: isStart ? instance.start_user_name : assignee ? (names.get(assignee) ?? '') : '',
      comment: r.comment,
      pass: r.pass === true,
      taskId: r.task_id ?? '',
      processInstanceId: String(instance.id),
      processDefinitionId: instance.definition_id,
    });
    return forDiagram ? { ...item, historyActivityType: r.activity_type } : item;
  });
}

/** The sequence flows the instance took, each once. */
async function takenFlows(tx: Tx, instance: InstanceRef): Promise<string[]> {
  const rows = await tx.query<{ activity_id: string }>(
    'select distinct activity_id from flow_activity where instance_id = $1 and tenant_id = $2 and activity_type = $3 order by activity_id',
    [instance.id, instance.tenant_id, SEQUENCE_FLOW],
  );
  return rows.map((r) => r.activity_id);
}

async function waitingActivities(tx: Tx, instance: InstanceRef): Promise<string[]> {
  const rows = await tx.query<{ activity_id: string }>(
    'select distinct activity_id from flow_activity where instance_id = $1 and tenant_id = $2 and end_time is null order by activity_id',
    [instance.id, instance.tenant_id],
  );
  return rows.map((r) => r.activity_id);
}

export function processRoutes(api: Hono<AppEnv>, ctx: ServerContext): void {
  api.get(
    `${BASE}/instance`,
    describeRoute({
      summary: { zh: '流程实例概要', en: 'A process instance in brief' },
      description: {
        zh: `流程实例的 BladeFlow：流程与分类、流程变量（表单的标题、事由等）、业务表与主键、是否办结、开始与结束时间、发起人（assignee/assigneeName）、正在等待的步骤（taskName）。办理页、详情页按地址打开时读取。${ACCESS.zh}`,
        en: `A process instance as a BladeFlow: its process and category, its variables (the form's title, reason…), business table and id, whether it finished, when it started and ended, its starter (assignee/assigneeName), the steps waiting now (taskName). What a handling or details page reads when opened by its address. ${ACCESS.en}`,
      },
      query: instanceQuery,
      data: bladeFlowSchema,
    }),
    async (c) => {
      const me = currentMember(c);
      const { processInstanceId } = parseInput(instanceQuery, c.req.query());
      const item = await inScope(ctx, me, async (tx) => instanceSummary(ctx, tx, await readableInstance(tx, me, processInstanceId)));
      return c.json(rData(item));
    },
  );

  api.get(
    `${BASE}/history-flow-list`,
    describeRoute({
      summary: { zh: '流程实例的审批记录', en: "A process instance's history" },
      description: {
        zh: `开始、每个用户任务、结束，按开始时间排列：办理人、时间、耗时、意见。${ACCESS.zh}`,
        en: `The start, each user task and the end, in the order they started: who, when, how long, the comment. ${ACCESS.en}`,
      },
      query: historyQuery,
      data: z.array(historyItem),
    }),
    async (c) => {
      const me = currentMember(c);
      const { processInstanceId } = parseInput(historyQuery, c.req.query());
      const flow = await inScope(ctx, me, async (tx) => historyOf(tx, await readableInstance(tx, me, processInstanceId)));
      return c.json(rData(flow));
    },
  );

  api.get(
    `${BASE}/model-view`,
    describeRoute({
      summary: { zh: '流程图与进度', en: 'The diagram and where the instance stands' },
      description: {
        zh: `给出流程实例（或流程定义）的 BPMN XML、走过的步骤（审批记录加上经过的网关）、走过的顺序流和正在等待的活动，由浏览器绘制并高亮。${ACCESS.zh}流程定义：本租户成员可查看。`,
        en: `The BPMN XML of an instance (or a definition), the steps it passed (its history and the gateways it went through), the sequence flows it took and the activities waiting now, for the browser to draw and highlight. ${ACCESS.en} A definition: any member of its tenant.`,
      },
      query: modelViewQuery,
      data: modelView,
    }),
    async (c) => {
      const me = currentMember(c);
      const query = parseInput(modelViewQuery, c.req.query());
      const answer = await inScope(ctx, me, async (tx) => {
        if (query.processInstanceId === undefined) {
          const definition = await readableDefinition(tx, me, query.processDefinitionId ?? '');
          return { flow: [], flows: [], xml: definition.xml, current: [] };
        }
        const instance = await readableInstance(tx, me, query.processInstanceId);
        const definition = await tx.one<{ xml: string }>('select xml from flow_definition where id = $1 and tenant_id = $2', [instance.definition_id, instance.tenant_id]);
        return { flow: await historyOf(tx, instance, true), flows: await takenFlows(tx, instance), xml: definition?.xml ?? '', current: await waitingActivities(tx, instance) };
      });
      return c.json(rData(answer));
    },
  );

  api.get(
    `${BASE}/resource-view`,
    describeRoute({
      summary: { zh: '流程定义的资源文件', en: "A process definition's resource" },
      description: {
        zh: '下载流程定义的 BPMN XML（<流程标识>.bpmn20.xml）。流程图由浏览器绘制，resourceType=image 得到 400。本租户成员可下载，超级管理员可下载任何租户的。',
        en: "Downloads a definition's BPMN XML (<key>.bpmn20.xml). Diagrams are drawn in the browser: resourceType=image answers 400. Any member of its tenant; the super administrator, any tenant's.",
      },
      query: resourceQuery,
      answer: { contentType: 'application/xml', description: { zh: '<流程标识>.bpmn20.xml 附件', en: 'The attachment <key>.bpmn20.xml' } },
    }),
    async (c) => {
      const me = currentMember(c);
      const query = parseInput(resourceQuery, c.req.query());
      if (query.resourceType === 'image') throw bizError(ENGINE_MSG.imageRefused);
      const definition = await inScope(ctx, me, (tx) => readableDefinition(tx, me, query.processDefinitionId));
      const name = definition.resource_name || `${definition.process_key}.bpmn20.xml`;
      return c.body(definition.xml, 200, { 'Content-Type': 'application/xml; charset=utf-8', 'Content-Disposition': attachment(name, name), 'Cache-Control': 'no-store' });
    },
  );
}
