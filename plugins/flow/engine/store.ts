import { bizError, type ServerContext, type Tx } from '../../../core/sdk/server';
import { userIdOfTaskUser } from '../../../core/sdk/shared';
import { ENGINE_MSG } from './messages';
import type { StepResult, Variables } from './runtime';

/**
 * An instance's rows as the engine reads and writes them. Every step holds its instance's row lock
 * (`lockInstance`) from reading the state to writing the next one, in the caller's transaction.
 */

export interface InstanceRow {
  id: string;
  tenant_id: string;
  definition_id: string;
  business_key: string;
  start_user: string;
  status: 'running' | 'finished' | 'deleted';
  variables: Variables;
  engine_state: unknown;
  revision: number;
}

export interface DefinitionRow {
  id: string;
  tenant_id: string;
  process_key: string;
  name: string;
  description: string;
  version: number;
  category: string;
  deployment_id: string;
  deployment_name: string;
  resource_name: string;
  xml: string;
  suspension_state: number;
  deploy_time: Date;
}

const INSTANCE_COLUMNS = 'id, tenant_id, definition_id, business_key, start_user, status, variables, engine_state, revision';

/** The instance's row, locked until the transaction ends; undefined when the tenant has no such instance. */
export function lockInstance(tx: Tx, tenantId: string, instanceId: string): Promise<InstanceRow | undefined> {
  return tx.one<InstanceRow>(`select ${INSTANCE_COLUMNS} from flow_instance where id = $1 and tenant_id = $2 for update`, [instanceId, tenantId]);
}

export function definitionOf(tx: Tx, tenantId: string, definitionId: string): Promise<DefinitionRow | undefined> {
  return tx.one<DefinitionRow>('select * from flow_definition where id = $1 and tenant_id = $2', [definitionId, tenantId]);
}

/** The user's name as lists show it: real name, else name, else account ('' for no such user). */
export async function userNames(tx: Tx, tenantId: string, userIds: readonly string[]): Promise<Map<string, string>> {
  const ids = [...new Set(userIds.filter((id) => /^\d{1,19}$/.test(id)))];
  if (ids.length === 0) return new Map();
  const rows = await tx.query<{ id: string; label: string }>(
    `select id::text as id, coalesce(nullif(real_name, ''), nullif(name, ''), account) as label from blade_user where tenant_id = $1 and id = any($2::bigint[])`,
    [tenantId, ids],
  );
  return new Map(rows.map((r) => [r.id, r.label]));
}

/** The activity type of a taken sequence flow's row (as Flowable's history records it). */
export const SEQUENCE_FLOW = 'sequenceFlow';

interface NewActivity {
  id: string;
  executionId: string;
  activityId: string;
  name: string;
  type: string;
  start: Date;
  end: Date | null;
  taskId: string | null;
  assignee: string | null;
}

interface NewTask {
  id: string;
  executionId: string;
  activityId: string;
  name: string;
  assignee: string | null;
  candidateGroups: string[];
  candidateUsers: string[];
  createTime: Date;
}

/** Who a waiting user task is for: its assignee's user id (checked to be a user of the tenant), or its candidates. */
async function taskOf(ctx: ServerContext, tx: Tx, tenantId: string, wait: Extract<StepResult['events'][number], { kind: 'wait' }>, at: Date): Promise<NewTask> {
  const candidateUsers = wait.candidateUsers.map((u) => userIdOfTaskUser(u)).filter((u): u is string => u !== undefined);
  let assignee: string | null = null;
  if (wait.assignee) {
    const id = userIdOfTaskUser(wait.assignee);
    const known = id ? await tx.one('select 1 from blade_user where id = $1 and tenant_id = $2 and is_deleted = 0', [id, tenantId]) : undefined;
    if (!id || !known) throw bizError(ENGINE_MSG.noAssigneeResolved(wait.name, wait.assignee));
    assignee = id;
  } else if (wait.candidateGroups.length === 0 && candidateUsers.length === 0) {
    throw bizError(ENGINE_MSG.noAssigneeResolved(wait.name, ''));
  }
  return { id: ctx.ids.next(), executionId: wait.executionId, activityId: wait.activityId, name: wait.name, assignee, candidateGroups: wait.candidateGroups.map((g) => g.slice(0, 64)), candidateUsers, createTime: at };
}

