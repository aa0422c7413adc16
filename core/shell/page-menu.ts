import { findMenuItem, type MenuItem } from '../menu';
import { withoutViewState } from '../navigation/view-state';
import { tabs } from '../tabs/tabs';

function byId(menu: readonly MenuItem[], id: string): MenuItem | undefined {
  for (const item of menu) {
    if (item.id === id) return item;
    const found = byId(item.children, id);
    if (found) return found;
  }
  return undefined;
}

/**
 * The menu item a page belongs to: its own, else (a page no menu lists: a record's editor, a task's form)
 * the one its tab was opened from. Undefined when neither is in the menu shown.
 */
export function pageMenuItem(menu: readonly MenuItem[], pathname: string, search: string): MenuItem | undefined {
  const own = findMenuItem(menu, pathname, search);
  if (own) return own;
  const value = `${pathname}${withoutViewState(search)}`;
  const from = tabs.list.find((tab) => tab.value === value)?.menuId;
  return from === undefined ? undefined : byId(menu, from);
}
