import { z } from 'zod';
import { bizError, type LocalText } from '../../../core/sdk/server';
import { CHART_TYPES, LANGUAGE_PARAM, PARAM_TYPES, type ReportChart, type ReportColumn, type ReportParam } from '../declaration';
import { validDefault } from './bind';
import { TEXT } from './texts';

/** The declarations of a report (JSON text in its row), judged on every save and read again at each run. */

const IDENT = /^[A-Za-z_][A-Za-z0-9_]{0,62}$/;
const localText = z.object({ zh: z.string().trim().min(1).max(64), en: z.string().trim().max(64) });

const paramSchema = z.object({
  name: z.string().regex(IDENT).refine((name) => name !== LANGUAGE_PARAM, { message: `"${LANGUAGE_PARAM}" is reserved` }),
  label: localText,
  type: z.enum(PARAM_TYPES),
  dict: z.string().regex(/^[A-Za-z0-9_]{1,64}$/).optional(),
  required: z.boolean().optional(),
  default: z.string().max(64).optional(),
});

const columnSchema = z.object({ name: z.string().min(1).max(63), label: localText.optional(), money: z.boolean().optional() });

const chartSchema = z.object({
  type: z.enum(CHART_TYPES),
  x: z.string().min(1).max(63).optional(),
  y: z.array(z.string().min(1).max(63)).max(8).optional(),
  series: z.string().min(1).max(63).optional(),
});

const WHAT = {
  params: { zh: '参数', en: 'parameter' },
  columns: { zh: '列', en: 'column' },
  chart: { zh: '图表', en: 'chart' },
} satisfies Record<string, LocalText>;

function read<T>(what: LocalText, schema: z.ZodType<T>, text: unknown, fallback: T): T {
  if (text === undefined || text === null || (typeof text === 'string' && !text.trim())) return fallback;
  let value: unknown = text;
  if (typeof text === 'string') {
    try {
      value = JSON.parse(text);
    } catch {
      throw bizError(TEXT.declaration(what, 'JSON'));
    }
  }
  const parsed = schema.safeParse(value);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    throw bizError(TEXT.declaration(what, `${issue.path.join('.') || '-'}: ${issue.message}`));
  }
  return parsed.data;
}

export interface Declarations {
  params: ReportParam[];
  columns: ReportColumn[];
  chart: ReportChart;
}

/** The declarations of a body or a row (JSON text or already objects), or a 400 naming what is wrong. */
export function readDeclarations(source: { params?: unknown; columns?: unknown; chart?: unknown }): Declarations {
  const params = read(WHAT.params, z.array(paramSchema).max(12), source.params, []);
  const names = new Set<string>();
  for (const p of params) {
    if (names.has(p.name)) throw bizError(TEXT.declaration(WHAT.params, `${p.name}: duplicate`));
    names.add(p.name);
    if (p.type === 'dict' && !p.dict) throw bizError(TEXT.declaration(WHAT.params, `${p.name}: dict`));
    if (!validDefault(p)) throw bizError(TEXT.declaration(WHAT.params, `${p.name}: default "${p.default}"`));
  }
  const columns = read(WHAT.columns, z.array(columnSchema).max(64), source.columns, []);
  const chart = read(WHAT.chart, chartSchema, source.chart, { type: 'table' as const });
  if (chart.type !== 'table') {
    if (!chart.x) throw bizError(TEXT.declaration(WHAT.chart, 'x'));
    if (!chart.y?.length || (chart.type === 'pie' && chart.y.length !== 1)) throw bizError(TEXT.declaration(WHAT.chart, 'y'));
  }
  return { params, columns, chart };
}

/** The columns the chart names that a result does not have. */
export function missingChartColumns(chart: ReportChart, columns: readonly string[]): string[] {
  const have = new Set(columns);
  const named = chart.type === 'table' ? [] : [chart.x, ...(chart.y ?? []), chart.series];
  return named.filter((name): name is string => Boolean(name) && !have.has(name!));
}

/** The declarations as stored: canonical JSON text. */
export const declarationText = (d: Declarations) => ({ params: JSON.stringify(d.params), columns: JSON.stringify(d.columns), chart: JSON.stringify(d.chart) });
