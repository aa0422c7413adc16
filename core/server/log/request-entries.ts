import { relative, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Context } from 'hono';
import type { AuthUser } from '../auth/user';
import { clientIp } from '../http/client-ip';
import { FILE_ROUTE } from '../oss/store';
import { ADMIN_TENANT, TENANT_ID } from '../tenant/tenants';
import type { LoggedCaller, Logs } from './entries';
import { maskedUri } from './mask';
import { loggedParams } from './request-params';

/**
 * The API log's and the error log's entries for a request that is over, taken from its Hono context.
 * Which calls the API log leaves out, and why:
 * - anything outside `/api` (the browser app's files) and the health probes (a balancer's, every second);
 * - GETs of the file route: every image of every page, and the file's name is its only access check;
 * - GETs under `/api/blade-log/`: the log screens' own reads would put the reader at the top of every
 *   page of the API log they are reading.
 */
const PROBES = /^\/api\/(?:health|ready)$/;
const LOG_READS = /^\/api\/blade-log\//;

export function apiLogged(method: string, path: string): boolean {
  if (!path.startsWith('/api/') || PROBES.test(path)) return false;
  return (method !== 'GET' && method !== 'HEAD') || !(path.startsWith(`/api${FILE_ROUTE}/`) || LOG_READS.test(path));
}

/** The path and query asked for (`c.req.url` is absolute). */
function pathAndQuery(c: Context): string {
  const url = c.req.url;
  const start = url.indexOf('/', url.indexOf('//') + 2);
  return start < 0 ? '/' : url.slice(start);
}

/**
 * Who called: the signed-in caller's tenant and account, else the tenant the request names
 * (`Tenant-Id`, checked by the writer against the tenants that exist), else '000000'. The body aside.
 */
export function callerOf(c: Context, route: string | null): LoggedCaller {
  const user = c.get('user') as AuthUser | undefined;
  const named = c.req.header('tenant-id')?.trim();
  const tenant = user ? { tenantId: user.tenantId } : named && TENANT_ID.test(named) && named !== ADMIN_TENANT ? { tenantId: named, tenantNamed: true } : { tenantId: ADMIN_TENANT };
  const requestId: unknown = c.get('requestId');
  return {
    ...tenant,
    userId: user?.userId || null,
    account: user?.account ?? '',
    requestId: typeof requestId === 'string' ? requestId : '',
    ip: clientIp(c),
    userAgent: c.req.header('user-agent') ?? '',
    method: c.req.method,
    requestUri: maskedUri(pathAndQuery(c)),
    route,
  };
}

const ROOT = process.cwd();

/**
 * The first frame of a stack in the application's own files (not a dependency's, not Node's), as a path
 * relative to the project and a line: where to start reading. Frames look like `at f (/abs/file.ts:12:5)`,
 * `at /abs/file.ts:12:5` or carry a `file://` URL.
 */
export function firstAppFrame(stack: string): { fileName: string; lineNumber: number } | undefined {
  for (const line of stack.split('\n')) {
    const match = /\(?((?:file:\/\/)?[^\s()]+?):(\d+):\d+\)?\s*$/.exec(line.trim());
    if (!match || !line.trim().startsWith('at ')) continue;
    let file = match[1]!;
    if (file.startsWith('file://')) {
      try {
        file = fileURLToPath(file);
      } catch {
        continue;
      }
    }
    if (file.startsWith('node:') || file.includes(`${sep}node_modules${sep}`) || file.includes('/node_modules/') || !file.startsWith(ROOT)) continue;
    return { fileName: relative(ROOT, file), lineNumber: Number(match[2]) };
  }
  return undefined;
}

/** What a thrown value says about itself (anything can be thrown, an Error usually is). */
function describeThrown(error: unknown): { name: string; message: string; stack: string } {
  if (error instanceof Error) return { name: error.name || error.constructor.name, message: error.message, stack: error.stack ?? '' };
  return { name: typeof error, message: String(error), stack: '' };
}

/**
 * Records a request that is over: its API-log entry (unless left out, see `apiLogged`) and, when it
 * failed with an exception the server did not expect (a 5xx answer with an error thrown), its error-log
 * entry with the stack. The body is masked once for both.
 */
export function recordRequest(c: Context, logs: Logs, answer: { route: string | null; ms: number; status: number; time: Date }): void | Promise<void> {
  const failed = c.error !== undefined && answer.status >= 500;
  const api = logs.recordsApi && apiLogged(c.req.method, c.req.path);
  if (!api && !failed) return;
  const params = loggedParams(c);
  // Without a body there is nothing to wait for: the entry is queued in this turn.
  if (typeof params === 'string') return enqueue(c, logs, answer, { api, failed, params });
  return params.then((text) => enqueue(c, logs, answer, { api, failed, params: text }));
}

function enqueue(c: Context, logs: Logs, answer: { route: string | null; ms: number; status: number; time: Date }, what: { api: boolean; failed: boolean; params: string }): void {
  const { api, failed } = what;
  const caller = { ...callerOf(c, answer.route), params: what.params };
  if (api) logs.api({ ...caller, method: c.req.method, requestUri: caller.requestUri ?? '', status: answer.status, ms: answer.ms, time: answer.time });
  if (failed) {
    const thrown = describeThrown(c.error);
    logs.error({ ...caller, exceptionName: thrown.name, message: thrown.message, stackTrace: thrown.stack, ...firstAppFrame(thrown.stack), time: answer.time });
  }
}
