import { findMenuItem, type MenuItem } from '../menu';
import type { MenuDecl } from '../schema/manifest';
import type { RegisteredRoute } from '../plugin/registry';
import type { BrowserPlugin } from '../plugin/types';
import type { MenuState } from '../session/session';

/**
 * The navigation guard as a pure function (the Guard component applies it on every location):
 * 1. a token cookie without a token in the store, or the reverse → local sign-out and /login;
 * 2. signed in and locked → anything but the lock page goes to the lock page;
 * 3. signed in as a guest (a third-party sign-in no account is bound to) → only the registration page;
 *    a signed-in user who is no guest has nothing to do there → /;
 * 4. signed in and going to /login → /; to the lock page while nothing is locked → / too;
 * 5. not signed in → only routes with isAuth=false (and never the lock page), otherwise /login.
 */
export interface GuardInput {
  pathname: string;
  /** The route's meta.isAuth (false: public). Unknown paths count as needing a sign-in. */
  isAuth: boolean;
  /** The access-token cookie is present. */
  hasCookie: boolean;
  /** The session store holds a token. */
  hasToken: boolean;
  isLock: boolean;
  lockPath: string;
  loginPath?: string;
  /** Signed in through a third-party account with no system account behind it. */
  isGuest?: boolean;
  registerPath?: string;
}

export interface GuardDecision {
  /** Sign out locally first (the stored session is inconsistent). */
  logout: boolean;
  /** Where to go instead, or null to show the requested page. */
  redirect: string | null;
}

export function guard(input: GuardInput): GuardDecision {
  const login = input.loginPath ?? '/login';
  if (input.hasCookie !== input.hasToken) {
    return { logout: true, redirect: input.pathname === login ? null : login };
  }
  const signedIn = input.hasToken;
  if (signedIn) {
    if (input.isLock && input.pathname !== input.lockPath) return { logout: false, redirect: input.lockPath };
    const register = input.registerPath ?? '/register';
    if (input.isGuest) return { logout: false, redirect: input.pathname === register ? null : register };
    if (input.pathname === register) return { logout: false, redirect: '/' };
    if (input.pathname === login) return { logout: false, redirect: '/' };
    if (input.pathname === input.lockPath && !input.isLock) return { logout: false, redirect: '/' };
    return { logout: false, redirect: null };
  }
  if (input.isAuth === false && input.pathname !== input.lockPath) return { logout: false, redirect: null };
  return { logout: false, redirect: login };
}

/** May the signed-in user open the screen at a location: yes, not yet known, or no (the 403 page). */
export type MenuAccess = 'granted' | 'pending' | 'denied';

export interface MenuAccessInput {
  /** The registered route serving the location (none: not a plugin's screen). */
  route: RegisteredRoute | undefined;
  pathname: string;
  search: string;
  /** The registered plugins: a route is a menu screen when its plugin declares a menu at its path. */
  plugins: readonly BrowserPlugin[];
  /** The signed-in user's menu and how far loading it got. */
  menu: readonly MenuItem[];
  menuState: MenuState;
}

function declaredPaths(menus: readonly MenuDecl[] | undefined, into: Set<string>): Set<string> {
  for (const menu of menus ?? []) {
    into.add(menu.path);
    // A one-level menu `/x` is served at `/x/index`.
    into.add(`${menu.path.replace(/\/+$/, '')}/index`);
    declaredPaths(menu.children, into);
  }
  return into;
}

/**
 * A plugin's screen that one of its menus leads to is for the users whose menu lists it: anyone else who
 * reaches it by its address gets the 403 page, not the screen with the server's refusals over empty data.
 * Other routes (a detail page, the kernel's own pages: home, personal info) are not menu-bound. While the
 * menu loads the answer is pending; when it failed to load the screen is shown, as the server still
 * refuses what the user may not read.
 */
export function menuAccess(input: MenuAccessInput): MenuAccess {
  const { route } = input;
  if (!route || route.pluginId === 'shell') return 'granted';
  const plugin = input.plugins.find((p) => p.id === route.pluginId);
  if (!plugin || !declaredPaths(plugin.menus, new Set()).has(route.path)) return 'granted';
  if (input.menuState === 'idle' || input.menuState === 'loading') return 'pending';
  if (input.menuState === 'error') return 'granted';
  return findMenuItem(input.menu, input.pathname, input.search) ? 'granted' : 'denied';
}
