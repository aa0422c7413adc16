import { bizError, type LocalText } from '../../../core/sdk/server';
import { isRelativeDefault, LANGUAGE_PARAM, resolveDefault, type ParamType, type ReportParam } from '../declaration';
import { scanSync } from './guard';
import { EXPECTED, TEXT } from './texts';

/**
 * Named parameters: `:start` in a report's SQL becomes `$1`, cast to its declared type, and the value is
 * bound, never spliced. The text is read with PostgreSQL's own scanner, so `::date` casts, strings,
 * dollar quotes, comments and array slices (`a[1:2]`) are left alone.
 */

/** The SQL type a parameter is bound as: the query sees a typed value whatever its context. */
const CAST: Record<ParamType, string> = { date: 'date', datetime: 'timestamp', int: 'bigint', text: 'text', dict: 'text' };

export interface BoundSql {
  /** The SQL with `$n` for each name, trailing semicolons and comments removed. */
  text: string;
  /** The parameter names in `$n` order (`language` included when used). */
  names: string[];
}

interface Token {
  start: number;
  end: number;
  text: string;
  tokenName: string;
}

const NAME = /^[A-Za-z_][A-Za-z0-9_]*$/;
const COMMENT = new Set(['SQL_COMMENT', 'C_COMMENT']);
// A `:` right after one of these is an array slice's (`a[1:n]`), not a parameter's.
const OPERAND = new Set(['ICONST', 'FCONST', 'IDENT', 'SCONST', 'PARAM']);

function tokens(sql: string): Token[] {
  try {
    return scanSync(sql).tokens as Token[];
  } catch (error) {
    throw bizError(TEXT.sqlSyntax(error instanceof Error ? error.message : String(error)));
  }
}

/** Replaces each `:name` with its `$n`; refuses `$1` written by hand and names not declared. */
export function bindNames(sql: string, declared: readonly ReportParam[]): BoundSql {
  const list = tokens(sql);
  const known = new Set([...declared.map((p) => p.name), LANGUAGE_PARAM]);
  const types = new Map<string, ParamType>(declared.map((p) => [p.name, p.type]));
  const names: string[] = [];
  const edits: { start: number; end: number; text: string }[] = [];
  list.forEach((token, i) => {
    if (token.tokenName === 'PARAM') throw bizError(TEXT.positional);
    if (token.text !== ':') return;
    const next = list[i + 1];
    const before = list[i - 1];
    if (!next || next.start !== token.end || !NAME.test(next.text)) return;
    if (before && before.end === token.start && (OPERAND.has(before.tokenName) || before.text === ']' || before.text === ')')) return;
    const name = next.text;
    if (!known.has(name)) throw bizError(TEXT.undeclared(name));
    let index = names.indexOf(name);
    if (index < 0) index = names.push(name) - 1;
    edits.push({ start: token.start, end: next.end, text: `($${index + 1}::${CAST[types.get(name) ?? 'text']})` });
  });
  const last = [...list].reverse().find((t) => !COMMENT.has(t.tokenName) && t.text !== ';');
  // The scanner's positions count UTF-8 bytes (a Chinese string literal is three a character).
  const bytes = new TextEncoder().encode(sql);
  const decode = (from: number, to: number) => new TextDecoder().decode(bytes.subarray(from, to));
  let text = '';
  let at = 0;
  for (const edit of edits) {
    text += decode(at, edit.start) + edit.text;
    at = edit.end;
  }
  text += decode(at, Math.max(at, last?.end ?? 0));
  return { text, names };
}

const DATE = /^\d{4}-\d{2}-\d{2}$/;
const DATETIME = /^\d{4}-\d{2}-\d{2}( \d{2}:\d{2}(:\d{2})?)?$/;

const validDate = (text: string) => {
  const [y, m, d] = text.slice(0, 10).split('-').map(Number);
  const date = new Date(Date.UTC(y!, m! - 1, d!));
  return date.getUTCFullYear() === y && date.getUTCMonth() === m! - 1 && date.getUTCDate() === d;
};

/** A value of the type, as text to bind, or undefined when it is not one. */
function valueOf(type: ParamType, raw: string): string | undefined {
  const text = raw.trim();
  switch (type) {
    case 'date':
      return DATE.test(text) && validDate(text) ? text : undefined;
    case 'datetime':
      return DATETIME.test(text) && validDate(text) ? (text.length === 10 ? `${text} 00:00:00` : text.length === 16 ? `${text}:00` : text) : undefined;
    case 'int':
      return /^-?\d{1,15}$/.test(text) ? String(Number(text)) : undefined;
    case 'text':
    case 'dict':
      return raw.length <= 200 ? raw : undefined;
  }
}

/** Is a declared default acceptable (a value of its type, or a relative day for dates)? */
export function validDefault(param: ReportParam): boolean {
  const text = (param.default ?? '').trim();
  if (!text) return true;
  if ((param.type === 'date' || param.type === 'datetime') && isRelativeDefault(text)) return param.type === 'datetime' || text !== 'now';
  return valueOf(param.type, text) !== undefined;
}

/**
 * The values in `$n` order: each given one judged by its type, a missing one its default (relative days
 * from `now`), a missing required one refused; `language` is the caller's. `strict: false` (checking a
 * report being saved) binds null for missing values instead of refusing.
 */
export function bindValues(
  bound: BoundSql,
  declared: readonly ReportParam[],
  given: Readonly<Record<string, unknown>>,
  context: { now: Date; language: 'zh' | 'en'; strict: boolean },
): (string | null)[] {
  const byName = new Map(declared.map((p) => [p.name, p]));
  return bound.names.map((name) => {
    if (name === LANGUAGE_PARAM && !byName.has(name)) return context.language;
    const param = byName.get(name)!;
    const label = param.label[context.language] || param.name;
    const raw = given[name];
    const text = raw === undefined || raw === null ? '' : typeof raw === 'string' || typeof raw === 'number' ? String(raw) : undefined;
    if (text === undefined) throw bizError(TEXT.paramInvalid(label, EXPECTED[param.type] as LocalText));
    const chosen = text.trim() === '' ? resolveDefault(param, context.now) : text;
    if (chosen.trim() === '') {
      if (param.required && context.strict) throw bizError(TEXT.paramRequired(label));
      return null;
    }
    const value = valueOf(param.type, chosen);
    if (value === undefined) throw bizError(TEXT.paramInvalid(label, EXPECTED[param.type] as LocalText));
    return value;
  });
}
