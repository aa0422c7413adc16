import { useEffect, useState } from 'react';

export interface DialogOpening<S> {
  /** The opening being shown (or closing): render the dialog with `key={opening.key}`; null: render nothing. */
  opening: { key: number; state: S } | null;
  /** Whether that opening is still the open one (false while it animates out). */
  visible: boolean;
  /** Pass to the modal's `afterClose`: forgets the opening once it is gone. */
  afterClose: () => void;
}

/**
 * Each opening of a dialog as a fresh instance (a new key, so a fresh form), kept mounted while it closes
 * (its animation) even when the caller already cleared `state`.
 */
export function useDialogOpenings<S>(state: S | null): DialogOpening<S> {
  const [opening, setOpening] = useState<{ key: number; state: S } | null>(null);
  useEffect(() => {
    if (state) setOpening((prev) => ({ key: (prev?.key ?? 0) + 1, state }));
  }, [state]);
  return {
    opening,
    visible: opening !== null && state !== null && state === opening.state,
    afterClose: () => setOpening((prev) => (prev?.state === opening?.state ? null : prev)),
  };
}
