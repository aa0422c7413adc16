import { readFileSync } from 'node:fs';
import { ADMIN_TENANT, DEMO_TENANT, SEED, type ServerContext, type Tx } from '../../../core/sdk/server';
import { deployPerTenant } from './deploy';

/**
 * The demo models (each a BPMN file with its diagram, so the modeler and viewer draw it), and the
 * two-step general approval deployed in both demo tenants under 通用审批 (`flow_2`). The leave plugin
 * deploys its own process.
 */
interface DemoModel {
  key: string;
  name: string;
  description: string;
}

export const DEMO_MODELS: readonly DemoModel[] = [
  { key: 'general_two_step', name: '通用审批（两级）', description: '部门负责人审批（发起人选定），再由人事（角色 hr）复核；任一步驳回即结束。' },
  { key: 'expense', name: '报销审批', description: '经理审批（发起人选定）；金额（amount）超过 5000 元时再由财务（角色 finance）审批。' },
  { key: 'car', name: '用车申请', description: '部门负责人审批（发起人选定），再由行政（角色 admin）安排车辆。' },
];

/** The demo model's BPMN file, shipped beside this one. */
export const demoModelXml = (key: string): string => readFileSync(new URL(`./models/${key}.bpmn20.xml`, import.meta.url), 'utf8');

const GENERAL_CATEGORY = 'flow_2';

export async function seedFlowModels(tx: Tx, ctx: ServerContext): Promise<void> {
  const now = ctx.now();
  for (const model of DEMO_MODELS) {
    const taken = await tx.one(`select 1 as found from flow_model where model_key = $1 and is_deleted = 0`, [model.key]);
    if (taken) continue;
    await tx.query(
      `insert into flow_model (id, model_key, name, description, version, xml, create_user, create_time, update_user, update_time, is_deleted)
       values ($1, $2, $3, $4, 1, $5, $6, $7, $6, $7, 0)`,
      [ctx.ids.next(), model.key, model.name, model.description, demoModelXml(model.key), SEED.adminUserId, now],
    );
  }
  const tenants = await tx.query<{ tenant_id: string }>(
    `select t.tenant_id from blade_tenant t
      where t.tenant_id = any($1::varchar[]) and t.is_deleted = 0
        and not exists (select 1 from flow_definition d where d.tenant_id = t.tenant_id and d.process_key = 'general_two_step')
      order by t.tenant_id`,
    [[ADMIN_TENANT, DEMO_TENANT.tenantId]],
  );
  if (tenants.length === 0) return;
  await deployPerTenant(tx, ctx, {
    xml: demoModelXml('general_two_step'),
    category: GENERAL_CATEGORY,
    tenantIds: tenants.map((t) => t.tenant_id),
    name: '通用审批（两级）',
  });
}
