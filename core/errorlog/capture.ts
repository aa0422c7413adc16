import type { ErrorInfo } from 'react';
import { HttpError } from '../http';
import { errorLog } from './errorlog';

function describe(error: unknown): { message: string; stack: string } {
  if (error instanceof Error) return { message: error.message || error.name, stack: error.stack ?? '' };
  if (typeof error === 'string') return { message: error, stack: '' };
  try {
    return { message: JSON.stringify(error), stack: '' };
  } catch {
    return { message: String(error), stack: '' };
  }
}

/** Not UI bugs: failed calls were already reported to the user by the HTTP pipeline; the rest is browser noise. */
function ignored(error: unknown, message: string): boolean {
  return error instanceof HttpError || /ResizeObserver loop/i.test(message);
}

/** The request id a failed call's answer carried, found on the error or along its causes. */
function requestIdOf(error: unknown): string | undefined {
  let cause = error;
  for (let depth = 0; cause && depth < 5; depth++) {
    const id = cause instanceof HttpError ? (cause.body as { requestId?: unknown } | null)?.requestId : undefined;
    if (typeof id === 'string' && id) return id;
    cause = (cause as { cause?: unknown }).cause;
  }
  return undefined;
}

function record(error: unknown, info: string): void {
  const { message, stack } = describe(error);
  if (ignored(error, message)) return;
  errorLog.add({ type: 'error', message, stack, info, requestId: requestIdOf(error) });
}

export interface RootErrorHooks {
  onUncaughtError: (error: unknown, info: ErrorInfo) => void;
  onCaughtError: (error: unknown, info: ErrorInfo) => void;
}

let installed: RootErrorHooks | null = null;

/**
 * Appends every unhandled UI error to the local error log: window `error` and `unhandledrejection`, and
 * the React 19 root hooks returned here (pass them to `createRoot`). Errors are still printed to the
 * console, as React does when no hooks are given.
 */
export function installErrorCapture(): RootErrorHooks {
  if (installed) return installed;
  window.addEventListener('error', (event) => record(event.error ?? event.message, `${event.filename ?? ''}:${event.lineno ?? ''}`));
  window.addEventListener('unhandledrejection', (event) => record(event.reason, 'unhandledrejection'));
  installed = {
    onUncaughtError(error, info) {
      console.error(error);
      record(error, info.componentStack ?? '');
    },
    onCaughtError(error, info) {
      console.error(error);
      record(error, info.componentStack ?? '');
    },
  };
  return installed;
}
