import type { AuthUser, Tx } from '../../../core/sdk/server';

/**
 * Who takes part in an instance: its starter, the assignee of one of its tasks (done or waiting), or a
 * candidate of a task waiting to be claimed. They may read the instance's history and diagram, and a
 * business form shows its row to them. `$1` the instance, `$2` the tenant, `$3` the user, `$4` their roles.
 */
export const PARTICIPANT_CONDITION = `i.id = $1 and i.tenant_id = $2 and (i.start_user = $3 or exists (
  select 1 from flow_task t where t.instance_id = i.id and t.tenant_id = i.tenant_id
    and (t.assignee = $3 or (t.status = 'claim' and (t.candidate_groups && $4::varchar[] or $3 = any(t.candidate_users))))))`;

export const participantParams = (instanceId: string, me: AuthUser) => [instanceId, me.tenantId, me.userId, me.roles];

export async function participates(tx: Tx, me: AuthUser, instanceId: string): Promise<boolean> {
  if (!/^\d{1,19}$/.test(instanceId) || !/^\d{1,19}$/.test(me.userId)) return false;
  return !!(await tx.one(`select 1 as found from flow_instance i where ${PARTICIPANT_CONDITION}`, participantParams(instanceId, me)));
}
