import { useCallback, useEffect, useRef, useState, type Dispatch, type SetStateAction } from 'react';
import { toastSuccess } from '../http';

export interface RecordDialogOptions<T, P> {
  /**
   * Loads what the dialog shows (a row's detail, a tree and its checks), once per opening and again on
   * retry. Without it the dialog starts from `initial` at once.
   */
  load?: () => Promise<T>;
  /** What the dialog holds before (or instead of) a load: a new row's defaults, the rows to configure. */
  initial?: T;
  /**
   * Readies what is sent from what the dialog holds: a form's validated values, say. A throw (a form
   * whose validation failed: the messages are on the fields) or null (nothing to send, the caller said
   * why) leaves the dialog as it is, nothing sent.
   */
  prepare?: (data: T) => P | null | Promise<P | null>;
  /**
   * Sends it. A throw leaves the dialog open with everything the user entered and its button ready again
   * (the HTTP pipeline's toast said why). Absent: the dialog only shows (view mode, a close button).
   */
  save?: (prepared: P, data: T) => Promise<unknown>;
  /** Said once saved ('新增成功', '操作成功'…). */
  success?: string;
  /** After a successful save, before the dialog closes (a list reloads). */
  onSaved?: (prepared: P, data: T) => void;
  /** Closes the dialog (after a save, Cancel, Esc, the close button). */
  onClose: () => void;
}

export interface RecordDialogState<T> {
  /** What the dialog holds; null while it loads. */
  data: T | null;
  /** Changes what the dialog holds (a grant dialog's checks). */
  setData: Dispatch<SetStateAction<T | null>>;
  /** The load failed (a retry is offered). */
  failed: boolean;
  /** Loads again (the retry button). */
  reload: () => void;
  /** A save is under way: both buttons wait. */
  saving: boolean;
  /** Whether this dialog saves at all (false: view only). */
  saves: boolean;
  /** Prepare, send, say so, close; does nothing while loading, saving, or once saved. */
  submit: () => Promise<void>;
  onClose: () => void;
}

/**
 * The lifecycle every record dialog shares: load what it shows (with a failure and a retry), then on save
 * prepare the body, send it, say so, tell the caller and close. A failed save keeps the dialog open with
 * the user's input and the button ready again; a second Enter while saving, or after the save, sends
 * nothing. Mount it once per opening (see DialogOpenings): each opening starts afresh.
 */
export function useRecordDialog<T, P = T>({ load, initial, prepare, save, success, onSaved, onClose }: RecordDialogOptions<T, P>): RecordDialogState<T> {
  const [data, setData] = useState<T | null>(load ? null : (initial ?? null));
  const [failed, setFailed] = useState(false);
  const [saving, setSaving] = useState(false);
  const [round, setRound] = useState(0);
  // Refs, not state: two Enters in one frame must not send twice.
  const busy = useRef(false);
  const saved = useRef(false);
  // The latest callbacks: an opening keeps its first render's options otherwise.
  const latest = useRef({ load, prepare, save, success, onSaved, onClose });
  latest.current = { load, prepare, save, success, onSaved, onClose };
  const loads = Boolean(load);

  useEffect(() => {
    const loader = latest.current.load;
    if (!loader) return;
    let live = true;
    setFailed(false);
    setData(null);
    loader()
      .then((value) => live && setData(() => value))
      .catch(() => live && setFailed(true));
    return () => {
      live = false;
    };
  }, [loads, round]);

  const submit = useCallback(async () => {
    const { prepare: ready, save: send, success: said, onSaved: after, onClose: close } = latest.current;
    if (!send || data === null || busy.current || saved.current) return;
    busy.current = true;
    let prepared: P | null;
    try {
      prepared = ready ? await ready(data) : (data as unknown as P);
    } catch {
      prepared = null;
    }
    if (prepared === null) {
      busy.current = false;
      return;
    }
    setSaving(true);
    try {
      await send(prepared, data);
    } catch {
      busy.current = false;
      setSaving(false);
      return;
    }
    saved.current = true;
    if (said) toastSuccess(said);
    after?.(prepared, data);
    close();
  }, [data]);

  return { data, setData, failed, reload: () => setRound((r) => r + 1), saving, saves: Boolean(save), submit, onClose };
}
