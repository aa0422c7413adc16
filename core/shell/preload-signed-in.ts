import type { Registry } from '../plugin/registry';
import { loadMainLayout } from './layout/load-main-layout';
import { preloadPage } from './lazy';
import { isBlank, matchRoute } from './routing';

/**
 * Starts fetching the screen a sign-in leads to, while the sign-in request is under way: the main layout,
 * and the page at `path` when a registered route serves it (the home page; a plugin's page is registered
 * only once the tenant's plugins arrive). The screen then renders as soon as the session allows, with no
 * loading state, and so none of the 300 ms React holds a loading state it has shown.
 */
export function preloadSignedInScreen(registry: Registry | null, path: string): void {
  preloadPage(loadMainLayout);
  const match = registry ? matchRoute(registry.routes(), path.split(/[?#]/)[0]!) : null;
  if (match && !isBlank(match.route)) preloadPage(match.route.load);
}
