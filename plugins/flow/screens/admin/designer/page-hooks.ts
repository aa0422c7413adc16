import { useEffect, useEffectEvent, type RefObject } from 'react';

/**
 * Ctrl+S (⌘S) saves while the page is the one shown: the layout keeps other tabs' pages mounted but
 * hidden, and the browser's own "save page" is not what the author wants here.
 */
export function useSaveShortcut(root: RefObject<HTMLElement | null>, save: () => void): void {
  const onKey = useEffectEvent((event: KeyboardEvent) => {
    if (!(event.ctrlKey || event.metaKey) || event.key.toLowerCase() !== 's') return;
    const shown = root.current !== null && root.current.getClientRects().length > 0;
    if (!shown) return;
    event.preventDefault();
    save();
  });
  useEffect(() => {
    const listener = (event: KeyboardEvent) => onKey(event);
    window.addEventListener('keydown', listener);
    return () => window.removeEventListener('keydown', listener);
  }, []);
}

