import { Component, type ReactNode } from 'react';
import { i18n } from '../i18n';
import { ChunkLoadError } from './lazy';

interface Props {
  children: ReactNode;
  /** Changing it clears a shown error (another page was opened). */
  resetKey?: string;
  onRetry?: () => void;
}

interface State {
  error: unknown;
  resetKey?: string;
}

/**
 * Keeps a failing page inside its own frame: a chunk that did not load offers a reload, a page that
 * threw shows a notice (React reports the error to the root's onCaughtError, i.e. the error log).
 */
export class PageBoundary extends Component<Props, State> {
  state: State = { error: null, resetKey: this.props.resetKey };

  static getDerivedStateFromError(error: unknown): Partial<State> {
    return { error };
  }

  static getDerivedStateFromProps(props: Props, state: State): Partial<State> | null {
    return props.resetKey !== state.resetKey ? { error: null, resetKey: props.resetKey } : null;
  }

  render() {
    const { error } = this.state;
    if (!error) return this.props.children;
    const chunk = error instanceof ChunkLoadError;
    const retry = () => {
      if (this.props.onRetry) this.props.onRetry();
      else window.location.reload();
    };
    // Plain markup, not Arco's Result or Button: this boundary is in the entry chunk, Arco is not.
    return (
      <div className="ba-page-error" role="alert">
        <h2>{i18n.t(chunk ? 'kernel.chunkFailed' : 'kernel.pageCrashed')}</h2>
        <p>{chunk && error.timedOut ? i18n.t('kernel.chunkTimeout') : i18n.t(chunk ? 'kernel.chunkFailedDetail' : 'kernel.pageCrashedDetail')}</p>
        <button type="button" className="ba-page-error-retry" onClick={retry}>
          {i18n.t('kernel.retry')}
        </button>
      </div>
    );
  }
}
