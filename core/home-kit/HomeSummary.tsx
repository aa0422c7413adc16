import type { ReactNode } from 'react';
import { Button, Skeleton } from '@arco-design/web-react';
import { useQuery, type Query } from '../crud/data';
import { useTranslation } from '../i18n';
import './messages';
import './home-kit.css';

export interface HomeSummaryProps<T> {
  /** The card's summary call (cards sharing one query share one call: the second finds the answer cached). */
  query: Query<T>;
  /** What failed, in the card's words (商城数据加载失败). */
  failed: string;
  children: (data: T) => ReactNode;
}

/**
 * A card's body once its summary is in: a skeleton before, the failure with a retry inside the card after
 * a failed first load (a later failure keeps the last figures shown).
 */
export function HomeSummary<T>({ query, failed, children }: HomeSummaryProps<T>) {
  const { t } = useTranslation();
  const summary = useQuery(query);
  if (summary.failed && summary.data === undefined) {
    return (
      <div className="ba-card-failed" role="alert">
        <span>{failed}</span>
        <Button size="small" onClick={() => void summary.reload()}>
          {t('homeKit.retry')}
        </Button>
      </div>
    );
  }
  if (summary.data === undefined) {
    return (
      <div role="status" aria-label={t('homeKit.loading')}>
        <Skeleton animation text={{ rows: 2 }} />
      </div>
    );
  }
  return <>{children(summary.data)}</>;
}
