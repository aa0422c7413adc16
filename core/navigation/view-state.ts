/**
 * A screen's view state in the address (a list's page, size, filters and sort) lives under keys of the
 * form `<name>.<key>` (`list.page`, `child.f.dictKey`): a reload or a shared link keeps it. Those keys are
 * not part of which page it is: a tab stays the same tab while its list pages and filters, and a query
 * the menu gives a page (`?src=`, `?menu=false`) has no dot.
 */
export function isViewStateKey(key: string): boolean {
  return /^[a-zA-Z][\w-]*\./.test(key);
}

/** The search string without the view-state keys (`?a=1` or ''). */
export function withoutViewState(search: string): string {
  const params = new URLSearchParams(search);
  for (const key of [...params.keys()]) if (isViewStateKey(key)) params.delete(key);
  const rest = params.toString();
  return rest ? `?${rest}` : '';
}
