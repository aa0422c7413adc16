import type { AuthUser, ServerContext } from '../../../core/sdk/server';
import type { LogKind } from './payment-event';
import { logCall } from './records';
import type { ProviderError } from './provider';

/**
 * What the actions share about calling the provider: who acts, and the record of a call that failed,
 * written in a transaction of its own (the action's own work is refused and rolled back, the record of
 * the attempt stays).
 */
export type Actor = Pick<AuthUser, 'tenantId' | 'userId'>;

/** The user id as the audit columns take it (a numeric id), else null. */
export const actorId = (actor: Actor): string | null => (/^\d{1,19}$/.test(actor.userId) ? actor.userId : null);

/** A provider's refusal, briefly: its code and words (the answer summary of the history). */
export const errorSummary = (error: ProviderError) => `${error.code}${error.detail ? `: ${error.detail}` : ''}`.slice(0, 255);

export async function logFailure(ctx: ServerContext, actor: Actor, orderId: string, kind: LogKind, error: ProviderError, amount?: number): Promise<void> {
  await ctx.db.tenant(actor.tenantId, (tx) =>
    logCall(tx, {
      id: ctx.ids.next(),
      tenantId: actor.tenantId,
      orderId,
      kind,
      amount,
      status: 'failed',
      summary: errorSummary(error),
      answer: { code: error.code, message: error.detail, status: error.status },
      userId: actorId(actor),
      now: ctx.now(),
    }),
  );
}

/** Audit times to the second, as the engine keeps them. */
export const toSecond = (date: Date) => new Date(Math.floor(date.getTime() / 1000) * 1000);
