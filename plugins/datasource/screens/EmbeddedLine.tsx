import { Button, Spin } from '@arco-design/web-react';
import { IconStorage } from '@arco-design/web-react/icon';
import { EMBEDDED_DATASOURCE_ID, useTranslation } from '../../../core/sdk/browser';
import { testConnection } from './api';
import { useLoad } from './useLoad';

/** Above the list: the server's own database, always a datasource of the tools: what it runs on, and its tables. */
export function EmbeddedLine({ onTables }: { onTables: () => void }) {
  const { t } = useTranslation();
  const product = useLoad('embedded', () => testConnection({ id: EMBEDDED_DATASOURCE_ID }));
  return (
    <div className="ds-embedded" role="region" aria-label={t('datasource.embedded')}>
      <IconStorage className="ds-embedded-icon" />
      <strong>{t('datasource.embedded')}</strong>
      <span className="ds-muted">
        {product.data ? (
          t('datasource.runsOn', { product: product.data.product })
        ) : product.error !== null ? (
          <>
            {product.error}{' '}
            <Button type="text" size="mini" onClick={product.reload}>
              {t('crud.retry')}
            </Button>
          </>
        ) : (
          <Spin size={12} />
        )}
      </span>
      <span className="ds-embedded-gap" />
      <Button size="small" onClick={onTables} data-testid="datasource-embedded-tables">
        {t('datasource.tables')}
      </Button>
    </div>
  );
}
