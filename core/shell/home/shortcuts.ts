import { itemPathname, type MenuItem } from '../../menu';

export interface Shortcut {
  item: MenuItem;
  /** The name of the menu it sits under (名片管理 for 员工信息); null for a top-level entry. */
  group: string | null;
}

/**
 * The screens the home page offers as shortcuts: the user's menu leaves in menu order, each with the
 * name of the menu it sits under (a person knows "员工信息 in 名片管理", not a route path), leaving out
 * the paths the page itself already links to (home, personal info).
 */
export function homeShortcuts(menu: readonly MenuItem[], skip: readonly string[], limit: number): Shortcut[] {
  const shortcuts: Shortcut[] = [];
  const walk = (items: readonly MenuItem[], group: string | null) => {
    for (const item of items) {
      if (shortcuts.length >= limit) return;
      if (item.children.length > 0) walk(item.children, item.label);
      else if (item.external || !skip.includes(itemPathname(item))) shortcuts.push({ item, group });
    }
  };
  walk(menu, null);
  return shortcuts;
}
