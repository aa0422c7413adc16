import type { Context } from 'hono';
import type { ServerContext } from '../context';
import type { UsualLogLevel } from './entries';
import { callerOf } from './request-entries';

export interface LoggedEvent {
  /** Dotted, lower case: what happened (`password.reset`, `role.grant`, `order.refund`). */
  event: string;
  /** A short description: the ids concerned, counts; never a secret (secret-looking keys are masked anyway). */
  data?: unknown;
  level?: UsualLogLevel;
  /** The tenant the event belongs to when the caller is not signed in (a sign-in refused): else the caller's. */
  tenantId?: string;
}

/**
 * Records a business event in the usual log from inside a route: the signed-in caller, their address,
 * user agent and the request's id come from `c`. Returns at once and never throws: the row is written
 * with the next batch.
 *
 *   logEvent(c, ctx, { event: 'order.refund', data: { orderId, amount } });
 */
export function logEvent(c: Context, ctx: Pick<ServerContext, 'logs'>, event: LoggedEvent): void {
  try {
    const caller = callerOf(c, c.req.routePath || null);
    const tenant = c.get('user') || !event.tenantId ? {} : { tenantId: event.tenantId, tenantNamed: true };
    ctx.logs.usual({ ...caller, ...tenant, event: event.event, data: event.data, level: event.level });
  } catch {
    // A log entry is never worth failing the business it records.
  }
}
