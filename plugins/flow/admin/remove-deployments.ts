import { bizError, type Tx } from '../../../core/sdk/server';
import { ADMIN_MSG } from './texts';

/**
 * Deletes deployments: their definitions (in every tenant they were deployed to) and the instances,
 * tasks and history of those definitions, in the caller's transaction. The definitions and then the
 * instances are locked first, in id order, so a step of the engine on one of those instances (which
 * locks its instance row) either finishes before or finds the instance gone, never half deleted; and two
 * deletions at once wait for each other instead of deadlocking. A deployment with no definition refuses
 * the whole call, naming it.
 */
export async function removeDeployments(tx: Tx, deploymentIds: readonly string[]): Promise<void> {
  const definitions = await tx.query<{ id: string; deployment_id: string }>(
    `select id, deployment_id::text as deployment_id from flow_definition where deployment_id = any($1::bigint[]) order by id for update`,
    [deploymentIds],
  );
  const found = new Set(definitions.map((d) => d.deployment_id));
  const missing = deploymentIds.find((id) => !found.has(id));
  if (missing !== undefined) throw bizError(ADMIN_MSG.deploymentNotFound(missing));
  const definitionIds = definitions.map((d) => d.id);
  const instances = await tx.query<{ id: string }>(`select id::text as id from flow_instance where definition_id = any($1::varchar[]) order by id for update`, [definitionIds]);
  const instanceIds = instances.map((i) => i.id);
  await tx.query(`delete from flow_activity where instance_id = any($1::bigint[])`, [instanceIds]);
  await tx.query(`delete from flow_task where instance_id = any($1::bigint[]) or definition_id = any($2::varchar[])`, [instanceIds, definitionIds]);
  await tx.query(`delete from flow_instance where id = any($1::bigint[])`, [instanceIds]);
  await tx.query(`delete from flow_definition where id = any($1::varchar[])`, [definitionIds]);
}
