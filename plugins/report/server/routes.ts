import type { Hono } from 'hono';
import { z } from 'zod';
import {
  type AppEnv,
  type AuthUser,
  bizError,
  crudRepo,
  currentLanguage,
  currentMember,
  describeRoute,
  docText,
  formatYuan,
  MSG,
  parseInput,
  rData,
  readJson,
  requirePermission,
  type ServerContext,
  sheetHeaders,
  str,
  writeSheet,
  zodMessage,
} from '../../../core/sdk/server';
import { COLUMN_TYPES, SQL_MAX, TIMEOUT_MAX, TIMEOUT_MIN, type ReportColumn, type ReportResult } from '../declaration';
import { REPORT_CODE, REPORT_ENABLED, reportEntity } from '../entity';
import { readDeclarations, type Declarations } from './declarations';
import { runReport } from './run';
import { TEXT } from './texts';

const BASE = '/blade-report/report/rest';

const values = z
  .record(z.string().max(63), z.union([z.string().max(200), z.number(), z.null()]))
  .optional()
  .describe(docText({ zh: '参数值，按参数名（日期 yyyy-MM-dd）', en: 'Parameter values by name (dates yyyy-MM-dd)' }));

const runBody = z.object({
  id: z.string({ message: zodMessage({ zh: '请选择报表', en: 'Choose a report' }) }).regex(/^\d{1,19}$/, { message: zodMessage({ zh: '报表主键格式不正确', en: 'The report id is not valid' }) }).describe(docText({ zh: '报表主键', en: 'Report id' })),
  params: values,
});

const tryBody = z.object({
  sql: z.string({ message: zodMessage({ zh: '请输入SQL', en: 'Please enter the SQL' }) }).min(1, { message: zodMessage({ zh: '请输入SQL', en: 'Please enter the SQL' }) }).max(SQL_MAX, { message: zodMessage({ zh: `SQL 不能超过 ${SQL_MAX} 个字符`, en: `The SQL has at most ${SQL_MAX} characters` }) }).describe(docText({ zh: '未保存的 SQL', en: 'The SQL, not yet saved' })),
  paramDecl: z.unknown().optional().describe(docText({ zh: '参数声明（JSON）', en: 'The parameter declarations (JSON)' })),
  columnDecl: z.unknown().optional().describe(docText({ zh: '列声明（JSON）', en: 'The column declarations (JSON)' })),
  chart: z.unknown().optional().describe(docText({ zh: '图表声明（JSON）', en: 'The chart declaration (JSON)' })),
  timeoutMs: z.number().int().min(TIMEOUT_MIN).max(TIMEOUT_MAX, { message: zodMessage({ zh: `超时应在 ${TIMEOUT_MIN} 到 ${TIMEOUT_MAX} 毫秒之间`, en: `The time-out is ${TIMEOUT_MIN} to ${TIMEOUT_MAX} ms` }) }).optional(),
  params: values,
});

const resultData = z.object({
  columns: z.array(z.object({ name: z.string(), type: z.enum(COLUMN_TYPES) })).describe(docText({ zh: '结果列（名称与类型）', en: 'The columns (name and type)' })),
  rows: z.array(z.array(z.unknown())).describe(docText({ zh: '行（按列顺序的值）', en: "The rows (values in the columns' order)" })),
  truncated: z.boolean().describe(docText({ zh: '超过 10000 行时为 true，只返回前 10000 行', en: 'true when there were more than 10,000 rows (the first 10,000 are answered)' })),
  ms: z.number().describe(docText({ zh: '运行耗时（毫秒）', en: 'Run time (ms)' })),
});

interface Runnable {
  name: string;
  sql: string;
  declarations: Declarations;
  timeoutMs: number;
}

