/**
 * How the HTTP layer learns the access token and how it ends a session, without importing the session
 * store (the session calls HTTP, so the dependency runs the other way). The session registers itself.
 */
export interface AuthHooks {
  token: () => string;
  signOut: () => void;
}

let hooks: AuthHooks = { token: () => '', signOut: () => {} };

export function setAuthHooks(next: AuthHooks): void {
  hooks = next;
}

export function authHooks(): AuthHooks {
  return hooks;
}
