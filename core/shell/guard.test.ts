import { guard, type GuardInput } from './guard';

const base: GuardInput = { pathname: '/wel/index', isAuth: true, hasCookie: true, hasToken: true, isLock: false, lockPath: '/lock' };
const at = (patch: Partial<GuardInput>) => guard({ ...base, ...patch });

describe('the navigation guard', () => {
  it('rule 1: not signed in → only isAuth=false routes, everything else to /login', () => {
    const out = { hasCookie: false, hasToken: false };
    expect(at({ ...out, pathname: '/wel/index' })).toEqual({ logout: false, redirect: '/login' });
    expect(at({ ...out, pathname: '/unknown/path' })).toEqual({ logout: false, redirect: '/login' });
    for (const pathname of ['/login', '/404', '/403', '/500']) {
      expect(at({ ...out, pathname, isAuth: false })).toEqual({ logout: false, redirect: null });
    }
    // The lock page means nothing without a session.
    expect(at({ ...out, pathname: '/lock', isAuth: false }).redirect).toBe('/login');
  });

  it('rule 2: signed in and locked → every route but /lock goes to /lock', () => {
    expect(at({ isLock: true }).redirect).toBe('/lock');
    expect(at({ isLock: true, pathname: '/login', isAuth: false }).redirect).toBe('/lock');
    expect(at({ isLock: true, pathname: '/404', isAuth: false }).redirect).toBe('/lock');
    expect(at({ isLock: true, pathname: '/lock', isAuth: false })).toEqual({ logout: false, redirect: null });
  });

  it('rule 3: signed in and going to /login → /', () => {
    expect(at({ pathname: '/login', isAuth: false })).toEqual({ logout: false, redirect: '/' });
    expect(at({ pathname: '/test/index' })).toEqual({ logout: false, redirect: null });
  });

  it('rule 4: a token cookie without a stored token (or the reverse) → local sign-out and /login', () => {
    expect(at({ hasCookie: true, hasToken: false })).toEqual({ logout: true, redirect: '/login' });
    expect(at({ hasCookie: false, hasToken: true })).toEqual({ logout: true, redirect: '/login' });
    expect(at({ hasCookie: false, hasToken: true, pathname: '/login', isAuth: false })).toEqual({ logout: true, redirect: null });
  });
});
