import { useTranslation } from '../../../core/sdk/home';
import { formatPercent, type Change } from './stats';
import './change.css';

export interface ChangeBadgeProps {
  change: Change;
  /** What it compares with: 较上一周期 / vs yesterday. */
  versus: string;
  /** Said instead when the figure it compares with was 0 (it names that figure). */
  fromZero: string;
}

/** ▲ 12.5% / ▼ 3% / 持平 against an earlier figure; the arrow's meaning is in the text too. */
export function ChangeBadge({ change, versus, fromZero }: ChangeBadgeProps) {
  const { t, i18n } = useTranslation();
  const language = i18n.language;
  const [arrow, text] =
    change.kind === 'up'
      ? ['▲', formatPercent(change.ratio, language)]
      : change.kind === 'down'
        ? ['▼', formatPercent(change.ratio, language)]
        : change.kind === 'fromZero'
          ? ['▲', fromZero]
          : ['', t('visit.chart.changeSame')];
  const spoken =
    change.kind === 'up' || change.kind === 'down'
      ? t(change.kind === 'up' ? 'visit.chart.changeUp' : 'visit.chart.changeDown', { percent: text })
      : text;
  // "Up from 0" already says what it compares with.
  const comparedWith = change.kind === 'fromZero' ? null : versus;
  return (
    <span className={`visit-change visit-change-${change.kind}`} data-testid="visit-change" aria-label={comparedWith ? `${comparedWith} ${spoken}` : spoken}>
      <span aria-hidden="true">
        {arrow && <span className="visit-change-arrow">{arrow}</span>}
        {text}
      </span>
      {comparedWith && (
        <span className="visit-change-versus" aria-hidden="true">
          {comparedWith}
        </span>
      )}
    </span>
  );
}
