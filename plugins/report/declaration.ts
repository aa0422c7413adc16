import type { LocalText } from '../../core/sdk/shared';

/**
 * What a report declares besides its SQL, read by both sides: the parameters its form asks for, how its
 * columns are titled and shown, and its chart. Stored as JSON text in the report's row.
 */

export const PARAM_TYPES = ['date', 'datetime', 'int', 'text', 'dict'] as const;
export type ParamType = (typeof PARAM_TYPES)[number];

export interface ReportParam {
  /** Written `:name` in the SQL. */
  name: string;
  label: LocalText;
  type: ParamType;
  /** The dictionary whose entries a `dict` parameter chooses from. */
  dict?: string;
  required?: boolean;
  /** A literal, or for dates a day relative to today: `today`, `today-30`, `today+1` (`now` for a datetime). */
  default?: string;
}

export interface ReportColumn {
  name: string;
  label?: LocalText;
  /** Whole fen in the SQL, shown and exported as yuan. */
  money?: boolean;
}

export const CHART_TYPES = ['table', 'line', 'column', 'pie'] as const;
export type ChartType = (typeof CHART_TYPES)[number];

export interface ReportChart {
  type: ChartType;
  /** The column along the axis (the slices' names for a pie). */
  x?: string;
  /** The columns drawn (one for a pie). */
  y?: string[];
  /** A column whose values split the drawing into series (lines or bars of their own colour). */
  series?: string;
}

/** The parameter every report may use without declaring it: the caller's language, `zh` or `en`. */
export const LANGUAGE_PARAM = 'language';

export const COLUMN_TYPES = ['number', 'text', 'date', 'datetime', 'boolean'] as const;
export type ColumnType = (typeof COLUMN_TYPES)[number];

/** A run's answer: the columns as the query named them, the rows (at most the cap), and the time taken. */
export interface ReportResult {
  columns: { name: string; type: ColumnType }[];
  rows: (string | number | boolean | null)[][];
  truncated: boolean;
  ms: number;
}

/** The most rows a run answers; beyond it `truncated` says so. */
export const ROW_CAP = 10_000;
export const TIMEOUT_MIN = 100;
export const TIMEOUT_MAX = 30_000;
export const SQL_MAX = 20_000;

/** Reads a declaration's JSON text, tolerating an empty or broken one (a form shows what it can). */
export function readJson<T>(text: unknown, fallback: T): T {
  if (typeof text !== 'string' || !text.trim()) return fallback;
  try {
    return JSON.parse(text) as T;
  } catch {
    return fallback;
  }
}

const pad = (n: number) => String(n).padStart(2, '0');
const day = (d: Date) => `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`;
const RELATIVE = /^today\s*(?:([+-])\s*(\d{1,4}))?$/;

/**
 * A parameter's default as its form shows it and as the server binds it when the caller sends none:
 * relative days are counted from `now` (the server's clock, or the browser's).
 */
export function resolveDefault(param: Pick<ReportParam, 'type' | 'default'>, now: Date): string {
  const text = (param.default ?? '').trim();
  if (!text) return '';
  if (param.type === 'date' || param.type === 'datetime') {
    if (param.type === 'datetime' && text === 'now') return `${day(now)} ${pad(now.getHours())}:${pad(now.getMinutes())}:${pad(now.getSeconds())}`;
    const relative = RELATIVE.exec(text);
    if (relative) {
      const shifted = new Date(now.getFullYear(), now.getMonth(), now.getDate() + (relative[1] === '-' ? -1 : 1) * Number(relative[2] ?? 0));
      return param.type === 'date' ? day(shifted) : `${day(shifted)} 00:00:00`;
    }
  }
  return text;
}

/** Is this default acceptable for its type (a literal of the type, or a relative day)? */
export function isRelativeDefault(text: string): boolean {
  return RELATIVE.test(text.trim()) || text.trim() === 'now';
}
