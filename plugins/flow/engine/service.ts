import {
  bizError,
  formatDateTime,
  isBigintId,
  type AuthUser,
  type DeployedDefinition,
  type LocalText,
  type ServerContext,
  type Tx,
  type WorkflowInstanceSummary,
  type WorkflowService,
  type WorkflowTask,
} from '../../../core/sdk/server';
import { ENGINE_MSG } from './messages';
import { runSignal, runStart, StepFailure, type VariableValue, type Variables } from './runtime';
import { definitionOf, lockInstance, userNames, writeStep, type DefinitionRow } from './store';
import { checkedBpmn } from './validate';
import { participates } from './participants';

/**
 * The kernel's WorkflowService over bpmn-engine, its state in the flow plugin's tables. Every call runs
 * in the caller's transaction; a step locks its instance row from reading the engine's state to writing
 * the next one, and a task is taken by a conditional update, so two requests (or two servers) never run
 * one step twice.
 */

const VARIABLE_NAME = /^[A-Za-z_][\w]{0,63}$/;
const MAX_VARIABLES = 64;
const MAX_TEXT_VARIABLE = 2000;
export const MAX_COMMENT = 1000;

/** The variables a caller hands the engine: plain names, scalar values, bounded. */
export function checkedVariables(input: Readonly<Record<string, unknown>> | undefined): Variables {
  const out: Variables = {};
  const entries = Object.entries(input ?? {});
  if (entries.length > MAX_VARIABLES) throw bizError(ENGINE_MSG.badVariable(`(${entries.length} > ${MAX_VARIABLES})`));
  for (const [name, value] of entries) {
    const fits = typeof value === 'boolean' || (typeof value === 'number' && Number.isFinite(value)) || (typeof value === 'string' && value.length <= MAX_TEXT_VARIABLE);
    if (!VARIABLE_NAME.test(name) || !fits) throw bizError(ENGINE_MSG.badVariable(name.slice(0, 64)));
    out[name] = value as VariableValue;
  }
  return out;
}

function stepRefusal(failure: StepFailure): LocalText {
  const element = failure.element || '?';
  const noFlow = /no conditional flow taken/.test(failure.reason);
  return {
    zh: ENGINE_MSG.stepFailed(element, noFlow ? ENGINE_MSG.noFlowTaken.zh : failure.reason).zh,
    en: ENGINE_MSG.stepFailed(element, noFlow ? ENGINE_MSG.noFlowTaken.en : failure.reason).en,
  };
}

const deployed = (row: DefinitionRow): DeployedDefinition => ({
  id: row.id,
  tenantId: row.tenant_id,
  key: row.process_key,
  name: row.name,
  version: row.version,
  category: row.category,
  deploymentId: String(row.deployment_id),
});

/** Runs a step, turning the engine's failure into a 400 naming the element (the transaction then writes nothing). */
async function step<T>(run: () => Promise<T>, startFailed = false): Promise<T> {
  try {
    return await run();
  } catch (error) {
    if (!(error instanceof StepFailure)) throw error;
    const refusal = stepRefusal(error);
    throw bizError(startFailed ? { zh: `${ENGINE_MSG.startFailed.zh}：${refusal.zh}`, en: `${ENGINE_MSG.startFailed.en}: ${refusal.en}` } : refusal);
  }
}

async function deploy(ctx: ServerContext, tx: Tx, input: Parameters<WorkflowService['deploy']>[2]) {
  const process = await checkedBpmn(input.xml);
  const now = ctx.now();
  const definitions: DeployedDefinition[] = [];
  for (const tenantId of [...new Set(input.tenantIds)]) {
    // A deployment per tenant: the definition's id (`key:version:deployment`) is then unique whatever
    // version the key has reached in each tenant, and removing one tenant's leaves the others'.
    const deploymentId = ctx.ids.next();
    // Versions count per tenant and key: deployments of one key at once take turns.
    await tx.query('select pg_advisory_xact_lock(hashtext($1))', [`flow_definition:${tenantId}:${process.key}`]);
    const last = await tx.one<{ version: number | null }>('select max(version) as version from flow_definition where tenant_id = $1 and process_key = $2', [tenantId, process.key]);
    const version = (last?.version ?? 0) + 1;
    const row = await tx.one<DefinitionRow>(
      `insert into flow_definition (id, tenant_id, process_key, name, description, version, category, deployment_id, deployment_name, resource_name, xml, suspension_state, deploy_time)
       values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, 1, $12) returning *`,
      [`${process.key}:${version}:${deploymentId}`, tenantId, process.key, process.name.slice(0, 255), process.description, version, input.category, deploymentId, (input.name || process.name).slice(0, 255), `${process.key}.bpmn20.xml`, input.xml, now],
    );
    definitions.push(deployed(row as DefinitionRow));
  }
  return { definitions };
}

