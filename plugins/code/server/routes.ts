import type { Hono, MiddlewareHandler } from 'hono';
import { z } from 'zod';
import {
  catalogSchemas,
  type AppEnv,
  assertAdministrator,
  type AuthUser,
  currentMember,
  type DeclaredRateRules,
  describeRoute,
  docText,
  type LocalText,
  parseInput,
  rData,
  readParams,
  type ServerContext,
  zodMessage,
} from '../../../core/sdk/server';
import { IDENTIFIER_PATTERN } from '../spec';
import { catalogOf } from './catalog';
import { genField } from './fields-json';
import { copyRecord, filesOfRecord, filesOfRecords, proposal } from './generation';
import { TEXT } from './texts';
import { zipFiles } from './zip';

const BASE = '/blade-develop/code';

/**
 * The code generator's own calls, besides the engine's list, detail, submit and remove: the datasources
 * and tables to choose from, the proposal for a table, copy, preview and the zip. The super administrator
 * alone calls them, refused before the input is read.
 */

/**
 * Reading a table, proposing and generating each open connections to a datasource (and generating is
 * work): a person clicking through the screen needs far fewer.
 */
export const CODE_RATE_RULES = {
  codeGenerateUser: { limit: 30, windowMs: 60_000, scope: 'client' },
} as const satisfies DeclaredRateRules;

/** Refuses everyone but the super administrator (403), before anything else of the request is looked at. */
const superAdministrator: MiddlewareHandler<AppEnv> = async (c, next) => {
  assertAdministrator(currentMember(c));
  await next();
};

const trimmed = (value: unknown) => (typeof value === 'string' ? value.trim() || undefined : value);
/** A text parameter: trimmed, '' as absent, matching `pattern`, with its description. */
const text = (max: number, pattern: RegExp, message: LocalText, doc: LocalText) =>
  z.preprocess(trimmed, z.string().max(max).regex(pattern, { message: zodMessage(message) })).describe(docText(doc));

const datasourceId = text(19, /^\d{1,19}$/, TEXT.datasourceId, { zh: '数据源主键（0 为内置数据库）', en: 'Datasource id (0: the embedded database)' });
const tableName = text(63, new RegExp(IDENTIFIER_PATTERN), TEXT.tableName, { zh: '表名', en: 'Table name' });
const recordId = text(19, /^[1-9]\d{0,18}$/, TEXT.recordId, { zh: '代码生成记录主键', en: 'Code record id' });

const tablesQuery = z.object({ datasourceId });
const proposeQuery = z.object({
  datasourceId,
  tableName,
  tablePrefix: z
    .preprocess(trimmed, z.string().max(63).regex(/^[a-z0-9_]*$/, { message: zodMessage(TEXT.tablePrefix) }).optional())
    .describe(docText({ zh: '表前缀（从表名去掉后得到插件编号与实体名）', en: 'Table prefix (left out of the table name for the plugin id and entity)' })),
});
const idQuery = z.object({ id: recordId });
const genQuery = z.object({
  ids: z
    .preprocess(trimmed, z.string().max(400))
    .transform((value) => value.split(',').map((s) => s.trim()).filter(Boolean))
    .pipe(z.array(z.string().regex(/^[1-9]\d{0,18}$/, { message: zodMessage(TEXT.recordId) })).min(1, { message: zodMessage(TEXT.recordIds) }).max(20, { message: zodMessage(TEXT.recordIds) }))
    .describe(docText({ zh: '代码生成记录主键，逗号分隔（最多 20 个）', en: 'Code record ids, comma-joined (at most 20)' })),
  system: z.preprocess(trimmed, z.string().max(64).optional()).describe(docText({ zh: '兼容 BladeX 的参数，忽略', en: "BladeX's parameter, ignored" })),
});

const { choice, summary, shape } = catalogSchemas;
const proposed = z.object({
  table: shape,
  record: z.object({
    pluginId: z.string(),
    entityName: z.string(),
    codeName: z.string(),
    codeNameEn: z.string(),
    serviceName: z.string(),
    tablePrefix: z.string(),
    pkName: z.string(),
    baseMode: z.number(),
    tenantMode: z.number(),
    treeMode: z.number(),
    treeParent: z.string(),
    treeTitle: z.string(),
  }),
  fields: z.array(genField),
});
const files = z.array(z.object({ path: z.string().describe(docText({ zh: '自项目根目录的路径', en: "Path from the project's root" })), content: z.string() }));

const WHO = { zh: '仅超级管理员。', en: 'The super administrator only.' };

