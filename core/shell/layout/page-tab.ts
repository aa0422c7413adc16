import { createContext, use, useCallback, useEffect } from 'react';
import { useNavigate } from 'react-router-dom';
import { tabs } from '../../tabs/tabs';

/** The tab a page is rendered in (its value), given by the layout's panes; null outside the layout. */
export const PageTabContext = createContext<string | null>(null);

/** The key of the history state that asks the layout to put the next page in place of a tab. */
export const REPLACE_TAB = 'replaceTab';

/** The tab to replace, when the location was reached through `useReplaceTab`. */
export function tabToReplace(state: unknown): string | undefined {
  const value = state && typeof state === 'object' ? (state as Record<string, unknown>)[REPLACE_TAB] : undefined;
  return typeof value === 'string' ? value : undefined;
}

/**
 * Tells the page's tab what it shows (a record's name): the tab reads `<its label> · <subject>`, so two
 * open pages of one route are told apart, the label in the language chosen even while the page is
 * hidden. `undefined` (still loading) leaves the tab as it is.
 */
export function useTabSubject(subject: string | undefined): void {
  const value = use(PageTabContext);
  useEffect(() => {
    if (value !== null) tabs.setSubject(value, subject);
  }, [value, subject]);
}

/**
 * A navigation that takes this page's tab over: the page reached opens in its place (a new record's
 * editor moving to the saved record) instead of beside it, and replaces the history entry too.
 */
export function useReplaceTab(): (to: string) => void {
  const value = use(PageTabContext);
  const navigate = useNavigate();
  return useCallback((to: string) => navigate(to, { replace: true, state: value === null ? undefined : { [REPLACE_TAB]: value } }), [navigate, value]);
}

/**
 * Says the page holds changes not saved yet. While it does, its tab carries a mark, closing the tab (its
 * ×, 关闭其他, 关闭全部) asks before the changes are thrown away, and so does closing or reloading the
 * browser's own tab. Switching to another tab loses nothing: the page stays mounted, hidden.
 */
export function useUnsavedChanges(unsaved: boolean): void {
  const value = use(PageTabContext);
  useEffect(() => {
    if (!unsaved || value === null) return;
    tabs.markUnsaved(value, true);
    return () => tabs.markUnsaved(value, false);
  }, [value, unsaved]);
  useEffect(() => {
    if (!unsaved) return;
    const warn = (event: BeforeUnloadEvent) => event.preventDefault();
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [unsaved]);
}
