import { lazy, type ComponentType, type LazyExoticComponent } from 'react';
import { siteConfig } from '../config';

/** A page chunk that did not arrive: shown by the page boundary with a reload button. */
export class ChunkLoadError extends Error {
  readonly timedOut: boolean;
  constructor(message: string, timedOut: boolean, cause?: unknown) {
    super(message, { cause });
    this.name = 'ChunkLoadError';
    this.timedOut = timedOut;
  }
}

/** Rejects with a ChunkLoadError when `promise` has not settled after `ms`. */
export function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => reject(new ChunkLoadError(`Chunk load timed out after ${ms} ms`, true)), ms);
    promise.then(
      (value) => {
        clearTimeout(timer);
        resolve(value);
      },
      (error: unknown) => {
        clearTimeout(timer);
        reject(error instanceof ChunkLoadError ? error : new ChunkLoadError(error instanceof Error ? error.message : String(error), false, error));
      },
    );
  });
}

interface PageModule<P> {
  default: ComponentType<P>;
}
/** Loads a page's (or the layout's) code: a dynamic `import()` of the module whose default export it is. */
export type PageLoader<P extends object = object> = () => Promise<PageModule<P>>;

// Keyed by the loader function. Values are typed at the boundary (lazyPage, bundledPage), stored untyped:
// one map holds pages of every props type.
const lazyPages = new Map<object, unknown>();
const readyPages = new WeakMap<object, unknown>();
const fetching = new WeakMap<object, Promise<unknown>>();

/** The page's code, fetched once (again after a failure), failing with a ChunkLoadError after chunkTimeout. */
function fetchPage<P extends object>(load: PageLoader<P>): Promise<PageModule<P>> {
  let promise = fetching.get(load) as Promise<PageModule<P>> | undefined;
  if (!promise) {
    promise = withTimeout(load(), siteConfig().chunkTimeout);
    fetching.set(load, promise);
    promise.then(
      (module) => readyPages.set(load, module.default),
      () => fetching.delete(load),
    );
  }
  return promise;
}

/**
 * The loader of a page whose code ships with the chunk that declares it (the entry, for the sign-in
 * page). `lazyPage` hands its component back as it is: nothing suspends, so the page is in the very first
 * render. A lazy page would be asked for only once the entry has run, and React holds a Suspense
 * fallback it has shown for 300 ms before revealing what replaces it.
 */
export function bundledPage<P extends object>(component: ComponentType<P>): PageLoader<P> {
  const load: PageLoader<P> = () => Promise.resolve({ default: component });
  readyPages.set(load, component);
  return load;
}

/**
 * Starts fetching a page's code before it is shown (what the sign-in leads to, while the sign-in request
 * is under way). A page whose code has arrived by its first render renders at once: no fallback, and so
 * none of the 300 ms React holds a shown fallback.
 */
export function preloadPage<P extends object>(load: PageLoader<P>): void {
  if (!readyPages.has(load)) fetchPage(load).catch(() => undefined); // shown later, it fetches again and says why
}

/**
 * The component of a page: its own when its code is already here (bundled, or preloaded and arrived),
 * else one lazy component per loader. Once a lazy one is handed out it stays the answer (a stable
 * identity: re-rendering never remounts or reloads a page).
 */
export function lazyPage<P extends object>(load: PageLoader<P>): ComponentType<P> {
  const handedOut = lazyPages.get(load) as LazyExoticComponent<ComponentType<P>> | undefined;
  if (handedOut) return handedOut;
  const ready = readyPages.get(load) as ComponentType<P> | undefined;
  if (ready) return ready;
  const component = lazy(() => fetchPage(load));
  lazyPages.set(load, component);
  return component;
}

/** Forgets a failed loader so "retry" really fetches again (React.lazy remembers a rejection). */
export function forgetPage<P extends object>(load: PageLoader<P>): void {
  lazyPages.delete(load);
  fetching.delete(load);
}
