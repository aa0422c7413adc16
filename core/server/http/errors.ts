import type { Context } from 'hono';
import { HTTPException } from 'hono/http-exception';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import type { LocalText } from '../i18n';
import { MSG } from './messages';
import { rFail } from './r';
import { requestIdOf } from './request-log';

/**
 * An error a handler throws to answer the caller. The HTTP status and the body's `code` are BladeX's:
 * a business rule's refusal is 400, not signed in 401, refused 403. Its text is meant for the user, in both
 * languages (answered in the caller's); anything else thrown is a bug and answers 500 without detail.
 */
export class ApiError extends Error {
  constructor(
    readonly status: ContentfulStatusCode,
    readonly text: LocalText,
    readonly code: number = status,
  ) {
    super(text.zh);
    this.name = 'ApiError';
  }
}

/** A business rule refused the request (`ServiceException`): HTTP 400, code 400. */
export const bizError = (text: LocalText) => new ApiError(400, text);
export const unauthorized = (text: LocalText = MSG.unauthorized) => new ApiError(401, text);
export const forbidden = (text: LocalText = MSG.forbidden) => new ApiError(403, text);
export const missingParam = (name: string) => bizError(MSG.missingParam(name));

export interface ErrorLogger {
  error(message: string, error?: unknown): void;
  info?(message: string): void;
}

/**
 * The status logged for a request whose client left before its answer (nginx's "client closed request"):
 * no one reads the answer, the request log shows what happened.
 */
export const CLIENT_CLOSED = 499;

/**
 * Did the request fail because its client went away (closed the connection, or was cut off by the body
 * time-out) rather than because of the server? The server aborts the request's signal when its connection
 * closes early; reading the body then fails with Node's `aborted` (ECONNRESET).
 */
export function clientWentAway(c: Context, error: unknown): boolean {
  if (c.req.raw.signal?.aborted) return true;
  const { code, message } = error as { code?: unknown; message?: unknown };
  return code === 'ECONNRESET' && message === 'aborted';
}

/** `POST /api/x (id)`: how a log line names a request, so the request log's line and this one meet. */
const requestName = (c: Context) => `${c.req.method} ${c.req.path}${requestIdOf(c) ? ` (${requestIdOf(c)})` : ''}`;

/** Hono's `onError`: known errors become their R body; the rest is logged here and answered 500. */
export function errorHandler(log: ErrorLogger) {
  return (error: Error, c: Context) => {
    if (error instanceof ApiError) return c.json(rFail(error.text, error.code), error.status);
    if (clientWentAway(c, error)) {
      // Routine on any network: one line, no stack.
      const line = `${requestName(c)}: the client closed the connection before the request was complete`;
      if (log.info) log.info(line);
      else log.error(line);
      return c.body(null, CLIENT_CLOSED as ContentfulStatusCode);
    }
    if (error instanceof HTTPException) {
      // Hono's own refusals (body too large, malformed request): never with a stack.
      const status = error.status as ContentfulStatusCode;
      const text = status === 413 ? MSG.tooLarge : status === 401 ? MSG.unauthorized : status >= 500 ? MSG.serverError : MSG.unreadable;
      if (status >= 500) log.error(requestName(c), error);
      return c.json(rFail(text, status), status);
    }
    log.error(requestName(c), error);
    return c.json(rFail(MSG.serverError, 500), 500);
  };
}

/** Hono's `notFound` for the API: BladeX's 404 body. */
export function apiNotFound(c: Context) {
  return c.json(rFail(MSG.routeNotFound, 404), 404);
}
