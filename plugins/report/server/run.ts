import { type AuthUser, bizError, currentLanguage, formatDateTime, type ServerContext, type Tx } from '../../../core/sdk/server';
import { ROW_CAP, type ColumnType, type ReportResult } from '../declaration';
import { readableTables } from './allowed';
import { bindNames, bindValues } from './bind';
import type { Declarations } from './declarations';
import { checkSelect, parseOne, parserReady, shape } from './guard';
import { TEXT } from './texts';

/**
 * Running a report. The SQL is judged (guard.ts) and then run inside the caller's tenant transaction, as
 * the request role under row-level security, after `transaction_read_only` is set and with the report's
 * own `statement_timeout`; at most ROW_CAP rows come back (`truncated` says when there were more).
 *
 * The embedded database (PGlite, single-threaded WebAssembly) never fires `statement_timeout`: its timer
 * needs a signal that cannot arrive while the query runs, and nothing else can stop a query there. So
 * on PGlite a run is bounded before it starts, by the planner's estimate of the whole query against the
 * time-out (COST_PER_MS); the estimate is only as good as the statistics, and PGlite has no autovacuum,
 * so a table the report reads that was never analysed is analysed first (once). A run that still took
 * longer than its time-out is answered with the time-out refusal all the same. That is a bound on the
 * estimate, not a hard stop: heavy reporting belongs on PostgreSQL, where the time-out is enforced.
 */

/**
 * Planner cost units allowed per millisecond of time-out on PGlite. Measured on the demo data (2 cores,
 * loaded): counts over joins and series ran at 15 to 70 units per ms; 10 keeps even the slowest kind
 * within its time-out, refusing some queries that would have finished.
 */
const COST_PER_MS = 10;

export interface RunRequest {
  sql: string;
  declarations: Declarations;
  values: Readonly<Record<string, unknown>>;
  timeoutMs: number;
  /** The most rows to answer (0: only the columns, as a save checks the query). */
  limit?: number;
}

interface Prepared {
  text: string;
  params: (string | null)[];
}

/** The query as it runs: the checked statement inside a row cap, and the values of its parameters. */
async function prepare(ctx: ServerContext, request: RunRequest, strict: boolean): Promise<{ inner: Record<string, unknown>; run: Prepared }> {
  await parserReady();
  const bound = bindNames(request.sql, request.declarations.params);
  const inner = parseOne(bound.text);
  const params = bindValues(bound, request.declarations.params, request.values, { now: ctx.now(), language: currentLanguage(), strict });
  const limit = request.limit ?? ROW_CAP + 1;
  // The statement alone parsed as one whole SELECT, so nothing it holds can close the parenthesis early;
  // the wrapped text is parsed again and must hold exactly that statement.
  const text = `select * from (\n${bound.text}\n) as report_rows limit ${limit}`;
  const wrapped = parseOne(text);
  const from = ((wrapped.SelectStmt as { fromClause?: { RangeSubselect?: { subquery?: Record<string, unknown> } }[] }).fromClause ?? [])[0];
  if (!from?.RangeSubselect?.subquery || shape(from.RangeSubselect.subquery) !== shape(inner)) throw bizError(TEXT.oneStatement);
  return { inner, run: { text, params } };
}

const pgError = (error: unknown): { code: string; message: string } | undefined => {
  const code = (error as { code?: unknown } | null)?.code;
  return typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code) ? { code, message: (error as Error).message } : undefined;
};

/** Runs a report's SQL for the caller; `strict: false` binds null for missing required values (a save's check). */
export async function runReport(ctx: ServerContext, me: AuthUser, request: RunRequest, strict = true): Promise<ReportResult> {
  const { inner, run } = await prepare(ctx, request, strict);
  const timeoutMs = request.timeoutMs;
  try {
    if (ctx.db.kind === 'pglite') await analyseOnce(ctx, me, inner);
    return await ctx.db.tenant(me.tenantId, async (tx) => {
      // Switching a transaction to read-only is allowed at any point; nothing after this may write.
      await tx.query(`select set_config('transaction_read_only', 'on', true)`);
      checkSelect(inner, await readableTables(tx));
      if (ctx.db.kind === 'pglite') await refuseCostly(tx, run, timeoutMs);
      await tx.query(`select set_config('statement_timeout', $1, true)`, [String(timeoutMs)]);
      const started = performance.now();
      const table = await tx.table!(run.text, run.params);
      const ms = Math.round(performance.now() - started);
      if (ms > timeoutMs) throw bizError(TEXT.timeout(timeoutMs));
      return toResult(table, ms, request.limit ?? ROW_CAP);
    });
  } catch (error) {
    const failure = pgError(error);
    if (!failure) throw error;
    if (failure.code === '57014') throw bizError(TEXT.timeout(timeoutMs));
    throw bizError(TEXT.failed(failure.message));
  }
}