export function reportRoutes(api: Hono<AppEnv>, ctx: ServerContext): void {
  const repo = crudRepo(reportEntity, ctx.ids);

  /** A saved report the caller may run: their tenant's, not removed, enabled. */
  const savedReport = async (me: AuthUser, id: string): Promise<Runnable> => {
    const row = await ctx.db.tenant(me.tenantId, (tx) => repo.find(tx, me, id));
    if (!row) throw bizError(MSG.notFound);
    if (Number(row.status) !== REPORT_ENABLED) throw bizError(TEXT.disabled);
    return { name: str(row.name), sql: str(row.sql), declarations: readDeclarations(row), timeoutMs: Number(row.timeout_ms) };
  };

  api.post(
    `${BASE}/run`,
    describeRoute({
      summary: { zh: '运行报表', en: 'Run a report' },
      description: {
        zh: '在只读事务中、按调用者租户的行级安全运行报表，受报表超时限制；最多返回 10000 行。',
        en: "Runs the report in a read-only transaction under the caller's tenant's row-level security, within its time-out; at most 10,000 rows.",
      },
      body: runBody,
      data: resultData,
    }),
    requirePermission(ctx, REPORT_CODE.view),
    async (c) => {
      const me = currentMember(c);
      const body = parseInput(runBody, await readJson(c));
      const report = await savedReport(me, body.id);
      return c.json(rData(await runReport(ctx, me, { sql: report.sql, declarations: report.declarations, values: body.params ?? {}, timeoutMs: report.timeoutMs })));
    },
  );

  api.post(
    `${BASE}/try`,
    describeRoute({
      summary: { zh: '试运行未保存的报表', en: 'Try a report before saving it' },
      description: {
        zh: '与运行相同的检查与限制，运行编辑中的 SQL 与声明；仅报表编写者（新增或修改权限）。',
        en: 'The SQL and declarations being edited, with the checks and limits of a run; for report writers (add or edit).',
      },
      body: tryBody,
      data: resultData,
    }),
    requirePermission(ctx, [REPORT_CODE.add, REPORT_CODE.edit]),
    async (c) => {
      const me = currentMember(c);
      const body = parseInput(tryBody, await readJson(c));
      const declarations = readDeclarations({ params: body.paramDecl, columns: body.columnDecl, chart: body.chart });
      return c.json(rData(await runReport(ctx, me, { sql: body.sql, declarations, values: body.params ?? {}, timeoutMs: body.timeoutMs ?? 5000 })));
    },
  );

  api.post(
    `${BASE}/export`,
    describeRoute({
      summary: { zh: '导出报表结果（Excel）', en: "Export a report's result (Excel)" },
      description: {
        zh: '与运行相同，结果写为 xlsx：表头为声明的列名（调用者语言），金额列为元。',
        en: "As a run, the result written as xlsx: headed with the declared column titles in the caller's language, money in yuan.",
      },
      body: runBody,
      answer: { contentType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', schema: { type: 'string', format: 'binary' } },
    }),
    requirePermission(ctx, REPORT_CODE.view),
    async (c) => {
      const me = currentMember(c);
      const body = parseInput(runBody, await readJson(c));
      const report = await savedReport(me, body.id);
      const result = await runReport(ctx, me, { sql: report.sql, declarations: report.declarations, values: body.params ?? {}, timeoutMs: report.timeoutMs });
      const bytes = await resultWorkbook(result, report.declarations.columns, report.name);
      const day = ctx.now().toISOString().slice(0, 10).replaceAll('-', '');
      return c.body(bytes as Uint8Array<ArrayBuffer>, 200, sheetHeaders(`report-${body.id}-${day}.xlsx`, `${report.name}-${day}.xlsx`));
    },
  );
}

/** The result as a workbook of one sheet: declared titles in the caller's language, money in yuan. */
export function resultWorkbook(result: ReportResult, declared: readonly ReportColumn[], name: string): Promise<Uint8Array> {
  const language = currentLanguage();
  const byName = new Map(declared.map((c) => [c.name, c]));
  const columns = result.columns.map((c) => {
    const decl = byName.get(c.name);
    const title = decl?.label?.[language] || decl?.label?.zh || c.name;
    return { title, width: Math.min(40, Math.max(10, title.length * 2 + 2)), money: Boolean(decl?.money) && c.type === 'number' };
  });
  const rows = result.rows.map((row) =>
    row.map((value, i) => {
      if (value === null) return '';
      if (columns[i]!.money && typeof value === 'number') return formatYuan(Math.round(value)).replaceAll(',', '');
      return String(value);
    }),
  );
  // A sheet name has at most 31 characters and none of []:*?/\
  return writeSheet(columns, rows, name.replace(/[[\]:*?/\\]/g, ' ').slice(0, 31) || 'Report');
}
