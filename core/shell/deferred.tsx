import { Component, lazy, Suspense, useState, type ComponentType, type ReactNode } from 'react';
import { siteConfig } from '../config';
import { toastError } from '../http/toast';
import { i18n } from '../i18n';
import { ChunkLoadError, withTimeout } from './lazy';

type Load<P> = () => Promise<{ default: ComponentType<P> }>;

/** Catches only the code that did not arrive; an error of the component itself goes on to the page's boundary. */
class DeferredBoundary extends Component<{ fallback: ReactNode; onError: () => void; children: ReactNode }, { error: unknown }> {
  state = { error: null as unknown };

  static getDerivedStateFromError(error: unknown) {
    return { error };
  }

  componentDidCatch(error: unknown) {
    if (error instanceof ChunkLoadError) this.props.onError();
  }

  render() {
    const { error } = this.state;
    if (error === null) return this.props.children;
    if (error instanceof ChunkLoadError) return this.props.fallback;
    throw error;
  }
}

/**
 * A component whose code is fetched the first time it is rendered, not with the screen that holds it: a
 * dialog mounted on its first opening, a failure state when the failure happens. The screen's chunk then
 * leaves out what the component brings (a table, a form, illustrations).
 *
 * `fallback` shows while the code arrives and, if it cannot be fetched (a toast says so), instead of it;
 * the next mount fetches again (React.lazy would keep the failure).
 */
export function deferred<P extends object>(load: Load<P>, fallback: (props: P) => ReactNode = () => null): ComponentType<P> {
  const fetchCode = () => withTimeout(load(), siteConfig().chunkTimeout);
  let current = lazy(fetchCode);
  let failed = false;
  const onError = () => {
    failed = true;
    toastError(i18n.t('kernel.chunkFailed'));
  };
  function Deferred(props: P) {
    const [Loaded] = useState(() => {
      if (failed) {
        current = lazy(fetchCode);
        failed = false;
      }
      return current;
    });
    const shown = fallback(props);
    return (
      <DeferredBoundary fallback={shown} onError={onError}>
        <Suspense fallback={shown}>
          <Loaded {...props} />
        </Suspense>
      </DeferredBoundary>
    );
  }
  return Deferred;
}
