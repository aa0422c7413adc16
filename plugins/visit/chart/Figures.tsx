import { Skeleton } from '@arco-design/web-react';
import type { ReactNode } from 'react';
import { useTranslation } from '../../../core/sdk/browser';
import { ChangeBadge } from './ChangeBadge';
import { changeOf, type VisitStats } from './stats';

function Figure({ id, title, value, below }: { id: string; title: string; value: ReactNode; below: ReactNode }) {
  return (
    <div className="visit-figure" data-testid={`visit-figure-${id}`}>
      <div className="visit-figure-title">{title}</div>
      <div className="visit-figure-value">{value}</div>
      <div className="visit-figure-below">{below}</div>
    </div>
  );
}

/**
 * The range's figures: visits, distinct visitors and visits per day, the first two against the range of
 * the same length just before (when that answer is in).
 */
export function Figures({ stats, previous }: { stats: VisitStats | undefined; previous: VisitStats | undefined }) {
  const { t, i18n } = useTranslation();
  if (!stats) {
    return (
      <div className="visit-figures" aria-busy="true">
        {[0, 1, 2].map((i) => (
          <div key={i} className="visit-figure">
            <Skeleton animation text={{ rows: 2 }} />
          </div>
        ))}
      </div>
    );
  }
  const number = new Intl.NumberFormat(i18n.language === 'zh' ? 'zh-CN' : 'en-US', { maximumFractionDigits: 1 });
  const days = stats.days.length || 1;
  const versus = (current: number, before: number | undefined) =>
    before === undefined ? null : <ChangeBadge change={changeOf(current, before)} versus={t('visit.chart.vsPrevious')} fromZero={t('visit.chart.changeFromZero')} />;
  return (
    <div className="visit-figures">
      <Figure id="pv" title={t('visit.chart.pv')} value={number.format(stats.totals.pv)} below={versus(stats.totals.pv, previous?.totals.pv)} />
      <Figure
        id="visitors"
        title={t('visit.chart.visitors')}
        value={number.format(stats.totals.visitors)}
        below={versus(stats.totals.visitors, previous?.totals.visitors) ?? t('visit.chart.visitorsHint')}
      />
      <Figure id="per-day" title={t('visit.chart.perDay')} value={number.format(stats.totals.pv / days)} below={t('visit.chart.perDayHint', { days })} />
    </div>
  );
}
