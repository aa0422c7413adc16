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

/** `流程设计 · 请假流程`: a page's label followed by what it shows. */
export function withSubject(label: string, subject: string | undefined): string {
  return subject ? `${label} · ${subject}` : label;
}

/**
 * A tab's label as shown now: its menu or route label in the current language (the stored label is from
 * when it was opened, maybe in the other language), then what its page shows when it said so.
 */
export function tabLabel(tab: Tab, menu: readonly MenuItem[], routes: readonly RegisteredRoute[], t: (key: string) => string): string {
  if (tab.meta.i18n) return t(tab.meta.i18n);
  const { pathname, search } = split(tab.value);
  return withSubject(pageLabel(pathname, search, menu, routes) || tab.label, tab.subject);
}

export { split as splitPath };
