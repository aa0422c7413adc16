import { CardLink, FigureTile, HomeFigures, HomeSummary, useCan, useTranslation } from '../../../core/sdk/home';
import { visitStatsQuery } from '../chart/stats';
import { Sparkline } from './Sparkline';
import './home.css';

/**
 * The server's own last 30 days (no dates sent: "today" is the server's), read once for both cards: the
 * second card finds the first one's answer in the cache.
 */
const homeStats = { ...visitStatsQuery({}), cacheFor: 60_000 };

/** 今日访客: today's visits and distinct visitors against yesterday's, and the way to the records. */
export function VisitorsTodayCard() {
  const { t } = useTranslation();
  // The records screen's own button: the way there is offered to those who may open it.
  const records = useCan('visit_info_view');
  return (
    <HomeSummary query={homeStats} failed={t('visit.home.loadFailed')}>
      {(stats) => {
        const today = stats.days.at(-1) ?? { pv: 0, uv: 0 };
        const yesterday = stats.days.at(-2) ?? { pv: 0, uv: 0 };
        return (
          <div className="visit-home-today">
            <HomeFigures>
              <FigureTile testId="visit-today-pv" title={t('visit.home.visits')} value={today.pv} yesterday={yesterday.pv} />
              <FigureTile testId="visit-today-uv" title={t('visit.home.visitors')} value={today.uv} yesterday={yesterday.uv} />
            </HomeFigures>
            {records.can && <CardLink to="/visit/info">{t('visit.home.openRecords')}</CardLink>}
          </div>
        );
      }}
    </HomeSummary>
  );
}

/** 近30天访问: the last 30 days' visits as a small line, with their total, and the way to the statistics. */
export function VisitsTrendCard() {
  const { t } = useTranslation();
  return (
    <HomeSummary query={homeStats} failed={t('visit.home.loadFailed')}>
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
    </HomeSummary>
  );
}
