import { useEffect, useState } from 'react';
import { HttpError } from './types';

export interface CallState<T> {
  data: T | undefined;
  loading: boolean;
  /** The server's message when the call failed, '' otherwise. */
  error: string;
  reload: () => void;
}

/** What a failed call said: the server's message in the caller's language, or the client's own. */
export const failureText = (error: unknown): string => (error instanceof HttpError || error instanceof Error ? error.message : String(error));

/**
 * A silent call made when its key changes (null: none), keeping what it failed with, so the view says why
 * where the reader looks (a drawer, a panel, a dialog) rather than in a passing toast. A reload keeps the
 * data shown until the new answer comes. For reads of a resource's records use the kit's `useQuery`,
 * which caches and is invalidated by saves; this is for one-off calls (a connection test, a preview).
 */
export function useCall<T>(key: string | null, call: () => Promise<T>): CallState<T> {
  const [state, setState] = useState<{ key: string | null; data?: T; error: string; loading: boolean }>({ key: null, error: '', loading: false });
  const [round, setRound] = useState(0);
  useEffect(() => {
    if (key === null) return;
    let current = true;
    setState((before) => ({ key, data: before.key === key ? before.data : undefined, error: '', loading: true }));
    call().then(
      (data) => current && setState({ key, data, error: '', loading: false }),
      (error: unknown) => current && setState({ key, error: failureText(error), loading: false }),
    );
    return () => {
      current = false;
    };
    // `call` is read when the key (or a reload) asks for it: a new closure each render is no new call.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [key, round]);
  const mine = state.key === key && key !== null;
  return { data: mine ? state.data : undefined, loading: key !== null && (!mine || state.loading), error: mine ? state.error : '', reload: () => setRound((n) => n + 1) };
}
