import { bizError, type CrudHooks, entityValidator, type ServerContext, str, type Tx } from '../../../core/sdk/server';
import { REPORT_ENABLED, reportEntity } from '../entity';
import { readableTables } from './allowed';
import { bindNames } from './bind';
import { declarationText, missingChartColumns, readDeclarations } from './declarations';
import { checkSelect, parseOne, parserReady } from './guard';
import { runReport } from './run';
import { TEXT } from './texts';

const JSON_FIELDS = ['params', 'columns', 'chart'] as const;

/** Declarations sent as objects are stored as their JSON text. */
function declarationsAsText(body: Record<string, unknown>): void {
  for (const key of JSON_FIELDS) if (body[key] !== undefined && body[key] !== null && typeof body[key] !== 'string') body[key] = JSON.stringify(body[key]);
}

/** The stored report a partial edit completes (the engine keeps fields a body leaves out). */
const storedReport = (tx: Tx, tenantId: string, id: string) =>
  tx.one<{ sql: string; params: string; columns: string; chart: string; timeout_ms: number }>(
    `select sql, params, columns, chart, timeout_ms from blade_report where id = $1 and tenant_id = $2 and is_deleted = 0`,
    [id, tenantId],
  );

/**
 * A save is checked like a run: the declarations, then the SQL by the parser, then the query itself run
 * for its columns only (no rows, missing values as null) in a read-only transaction of its own, before
 * the write transaction opens. Its PostgreSQL errors (an unknown column) and a chart naming a column the
 * query does not return are refused there, with the form kept.
 */
export function reportHooks(ctx: ServerContext): CrudHooks {
  const validator = entityValidator(reportEntity);
  const checked = new WeakSet<object>();
  return {
    async prepare({ user, mode, id, body, read }) {
      declarationsAsText(body);
      validator.parse(body, mode);
      const stored = mode === 'edit' && id ? await read((tx) => storedReport(tx, user.tenantId, id)) : undefined;
      const sql = body.sql === undefined ? str(stored?.sql) : str(body.sql);
      const declarations = readDeclarations({
        params: body.params ?? stored?.params,
        columns: body.columns ?? stored?.columns,
        chart: body.chart ?? stored?.chart,
      });
      const timeoutMs = Number(body.timeoutMs ?? stored?.timeout_ms ?? 5000);
      const result = await runReport(ctx, user, { sql, declarations, values: {}, timeoutMs, limit: 0 }, false);
      const missing = missingChartColumns(declarations.chart, result.columns.map((c) => c.name));
      if (missing.length) throw bizError(TEXT.chartColumn(missing[0]!));
      checked.add(body);
    },
    async beforeValidate({ tx, body }) {
      declarationsAsText(body);
      if (checked.has(body) || typeof body.sql !== 'string') return;
      // A save the engine did not prepare: the parser's judgement at least (the query is not run in a write transaction).
      await parserReady();
      const declarations = readDeclarations(body);
      checkSelect(parseOne(bindNames(body.sql, declarations.params).text), await readableTables(tx));
    },
    afterRead({ rows }) {
      for (const row of rows) row.updatedAt = row.updateTime ?? '';
    },
    beforeChange({ mode, values, existing }) {
      const declarations = readDeclarations({
        params: values.params ?? existing?.params,
        columns: values.columns ?? existing?.columns,
        chart: values.chart ?? existing?.chart,
      });
      Object.assign(values, declarationText(declarations));
      if (mode === 'add' && values.status === undefined) values.status = REPORT_ENABLED;
    },
  };
}
