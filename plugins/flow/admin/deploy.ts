import { z } from 'zod';
import { bizError, docText, type LocalText, type ServerContext, type Tx } from '../../../core/sdk/server';
import { categoryKey, FLOW_DICTIONARY, flowDictionary } from '../dictionary';
import { workflowService } from '../engine';
import { ADMIN_MSG } from './texts';

/** What a deployment answers: its id and the definition made for each tenant. */
export const deployed = z.object({
  deploymentId: z.string().describe(docText({ zh: '部署主键，每个租户一个，逗号分隔（可直接用于删除部署）', en: 'The deployment ids, one per tenant, comma-joined (as delete-deployment takes them)' })),
  definitions: z.array(
    z.object({
      id: z.string().describe(docText({ zh: '流程定义主键 <流程标识>:<版本>:<部署主键>', en: 'Definition id <key>:<version>:<deployment id>' })),
      tenantId: z.string(),
      key: z.string(),
      name: z.string(),
      version: z.number().int(),
      category: z.string(),
    }),
  ),
});
export type Deployed = z.infer<typeof deployed>;

/**
 * The flow dictionary's entries by key, in both languages: the categories a process may be deployed in.
 * Without a dictionary provider, the entries the plugin declares.
 */
export async function flowCategories(tx: Tx, ctx: ServerContext): Promise<Map<string, LocalText>> {
  const labels = ctx.extensions.dictionaryLabels;
  if (labels) return labels(tx, FLOW_DICTIONARY);
  return new Map(flowDictionary.items.map((item) => [item.key, item.value]));
}

async function assertCategory(tx: Tx, ctx: ServerContext, category: string): Promise<void> {
  const key = categoryKey(category);
  if (!key || !(await flowCategories(tx, ctx)).has(key)) throw bizError(ADMIN_MSG.unknownCategory(category));
}

/** Each tenant exists (and is not removed). */
async function assertTenants(tx: Tx, tenantIds: readonly string[]): Promise<void> {
  const rows = await tx.query<{ tenant_id: string }>(`select tenant_id from blade_tenant where tenant_id = any($1::varchar[]) and is_deleted = 0`, [tenantIds]);
  const found = new Set(rows.map((r) => r.tenant_id));
  const missing = tenantIds.find((id) => !found.has(id));
  if (missing !== undefined) throw bizError(ADMIN_MSG.unknownTenant(missing));
}

/** The category is one of the flow dictionary's, and each tenant exists: else a 400 naming it. */
export async function assertDeployTarget(tx: Tx, ctx: ServerContext, category: string, tenantIds: readonly string[]): Promise<void> {
  await assertCategory(tx, ctx, category);
  await assertTenants(tx, tenantIds);
}

export interface DeployXmlInput {
  xml: string;
  category: string;
  tenantIds: readonly string[];
  /** The deployment's name (a model's name, a file's). */
  name?: string;
}

/**
 * Deploys a process for tenants, in the caller's transaction (a system one: the definitions belong to
 * several tenants). The category and the tenants are checked first; the engine refuses an XML it cannot
 * run, with the reason. Each tenant gets a deployment of its own, as Flowable makes one per tenant: a
 * definition's id (`key:version:deployment`) is then unique, whatever version the key has reached in
 * each tenant, and deleting one tenant's deployment leaves the others'.
 */
export async function deployXml(tx: Tx, ctx: ServerContext, input: DeployXmlInput): Promise<Deployed> {
  await assertDeployTarget(tx, ctx, input.category, input.tenantIds);
  return deployPerTenant(tx, ctx, input);
}

/** The engine's deployment without the checks (the seed's, before the dictionary exists). */
export async function deployPerTenant(tx: Tx, ctx: ServerContext, input: DeployXmlInput): Promise<Deployed> {
  const { definitions } = await workflowService.deploy(ctx, tx, { xml: input.xml, category: input.category, tenantIds: input.tenantIds, name: input.name });
  return { deploymentId: definitions.map((d) => d.deploymentId).join(','), definitions };
}
