import type { Hono } from 'hono';
import { z } from 'zod';
import {
  ApiError,
  type AppEnv,
  bizError,
  currentLanguage,
  describeRoute,
  docText,
  formatDateTime,
  localize,
  page,
  pageOf,
  parseInput,
  rData,
  readParams,
  type RouteDoc,
  rSuccess,
  type ServerContext,
  SqlParams,
  str,
} from '../../../core/sdk/server';
import { categoryName } from '../../../core/sdk/shared';
import type { DefinitionRow } from '../engine';
import { administratorOnly, ADMIN_ONLY } from './administrator';
import { assertDeployTarget, deployed, deployXml, flowCategories } from './deploy';
import { categoryParam, definitionIdParam, idListParam, MODEL_KEY, pageQuery, tenantIdFilter, tenantIdsParam } from './params';
import { ADMIN_MSG } from './texts';
import { fileRefusal, judgedFile, uploadedForm } from './upload';
import { removeDeployments } from './remove-deployments';

/**
 * The deployed processes of every tenant: their versions, suspending and activating them, deleting
 * deployments with their instances, and deploying uploaded BPMN files.
 */
const BASE = '/blade-flow/manager';
export const CHECK_UPLOAD = `${BASE}/check-upload`;
export const DEPLOY_UPLOAD = `${BASE}/deploy-upload`;

const ACTIVE = 1;
const SUSPENDED = 2;

const flowProcess = z.object({
  id: z.string().describe(docText({ zh: '流程定义主键', en: 'Process definition id' })),
  tenantId: z.string(),
  tenantName: z.string(),
  name: z.string(),
  key: z.string(),
  description: z.string(),
  category: z.string(),
  categoryName: z.string(),
  version: z.number().int(),
  deploymentId: z.string(),
  resourceName: z.string(),
  diagramResourceName: z.string(),
  suspensionState: z.number().int().describe(docText({ zh: '1 激活，2 挂起', en: '1 active, 2 suspended' })),
  deploymentTime: z.string(),
});

const listQuery = z.object({
  category: categoryParam.optional(),
  tenantId: tenantIdFilter,
  processDefinitionKey: z
    .preprocess((v) => (typeof v === 'string' ? v.trim() || undefined : v), z.string().regex(MODEL_KEY).optional())
    .describe(docText({ zh: '流程标识', en: 'Process key' })),
  mode: z
    .preprocess((v) => (typeof v === 'string' ? v.trim() || undefined : v), z.enum(['1', '2']).optional())
    .describe(docText({ zh: 'BladeX 的参数（通用/租户流程），忽略：这里总是列出每个租户的', en: "BladeX's parameter (shared or tenant processes), ignored: every tenant's are listed" })),
  ...pageQuery,
});
const stateParams = z.object({
  state: z.enum(['active', 'suspend']).describe(docText({ zh: 'active 激活，suspend 挂起', en: 'active or suspend' })),
  processId: definitionIdParam,
});
const deleteParams = z.object({ deploymentIds: idListParam('deploymentIds', { zh: '部署主键，逗号分隔', en: 'Deployment ids, comma-joined' }) });
const uploadParams = z.object({ category: categoryParam, tenantIds: tenantIdsParam });

const fileSchema = { type: 'string', format: 'binary' } as const;
const checkMultipart: RouteDoc['multipart'] = { type: 'object', required: ['file'], properties: { file: fileSchema } };
const deployMultipart: RouteDoc['multipart'] = {
  type: 'object',
  required: ['files', 'category', 'tenantIds'],
  properties: {
    files: { type: 'array', items: fileSchema, description: docText({ zh: '一个或多个 BPMN 文件（每个最大 1 MB，最多 10 个）', en: 'One or more BPMN files (each at most 1 MB, at most 10)' }) },
    category: { type: 'string', description: docText({ zh: '流程分类 flow_<键>', en: 'Category flow_<key>' }) },
    tenantIds: { type: 'string', description: docText({ zh: '租户编号，逗号分隔', en: 'Tenant ids, comma-joined' }) },
  },
};

