import type { Hono } from 'hono';
import { getConnInfo } from '@hono/node-server/conninfo';
import { z } from 'zod';
import { currentUser } from '../auth/middleware';
import type { AppEnv, ServerContext } from '../context';
import { rSuccess } from '../http/r';
import { SANE_REQUEST_ID } from '../http/request-log';
import { parseInput, readJson } from '../http/validate';
import { describeRoute } from '../openapi/describe';

/** A browser error-log entry (shown on the error-log screen). Over-long text is cut, not refused: a log must land. */
const text = (max: number) =>
  z
    .union([z.string(), z.number(), z.null()])
    .optional()
    .transform((v) => (v === null || v === undefined ? '' : String(v).slice(0, max)));

const entries = z
  .array(
    z.object({
      type: text(64),
      message: text(4000),
      stack: text(20000),
      info: text(4000),
      url: text(2000),
      time: text(64),
      /** The X-Request-Id of the failing answer behind the error, when there was one: it leads to the server's own rows. */
      requestId: z
        .string()
        .regex(SANE_REQUEST_ID)
        .optional()
        .catch(undefined),
    }),
  )
  .min(1)
  .max(200);

function remoteIp(c: Parameters<typeof getConnInfo>[0]): string {
  try {
    return getConnInfo(c).remote.address ?? '';
  } catch {
    return ''; // in-process requests (tests) have no socket
  }
}

/** `POST /blade-log/client-error/submit`: the browser's error log, stored like BladeX's `blade_log_error`. */
export function logRoutes(api: Hono<AppEnv>, ctx: ServerContext): void {
  api.post('/blade-log/client-error/submit', describeRoute({ summary: { zh: '上报浏览器错误日志', en: "Report the browser's errors" }, body: entries }), async (c) => {
    const user = currentUser(c);
    const list = parseInput(entries, await readJson(c));
    const userAgent = (c.req.header('user-agent') ?? '').slice(0, 1000);
    const ip = remoteIp(c);
    await ctx.db.tenant(user.tenantId, async (tx) => {
      for (const e of list) {
        await tx.query(
          `insert into blade_log_error (id, tenant_id, service_id, method, request_uri, user_agent, remote_ip, time, create_by, user_id,
             stack_trace, exception_name, message, info, request_id, create_time)
           values ($1, $2, 'browser', 'GET', $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14)`,
          [ctx.ids.next(), user.tenantId, e.url, userAgent, ip, e.time, user.account.slice(0, 64), user.userId || null, e.stack, e.type, e.message, e.info, e.requestId ?? null, ctx.now()],
        );
      }
    });
    return c.json(rSuccess({ zh: '发送成功!', en: 'Sent' }));
  });
}
