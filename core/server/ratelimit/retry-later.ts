import type { Context } from 'hono';
import { ApiError } from '../http/errors';
import type { LocalText } from '../i18n';

export const RETRY_MSG = {
  tooMany: { zh: '请求过于频繁，请稍后再试', en: 'Too many requests, please try again later' },
  busy: { zh: '服务器繁忙，请稍后再试', en: 'The server is busy, please try again later' },
} as const satisfies Record<string, LocalText>;

/**
 * A refusal that says when to come back: 429 when the caller (or everybody) asked too often, 503 when
 * the server has more work queued than it takes on. The answer carries `Retry-After` in seconds.
 */
export class RetryLater extends ApiError {
  constructor(
    status: 429 | 503,
    readonly retryAfterSeconds: number,
  ) {
    super(status, status === 429 ? RETRY_MSG.tooMany : RETRY_MSG.busy);
    this.name = 'RetryLater';
  }

  /** Puts `Retry-After` on the answer `c` is about to give (whichever handler writes its body). */
  announce(c: Context): void {
    c.header('Retry-After', String(this.retryAfterSeconds));
  }
}