async function latest(_ctx: ServerContext, tx: Tx, tenantId: string, key: string) {
  const row = await tx.one<DefinitionRow>(
    'select * from flow_definition where tenant_id = $1 and process_key = $2 and suspension_state = 1 order by version desc limit 1',
    [tenantId, key],
  );
  return row ? deployed(row) : undefined;
}

async function start(ctx: ServerContext, tx: Tx, user: AuthUser, input: Parameters<WorkflowService['start']>[3]) {
  const definition = await definitionOf(tx, user.tenantId, input.processDefinitionId);
  if (!definition) throw bizError(ENGINE_MSG.definitionNotFound);
  if (definition.suspension_state !== 1) throw bizError(ENGINE_MSG.suspended);
  const variables: Variables = { ...checkedVariables(input.variables), createUser: user.account };
  const instanceId = ctx.ids.next();
  const result = await step(() => runStart(instanceId, definition.xml, variables, ctx.now), true);
  const names = await userNames(tx, user.tenantId, [user.userId]);
  await tx.query(
    `insert into flow_instance (id, tenant_id, definition_id, business_key, start_user, start_user_name, start_time, status, variables, revision)
     values ($1, $2, $3, $4, $5, $6, $7, 'running', $8, 0)`,
    [instanceId, user.tenantId, definition.id, input.businessKey.slice(0, 255), user.userId, names.get(user.userId) ?? user.account, ctx.now(), JSON.stringify(variables)],
  );
  await writeStep(ctx, tx, { tenantId: user.tenantId, instanceId, definitionId: definition.id, startUser: user.userId, revision: 0, variables }, result);
  return { processInstanceId: instanceId };
}

interface SummaryRow {
  id: string;
  definition_id: string;
  definition_name: string | null;
  business_key: string;
  start_user: string;
  start_user_name: string;
  start_time: Date;
  end_time: Date | null;
  status: string;
}

async function instance(_ctx: ServerContext, tx: Tx, tenantId: string, processInstanceId: string): Promise<WorkflowInstanceSummary | undefined> {
  if (!isBigintId(processInstanceId)) return undefined;
  const row = await tx.one<SummaryRow>(
    `select i.id, i.definition_id, d.name as definition_name, i.business_key, i.start_user, i.start_user_name, i.start_time, i.end_time, i.status
     from flow_instance i left join flow_definition d on d.id = i.definition_id and d.tenant_id = i.tenant_id
     where i.id = $1 and i.tenant_id = $2`,
    [processInstanceId, tenantId],
  );
  if (!row) return undefined;
  const tasks = row.status === 'running' ? await openTasks(_ctx, tx, tenantId, processInstanceId) : [];
  return {
    processInstanceId: row.id,
    processDefinitionId: row.definition_id,
    processDefinitionName: row.definition_name ?? '',
    businessKey: row.business_key,
    startUserId: String(row.start_user),
    startUserName: row.start_user_name,
    startTime: formatDateTime(row.start_time),
    endTime: row.end_time ? formatDateTime(row.end_time) : '',
    processIsFinished: row.status === 'running' ? 'unfinished' : 'finished',
    currentTaskNames: tasks.map((t) => t.taskName),
  };
}

interface TaskRow {
  id: string;
  name: string;
  activity_id: string;
  assignee: string | null;
  candidate_groups: string[];
  create_time: Date;
}

async function openTasks(_ctx: ServerContext, tx: Tx, tenantId: string, processInstanceId: string): Promise<WorkflowTask[]> {
  if (!isBigintId(processInstanceId)) return [];
  const rows = await tx.query<TaskRow>(
    `select id, name, activity_id, assignee, candidate_groups, create_time from flow_task
     where tenant_id = $1 and instance_id = $2 and status in ('claim', 'todo') order by create_time, id`,
    [tenantId, processInstanceId],
  );
  return rows.map((r) => ({
    taskId: String(r.id),
    taskName: r.name,
    taskDefinitionKey: r.activity_id,
    assignee: r.assignee === null ? '' : String(r.assignee),
    candidateGroups: r.candidate_groups,
    createTime: formatDateTime(r.create_time),
  }));
}

/** The running state of a task's instance and definition, for telling a suspended process from a gone task. */
async function taskContext(tx: Tx, tenantId: string, taskId: string) {
  return tx.one<{ instance_id: string; definition_id: string; suspension_state: number | null; instance_status: string }>(
    `select t.instance_id, t.definition_id, d.suspension_state, i.status as instance_status
     from flow_task t join flow_instance i on i.id = t.instance_id and i.tenant_id = t.tenant_id
     left join flow_definition d on d.id = t.definition_id and d.tenant_id = t.tenant_id
     where t.id = $1 and t.tenant_id = $2`,
    [taskId, tenantId],
  );
}

