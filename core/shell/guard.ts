/**
 * The navigation guard of SPEC §2 as a pure function (the Guard component applies it on every location):
 * 1. a token cookie without a token in the store, or the reverse → local sign-out and /login;
 * 2. signed in and locked → anything but the lock page goes to the lock page;
 * 3. signed in and going to /login → /;
 * 4. not signed in → only routes with isAuth=false (and never the lock page), otherwise /login.
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
    if (input.pathname === login) return { logout: false, redirect: '/' };
    return { logout: false, redirect: null };
  }
  if (input.isAuth === false && input.pathname !== input.lockPath) return { logout: false, redirect: null };
  return { logout: false, redirect: login };
}
