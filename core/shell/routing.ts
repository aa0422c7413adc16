import { matchRoutes } from 'react-router-dom';
import { localText } from '../i18n';
import type { RegisteredRoute } from '../plugin/registry';

export interface RouteMatch {
  route: RegisteredRoute;
  params: Record<string, string>;
}

/**
 * The registered route serving `pathname`, ranked as React Router ranks them (a static path beats a
 * dynamic one), or null.
 */
export function matchRoute(routes: readonly RegisteredRoute[], pathname: string): RouteMatch | null {
  const matches = matchRoutes(
    routes.map((route, index) => ({ id: String(index), path: route.path })),
    pathname,
  );
  const last = matches?.[matches.length - 1];
  if (!last) return null;
  const route = routes[Number(last.route.id)];
  if (!route) return null;
  const params: Record<string, string> = {};
  for (const [key, value] of Object.entries(last.params)) if (value !== undefined) params[key] = value;
  return { route, params };
}

export function isBlank(route: RegisteredRoute): boolean {
  return route.layout === 'blank';
}

/** The route's declared title in the current language ('' when it has none). */
export function routeTitle(route: RegisteredRoute | undefined): string {
  return route?.meta?.title ? localText(route.meta.title) : '';
}

/** `<label>-<product>`, or the product title alone. */
export function documentTitle(label: string, product: string): string {
  return label ? `${label}-${product}` : product;
}
