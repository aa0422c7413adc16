import { useEffect, useRef, type RefObject } from 'react';

/**
 * The keyboard's focus follows an upload control: onto its cancel button (the progress bar's) when an
 * upload starts, back onto `idleSelector` (the control's upload button) when it ends, unless the user
 * has gone elsewhere meanwhile.
 */
export function useUploadFocus(root: RefObject<HTMLElement | null>, busy: boolean, idleSelector: string): void {
  const wasBusy = useRef(busy);
  useEffect(() => {
    const here = root.current;
    if (!here || wasBusy.current === busy) return;
    wasBusy.current = busy;
    const active = document.activeElement;
    if (active && active !== document.body && !here.contains(active)) return;
    here.querySelector<HTMLButtonElement>(busy ? '.ba-upload-progress button' : idleSelector)?.focus();
  }, [root, busy, idleSelector]);
}
