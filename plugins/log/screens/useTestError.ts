import { useState } from 'react';
import { Message } from '@arco-design/web-react';
import { fetchList, http, HttpError, useTranslation } from '../../../core/sdk/browser';
import { errorLogEntity } from '../entities';

const TEST_ERROR_URL = '/api/blade-log/error/test';
/** How long the screen waits for the server to write the error (it writes logs in batches, off the request path). */
const WAIT_MS = 15_000;
const POLL_MS = 500;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** The request id a failed call's body carries. */
function requestIdOf(error: unknown): string {
  const body = error instanceof HttpError ? error.body : undefined;
  const id = typeof body === 'object' && body !== null ? (body as { requestId?: unknown }).requestId : undefined;
  return typeof id === 'string' ? id : '';
}

/**
 * The error log's check: asks the server to fail on purpose (a 500 is the expected answer), then waits
 * until the error is in the log and calls `recorded` with its request id, so the list shows it.
 */
export function useTestError(recorded: (requestId: string) => void | Promise<void>): { run: () => Promise<void>; running: boolean } {
  const { t } = useTranslation();
  const [running, setRunning] = useState(false);
  const run = async () => {
    setRunning(true);
    try {
      let requestId = '';
      try {
        await http.post(TEST_ERROR_URL, undefined, { silent: true });
      } catch (error) {
        if (error instanceof HttpError && error.code === 500) requestId = requestIdOf(error);
        else throw error;
      }
      if (!requestId) {
        Message.warning(t('log.testErrorFailed'));
        return;
      }
      let logged = false;
      for (const started = Date.now(); !logged && Date.now() - started < WAIT_MS; ) {
        logged = (await fetchList(errorLogEntity, { current: 1, size: 1, searchCount: false, requestId_equal: requestId })).records.length > 0;
        if (!logged) await sleep(POLL_MS);
      }
      await recorded(requestId);
      if (logged) Message.success({ content: t('log.testErrorDone', { id: requestId }), duration: 6000 });
      else Message.warning({ content: t('log.testErrorPending', { id: requestId }), duration: 10000 });
    } catch (error) {
      // Refused (403) or unreachable: the call's own toast said why, unless it was silent.
      if (error instanceof HttpError && error.code !== 500) Message.error(error.message);
    } finally {
      setRunning(false);
    }
  };
  return { run, running };
}
