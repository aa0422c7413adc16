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

type Loader = () => Promise<{ default: ComponentType }>;
const cache = new Map<Loader, LazyExoticComponent<ComponentType>>();
const bundled = new WeakMap<Loader, ComponentType>();

/**
 * The loader of a page whose code ships with the chunk that declares it (the entry, for the sign-in
 * page). `lazyPage` hands its component back as it is: nothing suspends, so the page is in the very first
 * render. A lazy page would be asked for only once the entry has run, and React holds a Suspense
 * fallback it has shown for 300 ms before revealing what replaces it.
 */
export function bundledPage(component: ComponentType): Loader {
  const load: Loader = () => Promise.resolve({ default: component });
  bundled.set(load, component);
  return load;
}

/**
 * One lazy component per loader (a stable identity: re-rendering never reloads a page), failing with a
 * ChunkLoadError after siteConfig().chunkTimeout; a bundled page's own component.
 */
export function lazyPage(load: Loader): ComponentType {
  const own = bundled.get(load);
  if (own) return own;
  let component = cache.get(load);
  if (!component) {
    component = lazy(() => withTimeout(load(), siteConfig().chunkTimeout));
    cache.set(load, component);
  }
  return component;
}

/** Forgets a failed loader so "retry" really fetches again (React.lazy remembers a rejection). */
export function forgetPage(load: Loader): void {
  cache.delete(load);
}