/** A definition as the list reads it: without its XML, with its tenant's name. */
type ListedDefinition = Omit<DefinitionRow, 'xml' | 'deployment_name'> & { tenant_name: string | null };

export function managerRoutes(api: Hono<AppEnv>, ctx: ServerContext): void {
  api.get(
    `${BASE}/list`,
    describeRoute({
      summary: { zh: '已部署的流程（每个租户的）', en: "Deployed processes (every tenant's)" },
      description: {
        zh: `每个租户的每个版本，按流程标识、再按版本从新到旧；可按分类、租户、流程标识筛选。${ADMIN_ONLY.zh}`,
        en: `Every version of every tenant, by process key then newest version first; filtered by category, tenant and process key. ${ADMIN_ONLY.en}`,
      },
      query: listQuery,
      data: pageOf(flowProcess),
    }),
    administratorOnly,
    async (c) => {
      const { category, tenantId, processDefinitionKey, current = 1, size = 10 } = parseInput(listQuery, c.req.query());
      const language = currentLanguage();
      // Every tenant's definitions: the super administrator's cross-tenant view, filters bound as parameters.
      const answer = await ctx.db.system(async (tx) => {
        const p = new SqlParams();
        const where: string[] = [];
        if (category) where.push(`d.category = ${p.add(category)}`);
        if (tenantId) where.push(`d.tenant_id = ${p.add(tenantId)}`);
        if (processDefinitionKey) where.push(`d.process_key = ${p.add(processDefinitionKey)}`);
        const filter = where.length ? `where ${where.join(' and ')}` : '';
        const total = Number((await tx.one<{ n: number }>(`select count(*)::int as n from flow_definition d ${filter}`, p.values))?.n ?? 0);
        const rows = await tx.query<ListedDefinition>(
          `select d.id, d.tenant_id, t.tenant_name, d.process_key, d.name, d.description, d.version, d.category, d.deployment_id::text as deployment_id,
                  d.resource_name, d.suspension_state, d.deploy_time
             from flow_definition d left join blade_tenant t on t.tenant_id = d.tenant_id and t.is_deleted = 0
             ${filter}
            order by d.process_key, d.version desc, d.tenant_id
            limit ${p.add(size)} offset ${p.add((current - 1) * size)}`,
          p.values,
        );
        const labels = await flowCategories(tx, ctx);
        return page(
          rows.map((r) => ({
            id: r.id,
            tenantId: r.tenant_id,
            tenantName: str(r.tenant_name),
            name: r.name,
            key: r.process_key,
            description: str(r.description),
            category: r.category,
            categoryName: categoryName(r.category, labels, language),
            version: Number(r.version),
            deploymentId: r.deployment_id,
            resourceName: r.resource_name,
            // The diagram is drawn from the XML in the browser: there is no picture resource.
            diagramResourceName: '',
            suspensionState: Number(r.suspension_state),
            deploymentTime: formatDateTime(r.deploy_time),
          })),
          total,
          current,
          size,
        );
      });
      return c.json(rData(answer));
    },
  );

  api.post(
    `${BASE}/change-state`,
    describeRoute({
      summary: { zh: '激活或挂起流程定义', en: 'Activate or suspend a process definition' },
      description: {
        zh: `挂起的流程不能发起，其实例的任务不能签收或办理。已处于该状态时答 400 并说明。${ADMIN_ONLY.zh}`,
        en: `A suspended process cannot be started and its instances' tasks cannot be claimed or completed. A definition already in that state is refused with a 400 saying so. ${ADMIN_ONLY.en}`,
      },
      params: stateParams,
    }),
    administratorOnly,
    async (c) => {
      const { state, processId } = parseInput(stateParams, await readParams(c));
      const target = state === 'active' ? ACTIVE : SUSPENDED;
      await ctx.db.system(async (tx) => {
        // Conditional on the state it moves from: of two identical changes at once, one changes it.
        const changed = await tx.one(`update flow_definition set suspension_state = $2 where id = $1 and suspension_state <> $2 returning id`, [processId, target]);
        if (changed) return;
        const exists = await tx.one(`select 1 as found from flow_definition where id = $1`, [processId]);
        if (!exists) throw bizError(ADMIN_MSG.definitionNotFound(processId));
        throw bizError(target === ACTIVE ? ADMIN_MSG.alreadyActive(processId) : ADMIN_MSG.alreadySuspended(processId));
      });
      return c.json(rSuccess());
    },
  );

  api.post(
    `${BASE}/delete-deployment`,
    describeRoute({
      summary: { zh: '删除部署', en: 'Delete deployments' },
      description: {
        zh: `删除部署的流程定义，以及（在同一事务中、锁定后）它们的实例、任务和历史。某个部署不存在时什么都不删。${ADMIN_ONLY.zh}`,
        en: `Deletes the deployments' definitions and, in the same transaction with their rows locked, their instances, tasks and history. When one deployment does not exist nothing is deleted. ${ADMIN_ONLY.en}`,
      },
      params: deleteParams,
    }),
    administratorOnly,
    async (c) => {
      const { deploymentIds } = parseInput(deleteParams, await readParams(c));
      await ctx.db.system((tx) => removeDeployments(tx, deploymentIds));
      return c.json(rSuccess(ADMIN_MSG.removed));
    },
  );

  api.post(
    CHECK_UPLOAD,
    describeRoute({
      summary: { zh: '检查流程文件', en: 'Check a process file' },
      description: {
        zh: `按文件内容判断（不看文件名）：UTF-8 编码（可带 BOM）、引擎能部署的 BPMN 2.0 XML。答文件名、能否部署和原因；最大 1 MB。${ADMIN_ONLY.zh}`,
        en: `Judged by its bytes, never its name: UTF-8 (a BOM allowed) BPMN 2.0 XML the engine can deploy. Answers the name, whether it would deploy and why not; at most 1 MB. ${ADMIN_ONLY.en}`,
      },
      multipart: checkMultipart,
      data: z.object({ name: z.string(), success: z.boolean(), msg: z.string() }),
    }),
    administratorOnly,
    async (c) => {
      const { files } = await uploadedForm(c, 'file');
      const file = files[0]!;
      const refusal = await fileRefusal(file);
      return c.json(rData({ name: file.name, success: !refusal, msg: localize(refusal ?? ADMIN_MSG.checked) }));
    },
  );

  api.post(
    DEPLOY_UPLOAD,
    describeRoute({
      summary: { zh: '部署上传的流程文件', en: 'Deploy uploaded process files' },
      description: {
        zh: `每个文件为每个选中的租户部署一个新版本；全部成功或全部不做，被拒绝的文件在消息中点名。${ADMIN_ONLY.zh}`,
        en: `Each file is deployed as a new version for each chosen tenant; all or nothing, a refused file named in the message. ${ADMIN_ONLY.en}`,
      },
      multipart: deployMultipart,
      data: z.array(deployed),
    }),
    administratorOnly,
    async (c) => {
      const { files, fields } = await uploadedForm(c, 'files');
      const { category, tenantIds } = parseInput(uploadParams, { ...c.req.query(), ...fields });
      // Judged before the transaction opens: parsing holds no lock.
      const judged: { name: string; xml: string }[] = [];
      for (const file of files) judged.push({ name: file.name, xml: (await judgedFile(file)).xml });
      const answer = await ctx.db.system(async (tx) => {
        await assertDeployTarget(tx, ctx, category, tenantIds);
        const done = [];
        for (const { name, xml } of judged) {
          try {
            done.push(await deployXml(tx, ctx, { xml, category, tenantIds, name }));
          } catch (error) {
            // The category and tenants were checked above: a refusal now is the engine's, of this file.
            if (error instanceof ApiError && error.status === 400) throw bizError(ADMIN_MSG.fileRefused(name, error.text));
            throw error;
          }
        }
        return done;
      });
      return c.json(rData(answer, ADMIN_MSG.deployed));
    },
  );
}
