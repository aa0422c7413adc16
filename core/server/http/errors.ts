import type { Context } from 'hono';
import { HTTPException } from 'hono/http-exception';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import { rFail } from './r';

/**
 * An error a handler throws to answer the caller: the HTTP status and the body's `code` follow
 * bladex-contract §1.2 (business errors 400, not signed in 401, refused 403). Its message is meant for the
 * user; anything else thrown is a bug and answers 500 without detail.
 */
export class ApiError extends Error {
  constructor(
    readonly status: ContentfulStatusCode,
    message: string,
    readonly code: number = status,
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

export const MSG_UNAUTHORIZED = '请求未授权';
export const MSG_FORBIDDEN = '请求被拒绝';
export const MSG_NOT_FOUND = '404 没找到请求';
export const MSG_SERVER_ERROR = '服务器异常';

/** A business rule refused the request (`ServiceException`): HTTP 400, code 400. */
export const bizError = (msg: string) => new ApiError(400, msg);
export const unauthorized = (msg = MSG_UNAUTHORIZED) => new ApiError(401, msg);
export const forbidden = (msg = MSG_FORBIDDEN) => new ApiError(403, msg);
export const missingParam = (name: string) => bizError(`缺少必要的请求参数: ${name}`);

export interface ErrorLogger {
  error(message: string, error?: unknown): void;
}

/** Hono's `onError`: known errors become their R body; the rest is logged here and answered 500. */
export function errorHandler(log: ErrorLogger) {
  return (error: Error, c: Context) => {
    if (error instanceof ApiError) return c.json(rFail(error.message, error.code), error.status);
    if (error instanceof HTTPException) {
      // Hono's own refusals (body too large, malformed request): never with a stack.
      const status = error.status as ContentfulStatusCode;
      const msg = status === 413 ? '请求内容过大' : status === 401 ? MSG_UNAUTHORIZED : status >= 500 ? MSG_SERVER_ERROR : '消息不能读取';
      if (status >= 500) log.error(`${c.req.method} ${c.req.path}`, error);
      return c.json(rFail(msg, status), status);
    }
    log.error(`${c.req.method} ${c.req.path}`, error);
    return c.json(rFail(MSG_SERVER_ERROR, 500), 500);
  };
}

/** Hono's `notFound` for the API: BladeX's 404 body. */
export function apiNotFound(c: Context) {
  return c.json(rFail(MSG_NOT_FOUND, 404), 404);
}
