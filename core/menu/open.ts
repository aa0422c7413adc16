import type { MenuItem } from './types';

/**
 * Opens a menu item: external items in a new window (no opener, so the other site cannot script this
 * one), everything else — routes and iframe host paths alike — through the router.
 */
export function openMenuItem(item: MenuItem, navigate: (to: string) => void): void {
  if (item.external) {
    window.open(item.path, '_blank', 'noopener,noreferrer');
    return;
  }
  if (item.path) navigate(item.path);
}