/**
 * PGlite: the tables the report reads that were never analysed are analysed (as the owner), so that the
 * planner's estimate sees the tenants' share of their rows instead of guessing a handful.
 */
async function analyseOnce(ctx: ServerContext, me: AuthUser, inner: Record<string, unknown>): Promise<void> {
  const tables = await ctx.db.tenant(me.tenantId, async (tx) => {
    await tx.query(`select set_config('transaction_read_only', 'on', true)`);
    return [...checkSelect(inner, await readableTables(tx))];
  });
  if (tables.length === 0) return;
  await ctx.db.system(async (tx) => {
    const never = await tx.query<{ name: string }>(
      `select c.relname as name from pg_class c join pg_namespace n on n.oid = c.relnamespace
        where n.nspname = 'public' and c.relname = any($1::text[]) and not exists (select 1 from pg_statistic s where s.starelid = c.oid)`,
      [tables],
    );
    // Names from the catalogue, checked by the guard: plain identifiers.
    for (const { name } of never) await tx.exec(`analyze "${name.replace(/"/g, '""')}"`);
  });
}

/** PGlite: refuses a query whose estimated cost is beyond what the time-out allows. */
async function refuseCostly(tx: Tx, run: Prepared, timeoutMs: number): Promise<void> {
  const [row] = await tx.query<{ 'QUERY PLAN': unknown }>(`explain (format json) ${run.text}`, run.params);
  const plan = (typeof row?.['QUERY PLAN'] === 'string' ? JSON.parse(row['QUERY PLAN']) : row?.['QUERY PLAN']) as { Plan?: { 'Total Cost'?: number } }[] | undefined;
  const cost = plan?.[0]?.Plan?.['Total Cost'] ?? 0;
  if (cost > timeoutMs * COST_PER_MS) throw bizError(TEXT.tooCostly(timeoutMs));
}

const NUMBER_TYPES = new Set([20, 21, 23, 26, 700, 701, 1700]);
const TYPE_OF: Record<number, ColumnType> = { 16: 'boolean', 1082: 'date', 1114: 'datetime', 1184: 'datetime' };
const columnType = (oid: number): ColumnType => (NUMBER_TYPES.has(oid) ? 'number' : (TYPE_OF[oid] ?? 'text'));

/** timestamptz text (`2024-05-01 10:00:00.5+08`) as the server's local `yyyy-MM-dd HH:mm:ss`. */
function zoned(text: string): string {
  const m = /^(\d{4}-\d{2}-\d{2}) (\d{2}:\d{2}:\d{2})(\.\d+)?([+-]\d{2})(?::?(\d{2}))?$/.exec(text);
  return m ? formatDateTime(new Date(`${m[1]}T${m[2]}${m[3] ?? ''}${m[4]}:${m[5] ?? '00'}`)) : text;
}

/** A number when the text is one that survives as a JavaScript number (ids beyond 2^53 stay text). */
const exactNumber = (text: string): number | undefined => {
  const n = Number(text);
  if (!Number.isFinite(n)) return undefined;
  if (/^-?\d+$/.test(text)) return Number.isSafeInteger(n) ? n : undefined;
  // A decimal of at most 15 significant digits is exactly what it prints.
  return text.replace(/[^0-9]/g, '').replace(/^0+/, '').replace(/0+$/, '').length <= 15 ? n : undefined;
};

function toResult(table: NonNullable<Awaited<ReturnType<NonNullable<Tx['table']>>>>, ms: number, cap: number): ReportResult {
  const truncated = table.rows.length > cap;
  const rows = truncated ? table.rows.slice(0, cap) : table.rows;
  const columns = table.columns.map((c) => ({ name: c.name, type: columnType(c.typeId), oid: c.typeId }));
  // A number column whose values do not all fit a JavaScript number (ids) is shown as text.
  for (const [i, column] of columns.entries()) {
    if (column.type === 'number' && rows.some((row) => row[i] !== null && exactNumber(row[i]!) === undefined)) column.type = 'text';
  }
  const values = rows.map((row) =>
    row.map((text, i) => {
      if (text === null) return null;
      const column = columns[i]!;
      if (column.type === 'number') return exactNumber(text) ?? text;
      if (column.type === 'boolean') return text === 't' || text === 'true';
      if (column.oid === 1114) return text.slice(0, 19);
      if (column.oid === 1184) return zoned(text);
      return text;
    }),
  );
  return { columns: columns.map(({ name, type }) => ({ name, type })), rows: values, truncated, ms };
}
