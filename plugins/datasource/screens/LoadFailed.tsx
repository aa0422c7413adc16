import { Button, Result } from '@arco-design/web-react';
import { useTranslation } from '../../../core/sdk/browser';

/** A load that failed, with the server's reason (a refused connection, a wrong password) and a retry. */
export function LoadFailed({ reason, onRetry }: { reason: string; onRetry: () => void }) {
  const { t } = useTranslation();
  return (
    <Result
      status="warning"
      title={t('crud.loadFailed')}
      subTitle={reason}
      extra={
        <Button type="primary" onClick={onRetry}>
          {t('crud.retry')}
        </Button>
      }
    />
  );
}