export interface StepTarget {
  tenantId: string;
  instanceId: string;
  definitionId: string;
  /** The starter: the start event's "assignee" in the history. */
  startUser: string;
  /** The revision read under the lock; null for a new instance (the caller inserted its row). */
  revision: number;
  variables: Variables;
}

/**
 * Writes what a step did: the instance's new state (revision + 1, only over the revision read), the
 * activities (gateways included) started and ended, the sequence flows taken, the tasks now waiting. Returns the new tasks' ids.
 */
export async function writeStep(ctx: ServerContext, tx: Tx, target: StepTarget, result: StepResult): Promise<string[]> {
  const { tenantId, instanceId } = target;
  const now = ctx.now();
  const updated = await tx.query(
    `update flow_instance set engine_state = $3, variables = $4, revision = revision + 1,
       status = case when $5 then 'finished' else status end, end_time = case when $5 then $6::timestamptz else end_time end
     where id = $1 and tenant_id = $2 and revision = $7 and status = 'running' returning id`,
    [instanceId, tenantId, result.state === null ? null : JSON.stringify(result.state), JSON.stringify(target.variables), result.finished, now, target.revision],
  );
  if (updated.length !== 1) throw bizError(ENGINE_MSG.instanceNotRunning);

  const started = new Map<string, NewActivity>();
  const endedEarlier: { executionId: string; at: Date }[] = [];
  const tasks: NewTask[] = [];
  const taken: NewActivity[] = [];
  for (const event of result.events) {
    if (event.kind === 'start') {
      const starter = event.type === 'startEvent' ? target.startUser : null;
      started.set(event.executionId, { id: ctx.ids.next(), executionId: event.executionId, activityId: event.activityId, name: event.name, type: event.type, start: event.at, end: null, taskId: null, assignee: starter });
    } else if (event.kind === 'end') {
      const row = started.get(event.executionId);
      if (row) row.end = event.at;
      else endedEarlier.push(event);
    } else if (event.kind === 'take') {
      // A flow is taken in an instant: its row starts and ends at once, and nothing waits on it.
      taken.push({ id: ctx.ids.next(), executionId: '', activityId: event.flowId, name: event.name, type: SEQUENCE_FLOW, start: event.at, end: event.at, taskId: null, assignee: null });
    } else {
      const row = started.get(event.executionId);
      const task = await taskOf(ctx, tx, tenantId, event, row?.start ?? now);
      tasks.push(task);
      if (row) {
        row.taskId = task.id;
        row.assignee = task.assignee;
      }
    }
  }
  for (const ended of endedEarlier) {
    await tx.query('update flow_activity set end_time = $4 where tenant_id = $1 and instance_id = $2 and execution_id = $3 and end_time is null', [tenantId, instanceId, ended.executionId, ended.at]);
  }
  for (const a of [...started.values(), ...taken]) {
    await tx.query(
      `insert into flow_activity (id, tenant_id, instance_id, activity_id, activity_name, activity_type, execution_id, task_id, assignee, start_time, end_time)
       values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11)`,
      [a.id, tenantId, instanceId, a.activityId, a.name.slice(0, 255), a.type, a.executionId, a.taskId, a.assignee, a.start, a.end],
    );
  }
  for (const t of tasks) {
    await tx.query(
      `insert into flow_task (id, tenant_id, instance_id, definition_id, activity_id, name, assignee, candidate_groups, candidate_users, execution_id, status, create_time)
       values ($1, $2, $3, $4, $5, $6, $7, $8::varchar[], $9::bigint[], $10, $11, $12)`,
      [t.id, tenantId, instanceId, target.definitionId, t.activityId, t.name.slice(0, 255), t.assignee, t.candidateGroups, t.candidateUsers, t.executionId, t.assignee ? 'todo' : 'claim', t.createTime],
    );
  }
  return tasks.map((t) => t.id);
}