export function codeRoutes(api: Hono<AppEnv>, ctx: ServerContext): void {
  const countCall = (user: AuthUser) => ctx.rateLimiter.hit([{ rule: 'codeGenerateUser', key: `${user.tenantId}:${user.userId}` }]);

  api.get(
    `${BASE}/datasources`,
    describeRoute({ summary: { zh: '可选的数据源（内置数据库在前）', en: 'Datasources to choose from (the embedded database first)' }, description: WHO, data: z.array(choice) }),
    superAdministrator,
    async (c) => c.json(rData(await catalogOf(ctx).choices(ctx))),
  );

  api.get(
    `${BASE}/tables`,
    describeRoute({
      summary: { zh: '数据源的表', en: "A datasource's tables" },
      description: { zh: '仅超级管理员。平台自身的表标为 platform，不能用于生成。', en: "The super administrator only. The platform's own tables are marked platform: no plugin is made from them." },
      query: tablesQuery,
      data: z.array(summary),
    }),
    superAdministrator,
    async (c) => {
      await countCall(currentMember(c));
      const query = parseInput(tablesQuery, c.req.query());
      return c.json(rData(await catalogOf(ctx).tables(ctx, query.datasourceId)));
    },
  );

  api.get(
    `${BASE}/propose`,
    describeRoute({
      summary: { zh: '由表结构建议代码生成记录与字段', en: "A code record and its fields proposed from a table's shape" },
      description: {
        zh: '仅超级管理员。字段的标签取自列注释，类型、规则、搜索取自列类型、可空与索引；平台自身的表被拒绝。',
        en: "The super administrator only. Labels from the columns' comments; types, rules and search from their types, nullability and indexes. The platform's own tables are refused.",
      },
      query: proposeQuery,
      data: proposed,
    }),
    superAdministrator,
    async (c) => {
      await countCall(currentMember(c));
      const query = parseInput(proposeQuery, c.req.query());
      return c.json(rData(await proposal(ctx, query.datasourceId, query.tableName, query.tablePrefix)));
    },
  );

  api.post(
    `${BASE}/copy`,
    describeRoute({
      summary: { zh: '复制代码生成记录', en: 'Copy a code record' },
      description: { zh: '仅超级管理员。新记录的模块名加 -copy，插件编号取一个未被使用的 <原编号>-copy[-n]；返回新记录主键。', en: 'The super administrator only. The new record is named <name>-copy with a free plugin id <id>-copy[-n]; answers its id.' },
      params: idQuery,
      data: z.string(),
    }),
    superAdministrator,
    async (c) => {
      const { id } = parseInput(idQuery, await readParams(c));
      return c.json(rData(await copyRecord(ctx, currentMember(c), id)));
    },
  );

  api.get(
    `${BASE}/preview`,
    describeRoute({
      summary: { zh: '预览生成的插件文件', en: 'The files the plugin would be generated as' },
      description: { zh: '仅超级管理员。与 gen-code 写入压缩包的文件相同；不能生成时返回原因。', en: 'The super administrator only. The same files gen-code zips; the reason when it cannot be generated.' },
      query: idQuery,
      data: files,
    }),
    superAdministrator,
    async (c) => {
      await countCall(currentMember(c));
      const { id } = parseInput(idQuery, c.req.query());
      return c.json(rData(await filesOfRecord(ctx, id)));
    },
  );

  api.post(
    `${BASE}/gen-code`,
    describeRoute({
      summary: { zh: '生成插件（zip）', en: 'Generate the plugins (zip)' },
      description: {
        zh: '仅超级管理员。每条记录的 plugins/<插件编号>/ 放进一个压缩包（一条记录时名为 <插件编号>.zip，否则 plugins.zip）；任一记录不能生成时整体拒绝，返回 JSON。',
        en: 'The super administrator only. Each record\'s plugins/<id>/ in one zip (<id>.zip for one record, else plugins.zip); if any record cannot be generated, nothing is answered but the JSON refusal.',
      },
      params: genQuery,
      answer: { contentType: 'application/zip', schema: { type: 'string', format: 'binary' } },
    }),
    superAdministrator,
    async (c) => {
      await countCall(currentMember(c));
      const { ids } = parseInput(genQuery, await readParams(c));
      const generated = await filesOfRecords(ctx, ids);
      const name = generated.pluginIds.length === 1 ? `${generated.pluginIds[0]}.zip` : 'plugins.zip';
      return c.body(zipFiles(generated.files) as Uint8Array<ArrayBuffer>, 200, {
        'Content-Type': 'application/zip',
        'Content-Disposition': `attachment; filename="${name}"`,
        'Cache-Control': 'no-store',
      });
    },
  );
}
