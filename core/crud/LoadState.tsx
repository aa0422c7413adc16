import type { ReactNode } from 'react';
import { useTranslation } from '../i18n';
import { Button, Result, Spin } from '@arco-design/web-react';
import './locales';
import './crud.css';

export interface LoadStateProps<T> {
  /** The load failed: a warning with a retry button instead of the content. */
  failed: boolean;
  /** The loaded data; null or undefined while it loads. */
  data: T | null | undefined;
  onRetry: () => void;
  /** The content, rendered with the data once it is there. */
  children: (data: T) => ReactNode;
}

/** A load that failed (the toast said why), with a retry. */
export function LoadFailure({ onRetry }: { onRetry: () => void }) {
  const { t } = useTranslation();
  return (
    <Result
      status="warning"
      title={t('crud.loadFailed')}
      extra={
        <Button type="primary" onClick={onRetry}>
          {t('crud.retry')}
        </Button>
      }
    />
  );
}

/** What a dialog shows while its data loads: a spinner, then the content, or the failure with a retry. */
export function LoadState<T>({ failed, data, onRetry, children }: LoadStateProps<T>) {
  const { t } = useTranslation();
  if (failed) return <LoadFailure onRetry={onRetry} />;
  if (data === null || data === undefined) {
    return (
      <div className="ba-crud-dialog-loading">
        <Spin tip={t('crud.loading')} />
      </div>
    );
  }
  return <>{children(data)}</>;
}
