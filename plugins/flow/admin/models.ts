import type { Hono } from 'hono';
import { z } from 'zod';
import {
  type AppEnv,
  attachment,
  bizError,
  currentMember,
  describeRoute,
  docText,
  formatDateTime,
  isUniqueViolation,
  page,
  pageOf,
  parseInput,
  rData,
  readJson,
  readParams,
  rSuccess,
  type ServerContext,
  SqlParams,
  str,
  type Tx,
  zodMessage,
} from '../../../core/sdk/server';
import { administratorOnly, ADMIN_ONLY } from './administrator';
import { checkedProcess } from './bpmn';
import { deployed, deployXml } from './deploy';
import { categoryParam, idListParam, idParam, likePattern, MODEL_KEY, pageQuery, tenantIdsParam, textFilter } from './params';
import { ADMIN_MSG } from './texts';

/**
 * Process models: BPMN drawn in the browser, shared by every tenant and kept as XML. A model is checked
 * by the engine's own rules when it is saved, so one that could never be deployed is refused with the
 * reason there, not at deployment. Each save is the model's next version; deploying one makes a new
 * version of its process for each chosen tenant.
 */
const BASE = '/blade-flow/model';
/** The largest XML a model keeps (the modeler's drawings are tens of kilobytes). */
export const MAX_XML_BYTES = 1024 * 1024;
export const MODEL_SUBMIT = `${BASE}/submit`;
/** JSON escapes an XML's quotes and line ends: room for that, so a too long XML is refused with its own message. */
export const MODEL_SUBMIT_CAP = { maxSize: 2 * MAX_XML_BYTES + 64 * 1024, message: ADMIN_MSG.requestTooLarge };

const modelJson = z.object({
  id: z.string(),
  modelKey: z.string().describe(docText({ zh: '模型标识（即流程标识）', en: 'Model key (the process key)' })),
  name: z.string(),
  description: z.string(),
  version: z.number().int().describe(docText({ zh: '保存次数', en: 'Times saved' })),
  created: z.string(),
  lastUpdated: z.string(),
});
const modelDetail = modelJson.extend({ modelEditorXml: z.string().describe(docText({ zh: 'BPMN 2.0 XML', en: 'BPMN 2.0 XML' })) });

const listQuery = z.object({
  name: textFilter(100, { zh: '名称包含', en: 'Name contains' }),
  modelKey: textFilter(64, { zh: '模型标识包含', en: 'Model key contains' }),
  ...pageQuery,
});
const idQuery = z.object({ id: idParam({ zh: '模型主键', en: 'Model id' }) });
const removeParams = z.object({ ids: idListParam('ids', { zh: '模型主键，逗号分隔', en: 'Model ids, comma-joined' }) });
const deployParams = z.object({
  modelId: idParam({ zh: '模型主键', en: 'Model id' }),
  category: categoryParam,
  tenantIds: tenantIdsParam,
});

const xmlText = z
  .string()
  .min(1)
  .refine((xml) => Buffer.byteLength(xml, 'utf8') <= MAX_XML_BYTES, { message: zodMessage(ADMIN_MSG.xmlTooLarge) })
  .describe(docText({ zh: 'BPMN 2.0 XML（最大 1 MB），其流程标识须与模型标识相同', en: 'BPMN 2.0 XML (at most 1 MB) whose process id is the model key' }));
const optionalText = (max: number) => z.preprocess((v) => (v === null ? undefined : typeof v === 'string' ? v.trim() : v), z.string().max(max).optional());
const submitBody = z.object({
  id: z.preprocess((v) => (v === null || v === '' ? undefined : typeof v === 'number' ? String(v) : v), idParam({ zh: '修改时的模型主键', en: 'The model id, when editing' }).optional()),
  name: z.preprocess((v) => (typeof v === 'string' ? v.trim() : v), z.string().min(1).max(100)),
  modelKey: z.preprocess((v) => (typeof v === 'string' ? v.trim() : v), z.string().regex(MODEL_KEY, { message: zodMessage(ADMIN_MSG.modelKey) })),
  description: optionalText(500),
  modelEditorXml: xmlText,
});

interface ModelRow {
  id: string;
  model_key: string;
  name: string;
  description: string | null;
  version: number;
  create_time: Date | string;
  update_time: Date | string;
  xml?: string;
}
const COLUMNS = `id::text as id, model_key, name, description, version, create_time, update_time`;