async function claim(ctx: ServerContext, tx: Tx, user: AuthUser, taskId: string): Promise<void> {
  if (!isBigintId(taskId) || !user.userId) throw bizError(ENGINE_MSG.taskGone);
  const found = await taskContext(tx, user.tenantId, taskId);
  if (!found || found.instance_status !== 'running') throw bizError(ENGINE_MSG.taskGone);
  if (found.suspension_state !== 1) throw bizError(ENGINE_MSG.suspended);
  const claimed = await tx.query(
    `update flow_task set assignee = $3, claim_time = $4, status = 'todo'
     where id = $1 and tenant_id = $2 and status = 'claim' and (candidate_groups && $5::varchar[] or $3 = any(candidate_users))
     returning id`,
    [taskId, user.tenantId, user.userId, ctx.now(), user.roles],
  );
  if (claimed.length !== 1) throw bizError(ENGINE_MSG.taskGone);
  await tx.query('update flow_activity set assignee = $3 where task_id = $1 and tenant_id = $2', [taskId, user.tenantId, user.userId]);
}

async function complete(ctx: ServerContext, tx: Tx, user: AuthUser, input: Parameters<WorkflowService['complete']>[3]): Promise<void> {
  const { taskId } = input;
  if (!isBigintId(taskId) || !user.userId) throw bizError(ENGINE_MSG.taskGone);
  const found = await taskContext(tx, user.tenantId, taskId);
  if (!found) throw bizError(ENGINE_MSG.taskGone);
  // The instance first, then the task: every step takes its locks in that order (no deadlock with a cancel).
  const locked = await lockInstance(tx, user.tenantId, found.instance_id);
  if (!locked || locked.status !== 'running') throw bizError(ENGINE_MSG.taskGone);
  if (found.suspension_state !== 1) throw bizError(ENGINE_MSG.suspended);
  const comment = input.comment.slice(0, MAX_COMMENT);
  const now = ctx.now();
  const task = await tx.one<{ activity_id: string }>(
    `update flow_task set status = 'done', end_time = $4, comment = $5, pass = $6
     where id = $1 and tenant_id = $2 and status = 'todo' and assignee = $3 returning activity_id`,
    [taskId, user.tenantId, user.userId, now, comment, input.pass],
  );
  if (!task) throw bizError(ENGINE_MSG.taskGone);
  const definition = await definitionOf(tx, user.tenantId, locked.definition_id);
  if (!definition) throw bizError(ENGINE_MSG.definitionNotFound);
  const variables: Variables = { ...locked.variables, ...checkedVariables(input.variables), pass: input.pass };
  const result = await step(() => runSignal(locked.id, definition.xml, locked.engine_state, variables, task.activity_id, ctx.now));
  await writeStep(ctx, tx, { tenantId: user.tenantId, instanceId: locked.id, definitionId: definition.id, startUser: String(locked.start_user), revision: locked.revision, variables }, result);
  await tx.query('update flow_activity set comment = $3, assignee = $4 where task_id = $1 and tenant_id = $2', [taskId, user.tenantId, comment, user.userId]);
}

/**
 * Ends a running instance by hand (the follow screen's delete): its waiting tasks are cancelled and its
 * open activities end now. Refused for an instance that is not running.
 */
export async function cancelInstance(ctx: ServerContext, tx: Tx, tenantId: string, processInstanceId: string, reason: string): Promise<void> {
  if (!isBigintId(processInstanceId)) throw bizError(ENGINE_MSG.instanceNotRunning);
  const locked = await lockInstance(tx, tenantId, processInstanceId);
  if (!locked || locked.status !== 'running') throw bizError(ENGINE_MSG.instanceNotRunning);
  const now = ctx.now();
  await tx.query(
    `update flow_instance set status = 'deleted', delete_reason = $3, end_time = $4, engine_state = null, revision = revision + 1 where id = $1 and tenant_id = $2`,
    [processInstanceId, tenantId, reason.slice(0, 500), now],
  );
  await tx.query(`update flow_task set status = 'cancelled', end_time = $3 where instance_id = $1 and tenant_id = $2 and status in ('claim', 'todo')`, [processInstanceId, tenantId, now]);
  await tx.query('update flow_activity set end_time = $3 where instance_id = $1 and tenant_id = $2 and end_time is null', [processInstanceId, tenantId, now]);
}

export const workflowService: WorkflowService = {
  deploy,
  latest,
  start,
  instance,
  openTasks,
  claim,
  complete,
  participates: (_ctx, tx, user, processInstanceId) => participates(tx, user, processInstanceId),
};
