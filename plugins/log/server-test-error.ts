import type { Hono } from 'hono';
import { currentMember, describeRoute, requirePermission, type AppEnv, type ServerContext } from '../../core/sdk/server';
import { TEST_ERROR_BUTTON } from './index';

/** The error the check raises: named, so its rows are easy to tell from real failures. */
export class LogCheckError extends Error {
  override name = 'LogCheckError';
}

/** A frame of this file in the stack, as a real failure would have one of its own. */
function raiseTestError(account: string): never {
  throw new LogCheckError(`Test error raised on purpose by ${account} to check that server errors reach the error log`);
}

/**
 * `POST /blade-log/error/test`: an administrator checks error logging end to end, as monitoring products
 * offer. The handler throws an unexpected exception, which takes the path every server failure takes: the
 * error handler logs it with its stack and answers the usual 500 body (its request id, no detail), and
 * the call is in the API log with status 500 under the same request id.
 */
export function testErrorRoute(api: Hono<AppEnv>, ctx: ServerContext): void {
  api.post(
    '/blade-log/error/test',
    describeRoute({
      summary: { zh: '记录一条测试错误（有意答 500）', en: 'Record a test error (answers 500 on purpose)' },
      description: {
        zh: '抛出一个未预期的服务端异常，经正常的错误处理记录到错误日志；答复为通常的 500 报文（含请求ID，无堆栈）。',
        en: 'Throws an unexpected server exception, recorded in the error log by the usual error handling; answers the usual 500 body (with its request id, no stack).',
      },
    }),
    requirePermission(ctx, TEST_ERROR_BUTTON),
    (c) => raiseTestError(currentMember(c).account),
  );
}
