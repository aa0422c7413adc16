import { findMenuItem, type MenuItem } from '../../menu';
import type { RegisteredRoute } from '../../plugin/registry';
import type { Tab } from '../../tabs/tabs';
import { matchRoute, routeTitle } from '../routing';

function split(value: string): { pathname: string; search: string } {
  const index = value.indexOf('?');
  return index < 0 ? { pathname: value, search: '' } : { pathname: value.slice(0, index), search: value.slice(index) };
}

/**
 * The label of a page in the current language: the `name` query (iframe pages), else the menu item's
 * label, else the route's title. Empty when nothing names it.
 */
export function pageLabel(pathname: string, search: string, menu: readonly MenuItem[], routes: readonly RegisteredRoute[]): string {
  const name = new URLSearchParams(search).get('name');
  const item = findMenuItem(menu, pathname, search);
  if (item) return item.label;
  if (name) return name;
  return routeTitle(matchRoute(routes, pathname)?.route);
}

/**
 * A tab's label as shown now: the title its page gave it, else its menu or route label in the current
 * language (the stored label is from when it was opened, maybe in the other language).
 */
export function tabLabel(tab: Tab, menu: readonly MenuItem[], routes: readonly RegisteredRoute[], t: (key: string) => string): string {
  if (tab.meta.i18n) return t(tab.meta.i18n);
  if (tab.title) return tab.title;
  const { pathname, search } = split(tab.value);
  return pageLabel(pathname, search, menu, routes) || tab.label;
}

export { split as splitPath };
