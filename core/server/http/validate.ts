import type { Context } from 'hono';
import { z } from 'zod';
import type { LocalText } from '../i18n';
import { bizError } from './errors';
import { MSG } from './messages';

/**
 * Input validation with zod, answering like BladeX's exception translator: `缺少必要的请求参数: <name>`,
 * `请求参数格式错误: <name>`, `<name>: 长度不能超过N个字符` (each in the caller's language). A message given
 * in the schema itself (`手机号码格式不正确`) wins over these defaults; it is written with `zodMessage` so
 * that both languages survive zod, whose messages are plain strings.
 */
const DEFAULT = '\u0000';
/** Marks a zod message that carries a LocalText as JSON. */
const LOCAL = '\u0001';

/** A LocalText as a zod message (`.regex(re, zodMessage(t))`, `ctx.addIssue({ message: zodMessage(t) })`). */
export function zodMessage(text: LocalText): string {
  return LOCAL + JSON.stringify({ zh: text.zh, en: text.en });
}

/** The LocalText of a zod message written by `zodMessage`; a plain string (a schema not yet bilingual) stands for both. */
export function zodMessageText(message: string): LocalText {
  if (message.startsWith(LOCAL)) {
    try {
      const parsed = JSON.parse(message.slice(1)) as Partial<LocalText>;
      if (typeof parsed.zh === 'string' && typeof parsed.en === 'string') return { zh: parsed.zh, en: parsed.en };
    } catch {
      // not ours after all: shown as it is
    }
  }
  return { zh: message, en: message };
}

type Issue = z.core.$ZodIssue;

function fieldName(path: readonly PropertyKey[]): string {
  let name = '';
  for (const part of path) name += typeof part === 'number' ? `[${part}]` : `${name ? '.' : ''}${String(part)}`;
  return name || 'body';
}

function issueMessage(issue: Issue): LocalText {
  if (issue.message !== DEFAULT) return zodMessageText(issue.message);
  const name = fieldName(issue.path);
  const input = (issue as { input?: unknown }).input;
  const missing = input === undefined || input === null || input === '';
  switch (issue.code) {
    case 'invalid_type':
      return missing ? MSG.missingParam(name) : MSG.badFormat(name);
    case 'too_small':
      if (issue.origin === 'string') return missing ? MSG.missingParam(name) : MSG.tooShort(name, Number(issue.minimum));
      if (issue.origin === 'array') return MSG.tooFewItems(name, Number(issue.minimum));
      return MSG.belowMin(name, Number(issue.minimum));
    case 'too_big':
      if (issue.origin === 'string') return MSG.tooLong(name, Number(issue.maximum));
      if (issue.origin === 'array') return MSG.tooManyItems(name, Number(issue.maximum));
      return MSG.aboveMax(name, Number(issue.maximum));
    default:
      return MSG.badFormat(name);
  }
}

/** Parses or throws a 400 naming the first offending field. */
export function parseInput<S extends z.ZodType>(schema: S, input: unknown): z.output<S> {
  const result = schema.safeParse(input, { reportInput: true, error: () => DEFAULT });
  if (result.success) return result.data;
  throw bizError(issueMessage(result.error.issues[0]));
}

/** The JSON body, or a 400 when it is missing or not JSON. */
export async function readJson(c: Context): Promise<unknown> {
  const text = await c.req.text();
  if (!text.trim()) throw bizError(MSG.bodyMissing);
  try {
    return JSON.parse(text);
  } catch {
    throw bizError(MSG.badJson);
  }
}

/** Query string merged with a urlencoded or multipart form body (BladeX `@RequestParam` reads both). */
export async function readParams(c: Context): Promise<Record<string, string>> {
  const params: Record<string, string> = { ...c.req.query() };
  const type = c.req.header('content-type') ?? '';
  if (c.req.method !== 'GET' && /application\/x-www-form-urlencoded|multipart\/form-data/i.test(type)) {
    let body: Record<string, unknown>;
    try {
      body = await c.req.parseBody();
    } catch {
      throw bizError(MSG.badForm);
    }
    for (const [key, value] of Object.entries(body)) if (typeof value === 'string') params[key] = value;
  }
  return params;
}

/** A string query/form parameter: trimmed, "" treated as absent, bounded. */
export const param = (max: number) =>
  z.preprocess((v) => (typeof v === 'string' ? v.trim() || undefined : v), z.string().max(max));

/** An optional one. */
export const optionalParam = (max: number) =>
  z.preprocess((v) => (typeof v === 'string' ? v.trim() || undefined : v), z.string().max(max).optional());

/** A password as the browser sends it: md5 hex of what the user typed. */
export const md5Param = z.preprocess(
  (v) => (typeof v === 'string' ? v.trim().toLowerCase() || undefined : v),
  z.string().regex(/^[0-9a-f]{32}$/),
);
