import type { MouseEvent, ReactNode } from 'react';
import { Button, Skeleton } from '@arco-design/web-react';
import { useNavigate } from 'react-router-dom';
import { useCan, useQuery, useTranslation } from '../../../core/sdk/home';
import { ChangeBadge } from '../chart/ChangeBadge';
import { changeOf, visitStatsQuery, type VisitStats } from '../chart/stats';
import { Sparkline } from './Sparkline';
import './home.css';

/**
 * The server's own last 30 days (no dates sent: "today" is the server's), read once for both cards: the
 * second card finds the first one's answer in the cache.
 */
const homeStats = { ...visitStatsQuery({}), cacheFor: 60_000 };

/** A link inside a card that navigates in the app (and still opens in a new tab with a modifier). */
function CardLink({ to, children }: { to: string; children: ReactNode }) {
  const navigate = useNavigate();
  const go = (event: MouseEvent<HTMLAnchorElement>) => {
    if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey) return;
    event.preventDefault();
    navigate(to);
  };
  return (
    <a className="visit-home-link" href={to} onClick={go}>
      {children} →
    </a>
  );
}

/** The card's body once the statistics are in; a skeleton before, the failure with a retry after a failed load. */
function WithStats({ children }: { children: (stats: VisitStats) => ReactNode }) {
  const { t } = useTranslation();
  const stats = useQuery(homeStats);
  if (stats.failed && !stats.data) {
    return (
      <div className="visit-home-failed" role="alert">
        <span>{t('visit.home.loadFailed')}</span>
        <Button size="small" onClick={() => void stats.reload()}>
          {t('visit.home.retry')}
        </Button>
      </div>
    );
  }
  if (!stats.data) {
    return (
      <div role="status" aria-label={t('visit.home.loading')}>
        <Skeleton animation text={{ rows: 2 }} />
      </div>
    );
  }
  return <>{children(stats.data)}</>;
}

function TodayFigure({ id, title, today, yesterday }: { id: string; title: string; today: number; yesterday: number }) {
  const { t } = useTranslation();
  return (
    <div className="visit-home-figure" data-testid={`visit-today-${id}`}>
      <div className="visit-home-figure-title">{title}</div>
      <div className="visit-home-figure-value">{today}</div>
      <div className="visit-home-figure-below">
        <ChangeBadge change={changeOf(today, yesterday)} versus={t('visit.home.vsYesterday')} fromZero={t('visit.home.yesterdayZero')} />
        <span className="visit-home-yesterday">{t('visit.home.yesterday', { count: yesterday })}</span>
      </div>
    </div>
  );
}

/** 今日访客: today's visits and distinct visitors against yesterday's, and the way to the records. */
export function VisitorsTodayCard() {
  const { t } = useTranslation();
  // The records screen's own button: the way there is offered to those who may open it.
  const records = useCan('visit_info_view');
  return (
    <WithStats>
      {(stats) => {
        const today = stats.days.at(-1) ?? { pv: 0, uv: 0 };
        const yesterday = stats.days.at(-2) ?? { pv: 0, uv: 0 };
        return (
          <div className="visit-home-today">
            <div className="visit-home-figures">
              <TodayFigure id="pv" title={t('visit.home.visits')} today={today.pv} yesterday={yesterday.pv} />
              <TodayFigure id="uv" title={t('visit.home.visitors')} today={today.uv} yesterday={yesterday.uv} />
            </div>
            {records.can && <CardLink to="/visit/info">{t('visit.home.openRecords')}</CardLink>}
          </div>
        );
      }}
    </WithStats>
  );
}

/** 近30天访问: the last 30 days' visits as a small line, with their total, and the way to the statistics. */
export function VisitsTrendCard() {
  const { t } = useTranslation();
  return (
    <WithStats>
      {(stats) => {
        const values = stats.days.map((day) => day.pv);
        const peak = stats.days.reduce((best, day) => (day.pv > best.pv ? day : best), stats.days[0] ?? { date: '', pv: 0, uv: 0 });
        const perDay = Math.round((stats.totals.pv / (stats.days.length || 1)) * 10) / 10;
        const label = t('visit.home.sparkLabel', {
          start: stats.startDate,
          end: stats.endDate,
          pv: stats.totals.pv,
          max: peak.pv,
          maxDate: peak.date,
          today: values.at(-1) ?? 0,
        });
        return (
          <div className="visit-home-trend">
            <div className="visit-home-trend-head">
              <strong data-testid="visit-trend-total">{t('visit.home.total', { pv: stats.totals.pv })}</strong>
              <span>{t('visit.home.perDay', { count: perDay })}</span>
              {peak.pv > 0 && <span>{t('visit.home.peak', { count: peak.pv, date: peak.date.slice(5) })}</span>}
            </div>
            <Sparkline values={values} label={label} />
            <div className="visit-home-trend-axis" aria-hidden="true">
              <span>{stats.startDate.slice(5)}</span>
              <span>{stats.endDate.slice(5)}</span>
            </div>
            <CardLink to="/visit/chart">{t('visit.home.openChart')}</CardLink>
          </div>
        );
      }}
    </WithStats>
  );
}
