import type { PluginManifest } from '../schema/manifest';

/** A call the browser app made, as the backend saw it. */
export interface RecordedCall {
  /** `GET`, `POST`, … */
  method: string;
  /** As requested, with its query string: `/api/blade-system/param/list?current=1&size=10`. */
  url: string;
  /** The path alone: `/api/blade-system/param/list`. */
  path: string;
  /** `METHOD path`, what `respond()` matches: `GET /api/blade-system/param/list`. */
  key: string;
  /** The query string's values. */
  query: Record<string, string>;
  headers: Headers;
  /** The body: parsed JSON, else the text, a FormData as sent, or undefined. */
  body: unknown;
}

/** The signed-in user of a plugin test. */
export interface TestUser {
  /**
   * Menu and button codes the user's role is granted, nothing more: granted menus show in the sidebar,
   * granted buttons answer `session.can(code)`. Default: every code the mounted plugin declares.
   */
  permissions?: string[];
  /** Role aliases (`role_name`); default `['tester']`. `administrator` is granted everything by the server. */
  roles?: string[];
  /** Default `000000`. */
  tenantId?: string;
  /** Real name shown in the top bar; default `测试用户`. */
  name?: string;
}

export interface ResolvedUser {
  permissions: string[];
  roles: string[];
  tenantId: string;
  name: string;
}

/** How the browser app signs in against this backend. */
export interface Credentials {
  tenantId: string;
  account: string;
  password: string;
}

/** Where a plugin test's calls go: `respond({...})` or `inProcessServer({...})`. */
export interface Backend {
  readonly kind: 'respond' | 'in-process';
  /** Readies the backend for one rendering: which manifests are mounted, whom to sign in. */
  prepare(mount: { manifests: readonly PluginManifest[]; pluginIds: readonly string[]; user: ResolvedUser }): Promise<Credentials>;
  /** Answers one call of the browser app (`raw`: the body as the app sent it). */
  handle(call: RecordedCall, raw: BodyInit | null | undefined): Promise<Response>;
  /** At the end of a test: what it must fail for (calls nobody answered), then forgets them. */
  finish(): string[];
  /** Frees what the backend holds (the in-process database); called after the test file. */
  close(): Promise<void>;
}

// ---- answers ---------------------------------------------------------------------------------------

const REPLY = Symbol('reply');

/** A full HTTP answer, when a handler needs a status other than 200 or headers. */
export interface Reply {
  [REPLY]: true;
  status: number;
  body: unknown;
  headers?: Record<string, string>;
}

export function reply(answer: { status?: number; body?: unknown; headers?: Record<string, string> }): Reply {
  return { [REPLY]: true, status: answer.status ?? 200, body: answer.body ?? null, headers: answer.headers };
}

export function isReply(value: unknown): value is Reply {
  return typeof value === 'object' && value !== null && REPLY in value;
}

/** The R envelope of a success: `{ code: 200, success: true, data, msg: '操作成功' }`. */
export function ok<T>(data: T = null as T, msg = '操作成功') {
  return { code: 200, success: true, data, msg };
}

/** A refusal in the R envelope with the same HTTP status, as BladeX sends it (400: a rule, 403: a permission). */
export function fail(msg: string, code = 400): Reply {
  return reply({ status: code, body: { code, success: false, data: null, msg } });
}

/** A MyBatis-Plus page in the R envelope: `records` of page `current` (size 10 unless given). */
export function page<T>(records: T[], options: { current?: number; size?: number; total?: number } = {}) {
  const size = options.size ?? 10;
  const total = options.total ?? records.length;
  return ok({ records, total, size, current: options.current ?? 1, pages: Math.ceil(total / size) });
}

/** The answer as a fetch Response of the environment the app runs in. */
export function toResponse(answer: unknown): Response {
  const { status, body, headers } = isReply(answer) ? answer : { status: 200, body: answer, headers: undefined };
  const text = typeof body === 'string' ? body : JSON.stringify(body ?? null);
  return new Response(text, { status, headers: { 'content-type': 'application/json', ...headers } });
}
