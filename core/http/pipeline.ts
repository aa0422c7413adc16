import { judgeResponse } from './rule';
import { HttpError } from './types';

/**
 * What the pipeline does with a verdict. The side effects come in as functions so the whole behaviour
 * (toasts, the one sign-out, navigation) is testable without a browser, a router or Arco.
 */
export interface PipelineDeps {
  whiteList: () => readonly number[];
  /** One error toast. */
  toast: (message: string) => void;
  /** Local sign-out (no server call). */
  signOut: () => void;
  navigate: (path: string) => void;
  t: (key: string, values?: Record<string, unknown>) => string;
}

export interface CallContext {
  /** The access token the call was sent with ('' when signed out). */
  sentToken: string;
  silent: boolean;
}

export interface Pipeline {
  /** Returns the body of a successful call; throws an HttpError (after its toast) otherwise. */
  settle(status: number, body: unknown, ctx: CallContext): unknown;
  /** A call that got no answer (network failure, time-out; a cancelled one without a toast): throws an HttpError. */
  fail(error: unknown, ctx: CallContext): never;
}

export function isTimeoutError(error: unknown): boolean {
  const message = error instanceof Error ? error.message : String(error);
  return /timeout/i.test(message) || (error instanceof Error && error.name === 'TimeoutError');
}

export function createPipeline(deps: PipelineDeps): Pipeline {
  // The token whose session a 401 already ended. When ten calls sent with the same token all come back
  // 401, only the first signs out, navigates and says so; the others just reject. Keyed by token (not a
  // flag) so the next session, with its new token, is handled again without anyone resetting anything.
  let endedToken: string | null = null;

  const say = (ctx: CallContext, message: string) => {
    if (!ctx.silent) deps.toast(message);
  };

  return {
    settle(status, body, ctx) {
      const verdict = judgeResponse(status, body, deps.whiteList());
      switch (verdict.kind) {
        case 'ok':
          return body;
        case 'whitelisted':
          throw new HttpError('whitelisted', verdict.message ?? deps.t('errors.unknown'), verdict.code, body);
        case 'unauthorized': {
          const message = verdict.message ?? deps.t('errors.unauthorized');
          if (!ctx.sentToken) {
            // No session to end (e.g. the token call refused the client): an ordinary error.
            say(ctx, message);
          } else if (endedToken !== ctx.sentToken) {
            endedToken = ctx.sentToken;
            deps.signOut();
            deps.navigate('/login');
            say(ctx, message);
          }
          throw new HttpError('unauthorized', message, 401, body);
        }
        case 'error': {
          const message = verdict.message ?? deps.t('errors.unknown');
          say(ctx, message);
          throw new HttpError('business', message, verdict.code, body);
        }
        case 'status': {
          const message = verdict.message ?? deps.t('errors.status', { status: verdict.code });
          say(ctx, message);
          throw new HttpError('status', message, verdict.code, body);
        }
      }
    },
    fail(error, ctx) {
      if (error instanceof HttpError) throw error;
      // Cancelled by the caller, who says so itself if it wants to: nothing went wrong.
      if (error instanceof Error && error.name === 'AbortError') throw new HttpError('aborted', deps.t('errors.aborted'), 0, null);
      const timeout = isTimeoutError(error);
      const message = deps.t(timeout ? 'errors.timeout' : 'errors.network');
      say(ctx, message);
      throw new HttpError(timeout ? 'timeout' : 'network', message, 0, null);
    },
  };
}
