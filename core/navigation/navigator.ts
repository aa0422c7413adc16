/**
 * The one way non-React kernel code (the HTTP pipeline on a 401, the session on sign-out, the storage
 * listener when another browser tab signs out) changes the route. The App binds React Router's
 * `navigate` here once it is mounted, so these moves are client-side navigations, never
 * `window.location` reloads that would throw away every open tab's state.
 */
export type NavigateFn = (to: string, options?: { replace?: boolean }) => void;

let current: NavigateFn | null = null;
/** Moves requested before the router was mounted; the last one wins when it mounts. */
let pending: { to: string; replace?: boolean } | null = null;

export function setNavigator(fn: NavigateFn | null): void {
  current = fn;
  if (fn && pending) {
    const { to, replace } = pending;
    pending = null;
    fn(to, { replace });
  }
}

export function navigateTo(to: string, options: { replace?: boolean } = {}): void {
  if (current) current(to, options);
  else pending = { to, replace: options.replace };
}
