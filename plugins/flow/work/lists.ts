import { page, type Page, SqlParams, type Tx } from '../../../core/sdk/server';
import { INSTANCE_COLUMNS, TASK_COLUMNS, USER_NAME, type WorkRow } from './items';
import { beginInstant, endInstant, type ListQuery } from './params';

/**
 * The work lists' queries. Each is the caller's own, in their tenant: the claim list by the caller's
 * candidacy, the to-do and done lists by assignee (their partial indexes), the sent list by starter.
 * A page is counted and read with the same conditions, so `total` is always the page's own.
 */

/** Who asks: enough of the signed-in user to find their tasks. */
export interface Caller {
  tenantId: string;
  userId: string;
  roles: readonly string[];
}

export type TaskList = 'claim' | 'todo' | 'done' | 'waiting';

/**
 * A task `t` waiting for the caller to claim it: one of their role aliases among its candidate groups, or
 * they among its candidate users (both arrays under GIN indexes, matched with `&&`).
 */
export const claimable = (p: SqlParams, me: Caller) =>
  `(t.status = 'claim' and (t.candidate_groups && ${p.add([...me.roles])}::varchar[] or t.candidate_users && array[${p.add(me.userId)}::bigint]))`;
const assigned = (p: SqlParams, me: Caller, status: 'todo' | 'done') => `(t.status = '${status}' and t.assignee = ${p.add(me.userId)}::bigint)`;

function whose(list: TaskList, p: SqlParams, me: Caller): string {
  switch (list) {
    case 'claim':
      return claimable(p, me);
    case 'todo':
      return assigned(p, me, 'todo');
    case 'done':
      return assigned(p, me, 'done');
    case 'waiting':
      return `(${assigned(p, me, 'todo')} or ${claimable(p, me)})`;
  }
}

const escapeLike = (value: string) => value.replace(/[\\%_]/g, (c) => `\\${c}`);

/** The list filters on the definition (`d`) and on a time column; whether the definition must be joined. */
function filters(q: ListQuery, p: SqlParams, timeColumn: string): { sql: string; byDefinition: boolean } {
  const parts: string[] = [];
  if (q.category) parts.push(`d.category = ${p.add(q.category)}`);
  if (q.processDefinitionName) parts.push(`d.name ilike ${p.add(`%${escapeLike(q.processDefinitionName)}%`)}`);
  const byDefinition = parts.length > 0;
  if (q.beginDate) parts.push(`${timeColumn} >= ${p.add(beginInstant(q.beginDate))}::timestamptz`);
  if (q.endDate) parts.push(`${timeColumn} < ${p.add(endInstant(q.endDate))}::timestamptz`);
  return { sql: parts.map((part) => ` and ${part}`).join(''), byDefinition };
}

const DEFINITION_JOIN = (alias: string) => `join flow_definition d on d.id = ${alias}.definition_id and d.tenant_id = ${alias}.tenant_id`;

/** A page of the caller's tasks of one list: oldest first while they wait, the latest done first. */
export async function taskPage(tx: Tx, me: Caller, list: TaskList, q: ListQuery): Promise<Page<WorkRow>> {
  const current = q.current ?? 1;
  const size = q.size ?? 10;
  const p = new SqlParams();
  const tenant = p.add(me.tenantId);
  const done = list === 'done';
  const where = `t.tenant_id = ${tenant} and ${whose(list, p, me)}`;
  const filter = filters(q, p, done ? 't.end_time' : 't.create_time');
  const counted = await tx.one<{ total: number }>(
    `select count(*)::int as total from flow_task t ${filter.byDefinition ? DEFINITION_JOIN('t') : ''} where ${where}${filter.sql}`,
    p.values,
  );
  const total = Number(counted?.total ?? 0);
  if (total === 0 || (current - 1) * size >= total) return page([], total, current, size);
  const order = done ? 't.end_time desc, t.id desc' : 't.create_time, t.id';
  const rows = await tx.query<WorkRow>(
    `select ${TASK_COLUMNS}, ${INSTANCE_COLUMNS}
       from flow_task t
       ${DEFINITION_JOIN('t')}
       join flow_instance i on i.id = t.instance_id and i.tenant_id = t.tenant_id
       left join blade_user u on u.id = t.assignee and u.tenant_id = t.tenant_id
      where ${where}${filter.sql}
      order by ${order} limit ${p.add(size)} offset ${p.add((current - 1) * size)}`,
    p.values,
  );
  return page(rows, total, current, size);
}

/** A page of the instances the caller started, newest first, each with its latest open task. */
export async function sentPage(tx: Tx, me: Caller, q: ListQuery): Promise<Page<WorkRow>> {
  const current = q.current ?? 1;
  const size = q.size ?? 10;
  const p = new SqlParams();
  const where = `i.tenant_id = ${p.add(me.tenantId)} and i.start_user = ${p.add(me.userId)}::bigint`;
  const filter = filters(q, p, 'i.start_time');
  const counted = await tx.one<{ total: number }>(
    `select count(*)::int as total from flow_instance i ${filter.byDefinition ? DEFINITION_JOIN('i') : ''} where ${where}${filter.sql}`,
    p.values,
  );
  const total = Number(counted?.total ?? 0);
  if (total === 0 || (current - 1) * size >= total) return page([], total, current, size);
  const rows = await tx.query<WorkRow>(
    `select ${INSTANCE_COLUMNS}, o.task_id, o.task_name, o.activity_id, o.assignee, o.assignee_name, o.task_status,
            null as task_create, null as claim_time, null as task_end, null as comment, null as pass
       from flow_instance i
       ${DEFINITION_JOIN('i')}
       left join lateral (
         select t.id::text as task_id, t.name as task_name, t.activity_id, t.assignee::text as assignee, ${USER_NAME('u')} as assignee_name, t.status as task_status
           from flow_task t left join blade_user u on u.id = t.assignee and u.tenant_id = t.tenant_id
          where t.instance_id = i.id and t.tenant_id = i.tenant_id and t.status in ('claim', 'todo')
          order by t.create_time desc, t.id desc limit 1
       ) o on true
      where ${where}${filter.sql}
      order by i.start_time desc, i.id desc limit ${p.add(size)} offset ${p.add((current - 1) * size)}`,
    p.values,
  );
  return page(rows, total, current, size);
}

/** How many tasks wait for the caller: assigned to them, or theirs to claim. */
export async function waitingCount(tx: Tx, me: Caller): Promise<number> {
  const p = new SqlParams();
  const row = await tx.one<{ total: number }>(`select count(*)::int as total from flow_task t where t.tenant_id = ${p.add(me.tenantId)} and ${whose('waiting', p, me)}`, p.values);
  return Number(row?.total ?? 0);
}
