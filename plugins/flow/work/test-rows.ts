import { composeServerParts, defineServerPlugin, type ServerContext } from '../../../core/sdk/server';
import { engineServer } from '../engine/server';
import flowPlugin from '../index';
import { flowTables } from '../tables';
import { workServer } from './server';

/**
 * Rows of the flow tables written directly, for the work lists' tests: a list is a query over them,
 * whatever engine wrote them. Times are Dates (instants); ids come from the server's generator.
 */
/** The flow plugin with its engine and work lists but none of the administration's demo data: the tests' rows are the only ones. */
export const workOnlyServer = defineServerPlugin(flowPlugin, composeServerParts({ migrations: [flowTables] }, engineServer, workServer));

type Ctx = Pick<ServerContext, 'db' | 'ids'>;
type Plain = string | number | boolean;

export interface DefinitionRow {
  tenantId: string;
  key: string;
  name: string;
  category?: string;
  version?: number;
  suspended?: boolean;
  deployTime?: Date;
}

export async function insertDefinition(ctx: Ctx, d: DefinitionRow): Promise<string> {
  const deploymentId = ctx.ids.next();
  const version = d.version ?? 1;
  const id = `${d.key}:${version}:${deploymentId}`;
  await ctx.db.system((tx) =>
    tx.query(
      `insert into flow_definition (id, tenant_id, process_key, name, version, category, deployment_id, deployment_name, resource_name, xml, suspension_state, deploy_time)
       values ($1, $2, $3, $4, $5, $6, $7, $4, $8, '<definitions/>', $9, $10)`,
      [id, d.tenantId, d.key, d.name, version, d.category ?? 'flow_2', deploymentId, `${d.key}.bpmn20.xml`, d.suspended ? 2 : 1, d.deployTime ?? new Date()],
    ),
  );
  return id;
}

export interface InstanceRow {
  tenantId: string;
  definitionId: string;
  startUser: string;
  startTime: Date;
  status?: 'running' | 'finished' | 'deleted';
  endTime?: Date;
  businessKey?: string;
  variables?: Record<string, Plain>;
}

export async function insertInstance(ctx: Ctx, i: InstanceRow): Promise<string> {
  const id = ctx.ids.next();
  await ctx.db.system((tx) =>
    tx.query(
      `insert into flow_instance (id, tenant_id, definition_id, business_key, start_user, start_time, end_time, status, variables)
       values ($1, $2, $3, $4, $5, $6, $7, $8, $9::jsonb)`,
      [id, i.tenantId, i.definitionId, i.businessKey ?? `flow_general:${id}`, i.startUser, i.startTime, i.endTime ?? null, i.status ?? 'running', JSON.stringify(i.variables ?? {})],
    ),
  );
  return id;
}

export interface TaskRow {
  tenantId: string;
  instanceId: string;
  definitionId: string;
  name: string;
  activityId?: string;
  status: 'claim' | 'todo' | 'done' | 'cancelled';
  assignee?: string;
  candidateGroups?: string[];
  candidateUsers?: string[];
  createTime: Date;
  claimTime?: Date;
  endTime?: Date;
  comment?: string;
  pass?: boolean;
}

export async function insertTask(ctx: Ctx, t: TaskRow): Promise<string> {
  const id = ctx.ids.next();
  await ctx.db.system((tx) =>
    tx.query(
      `insert into flow_task (id, tenant_id, instance_id, definition_id, activity_id, name, assignee, candidate_groups, candidate_users, status, create_time, claim_time, end_time, comment, pass)
       values ($1, $2, $3, $4, $5, $6, $7, $8::varchar[], $9::bigint[], $10, $11, $12, $13, $14, $15)`,
      [
        id,
        t.tenantId,
        t.instanceId,
        t.definitionId,
        t.activityId ?? 'approve',
        t.name,
        t.assignee ?? null,
        t.candidateGroups ?? [],
        t.candidateUsers ?? [],
        t.status,
        t.createTime,
        t.claimTime ?? null,
        t.endTime ?? null,
        t.comment ?? '',
        t.pass ?? null,
      ],
    ),
  );
  return id;
}