const toJson = (row: ModelRow): z.infer<typeof modelJson> => ({
  id: row.id,
  modelKey: row.model_key,
  name: row.name,
  description: str(row.description),
  version: Number(row.version),
  created: formatDateTime(row.create_time),
  lastUpdated: formatDateTime(row.update_time),
});

/** A live model with its XML, or a 400. */
export async function liveModel(tx: Tx, id: string): Promise<ModelRow & { xml: string }> {
  const row = await tx.one<ModelRow & { xml: string }>(`select ${COLUMNS}, xml from flow_model where id = $1 and is_deleted = 0`, [id]);
  if (!row) throw bizError(ADMIN_MSG.modelNotFound);
  return row;
}

async function assertKeyFree(tx: Tx, key: string, id: string | undefined): Promise<void> {
  const other = await tx.one(`select 1 as found from flow_model where model_key = $1 and is_deleted = 0 and ($2::bigint is null or id <> $2::bigint)`, [key, id ?? null]);
  if (other) throw bizError(ADMIN_MSG.modelKeyTaken(key));
}

export function modelRoutes(api: Hono<AppEnv>, ctx: ServerContext): void {
  api.get(
    `${BASE}/list`,
    describeRoute({
      summary: { zh: '流程模型列表', en: 'Process models' },
      description: { zh: `按名称、模型标识筛选，最近修改的在前。${ADMIN_ONLY.zh}`, en: `Filtered by name and model key, the last changed first. ${ADMIN_ONLY.en}` },
      query: listQuery,
      data: pageOf(modelJson),
    }),
    administratorOnly,
    async (c) => {
      const me = currentMember(c);
      const { name, modelKey, current = 1, size = 10 } = parseInput(listQuery, c.req.query());
      const answer = await ctx.db.tenant(me.tenantId, async (tx) => {
        const p = new SqlParams();
        const where = ['is_deleted = 0'];
        if (name) where.push(`name ilike ${p.add(likePattern(name))}`);
        if (modelKey) where.push(`model_key ilike ${p.add(likePattern(modelKey))}`);
        const from = `from flow_model where ${where.join(' and ')}`;
        const total = Number((await tx.one<{ n: number }>(`select count(*)::int as n ${from}`, p.values))?.n ?? 0);
        const rows = await tx.query<ModelRow>(`select ${COLUMNS} ${from} order by update_time desc, id desc limit ${p.add(size)} offset ${p.add((current - 1) * size)}`, p.values);
        return page(rows.map(toJson), total, current, size);
      });
      return c.json(rData(answer));
    },
  );

  api.get(
    `${BASE}/detail`,
    describeRoute({ summary: { zh: '流程模型详情（含 XML）', en: 'A process model with its XML' }, description: ADMIN_ONLY, query: idQuery, data: modelDetail }),
    administratorOnly,
    async (c) => {
      const me = currentMember(c);
      const { id } = parseInput(idQuery, c.req.query());
      const row = await ctx.db.tenant(me.tenantId, (tx) => liveModel(tx, id));
      return c.json(rData({ ...toJson(row), modelEditorXml: row.xml }));
    },
  );

  api.post(
    MODEL_SUBMIT,
    describeRoute({
      summary: { zh: '保存流程模型', en: 'Save a process model' },
      description: {
        zh: `新建（无 id）或修改。模型标识在未删除的模型中唯一，且须与 XML 中可执行流程的标识相同；XML 须能被引擎部署（不支持的元素、无法解析的表达式会被拒绝并说明原因）。每次保存版本加 1。${ADMIN_ONLY.zh}`,
        en: `Creates (no id) or changes a model. The model key is unique among live models and must be the id of the XML's executable process; the XML must be one the engine can deploy (an unsupported element or an expression that does not parse is refused with the reason). Each save adds 1 to the version. ${ADMIN_ONLY.en}`,
      },
      body: submitBody,
      data: modelJson,
    }),
    administratorOnly,
    async (c) => {
      const me = currentMember(c);
      const body = parseInput(submitBody, await readJson(c));
      const process = await checkedProcess(body.modelEditorXml);
      if (process.id !== body.modelKey) throw bizError(ADMIN_MSG.processIdMismatch(process.id, body.modelKey));
      const now = ctx.now();
      const saved = await ctx.db.tenant(me.tenantId, async (tx) => {
        await assertKeyFree(tx, body.modelKey, body.id);
        try {
          if (body.id) {
            const row = await tx.one<ModelRow>(
              `update flow_model set name = $2, model_key = $3, description = $4, xml = $5, version = version + 1, update_user = $6, update_time = $7
                where id = $1 and is_deleted = 0 returning ${COLUMNS}`,
              [body.id, body.name, body.modelKey, body.description ?? '', body.modelEditorXml, me.userId, now],
            );
            if (!row) throw bizError(ADMIN_MSG.modelNotFound);
            return row;
          }
          const row = await tx.one<ModelRow>(
            `insert into flow_model (id, model_key, name, description, version, xml, create_user, create_time, update_user, update_time, is_deleted)
             values ($1, $2, $3, $4, 1, $5, $6, $7, $6, $7, 0) returning ${COLUMNS}`,
            [ctx.ids.next(), body.modelKey, body.name, body.description ?? '', body.modelEditorXml, me.userId, now],
          );
          return row!;
        } catch (error) {
          // Another save took the key between the check and the write.
          if (isUniqueViolation(error)) throw bizError(ADMIN_MSG.modelKeyTaken(body.modelKey));
          throw error;
        }
      });
      return c.json(rData(toJson(saved)));
    },
  );

  api.post(
    `${BASE}/remove`,
    describeRoute({
      summary: { zh: '删除流程模型', en: 'Remove process models' },
      description: { zh: `逻辑删除；已部署的流程不受影响，其模型标识可被新模型使用。${ADMIN_ONLY.zh}`, en: `A logical delete: deployed processes stay, and the key is free for a new model. ${ADMIN_ONLY.en}` },
      params: removeParams,
    }),
    administratorOnly,
    async (c) => {
      const me = currentMember(c);
      const { ids } = parseInput(removeParams, await readParams(c));
      await ctx.db.tenant(me.tenantId, (tx) =>
        tx.query(`update flow_model set is_deleted = 1, update_user = $2, update_time = $3 where id = any($1::bigint[]) and is_deleted = 0`, [ids, me.userId, ctx.now()]),
      );
      return c.json(rSuccess(ADMIN_MSG.removed));
    },
  );

  api.post(
    `${BASE}/deploy`,
    describeRoute({
      summary: { zh: '部署流程模型', en: 'Deploy a process model' },
      description: {
        zh: `为每个选中的租户部署模型的流程（该租户中此流程标识的下一个版本），分类须是流程字典中的一项；全部成功或全部不做。${ADMIN_ONLY.zh}`,
        en: `Deploys the model's process for each chosen tenant (the next version of its key there), in a category of the flow dictionary; all or nothing. ${ADMIN_ONLY.en}`,
      },
      params: deployParams,
      data: deployed,
    }),
    administratorOnly,
    async (c) => {
      const { modelId, category, tenantIds } = parseInput(deployParams, await readParams(c));
      const answer = await ctx.db.system(async (tx) => {
        const model = await liveModel(tx, modelId);
        return deployXml(tx, ctx, { xml: model.xml, name: model.name, category, tenantIds });
      });
      return c.json(rData(answer, ADMIN_MSG.deployed));
    },
  );

  api.get(
    `${BASE}/download`,
    describeRoute({
      summary: { zh: '下载流程模型的 XML', en: "Download a model's XML" },
      description: ADMIN_ONLY,
      query: idQuery,
      answer: { contentType: 'application/xml', description: { zh: '<模型标识>.bpmn20.xml 附件', en: 'The attachment <model key>.bpmn20.xml' } },
    }),
    administratorOnly,
    async (c) => {
      const me = currentMember(c);
      const { id } = parseInput(idQuery, c.req.query());
      const row = await ctx.db.tenant(me.tenantId, (tx) => liveModel(tx, id));
      const name = `${row.model_key}.bpmn20.xml`;
      return c.body(row.xml, 200, { 'Content-Type': 'application/xml; charset=utf-8', 'Content-Disposition': attachment(name, name), 'Cache-Control': 'no-store' });
    },
  );
}
