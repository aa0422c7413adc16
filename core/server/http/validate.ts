import type { Context } from 'hono';
import { z } from 'zod';
import { bizError } from './errors';

/**
 * Input validation with zod, answering like BladeX's exception translator (bladex-contract §1.1):
 * `缺少必要的请求参数: <name>`, `请求参数格式错误: <name>`, `<name>: 长度不能超过N个字符`. A message given
 * in the schema itself (`手机号码格式不正确`) wins over these defaults.
 */
const DEFAULT = '\u0000';

type Issue = z.core.$ZodIssue;

function fieldName(path: readonly PropertyKey[]): string {
  let name = '';
  for (const part of path) name += typeof part === 'number' ? `[${part}]` : `${name ? '.' : ''}${String(part)}`;
  return name || 'body';
}

function issueMessage(issue: Issue): string {
  if (issue.message !== DEFAULT) return issue.message;
  const name = fieldName(issue.path);
  const input = (issue as { input?: unknown }).input;
  const missing = input === undefined || input === null || input === '';
  switch (issue.code) {
    case 'invalid_type':
      return missing ? `缺少必要的请求参数: ${name}` : `请求参数格式错误: ${name}`;
    case 'too_small':
      if (issue.origin === 'string') return missing ? `缺少必要的请求参数: ${name}` : `${name}: 长度不能少于${issue.minimum}个字符`;
      if (issue.origin === 'array') return `${name}: 至少需要${issue.minimum}项`;
      return `${name}: 不能小于${issue.minimum}`;
    case 'too_big':
      if (issue.origin === 'string') return `${name}: 长度不能超过${issue.maximum}个字符`;
      if (issue.origin === 'array') return `${name}: 最多${issue.maximum}项`;
      return `${name}: 不能大于${issue.maximum}`;
    default:
      return `请求参数格式错误: ${name}`;
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
  if (!text.trim()) throw bizError('缺少必要的请求体');
  try {
    return JSON.parse(text);
  } catch {
    throw bizError('消息不能读取: 请求体不是合法的 JSON');
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
      throw bizError('消息不能读取: 表单格式错误');
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
