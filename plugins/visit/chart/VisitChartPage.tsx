import { useMemo, useState, type ReactNode } from 'react';
import { observer } from 'mobx-react-lite';
import { Button, Card, Empty, Result, Skeleton, Spin } from '@arco-design/web-react';
import type { G2Spec } from '@antv/g2';
import { useKernel, useQuery, useTranslation, type TFunction } from '../../../core/sdk/browser';
import { G2Chart } from '../../../core/sdk/chart';
import { ChartFiltersBar } from './ChartFiltersBar';
import { Figures } from './Figures';
import { previousRange } from './range';
import { chartPalette, sourcesSpec, topStaffSpec, trendSpec, type SourceSlice } from './specs';
import { SourcesTable, TopStaffTable, TrendTable } from './StatsTables';
import { visitStatsQuery, type VisitStats } from './stats';
import { useChartFilters } from './useChartFilters';
import './chart.css';

interface ChartPanelProps {
  id: string;
  title: string;
  extra?: ReactNode;
  mode: 'chart' | 'table';
  spec: G2Spec;
  dark: boolean;
  label: string;
  table: ReactNode;
  onElementClick?: (datum: Record<string, unknown>) => void;
  className?: string;
}

/** One chart in its card; the same figures as a table when asked, or when the chart cannot be drawn. */
function ChartPanel({ id, title, extra, mode, spec, dark, label, table, onElementClick, className }: ChartPanelProps) {
  const { t } = useTranslation();
  const [broken, setBroken] = useState(false);
  const asTable = mode === 'table' || broken;
  return (
    <Card className={`visit-card visit-panel ${className ?? ''}`} bordered={false} title={title} extra={extra} data-testid={`visit-panel-${id}`}>
      {broken && mode === 'chart' && <div className="visit-chart-note">{t('visit.chart.chartFailed')}</div>}
      {asTable ? table : <G2Chart spec={spec} dark={dark} label={label} onElementClick={onElementClick} onFailed={() => setBroken(true)} />}
    </Card>
  );
}

const listOf = (t: TFunction, parts: string[]) => parts.join(t('visit.chart.listSeparator'));

/** What each chart shows, in a sentence a screen reader reads instead of the canvas. */
function summaries(stats: VisitStats, slices: SourceSlice[], t: TFunction) {
  const busiest = stats.days.reduce((best, day) => (day.pv > best.pv ? day : best), stats.days[0] ?? { date: '', pv: 0, uv: 0 });
  const total = slices.reduce((sum, s) => sum + s.count, 0) || 1;
  return {
    trend: t('visit.chart.trendLabel', {
      start: stats.startDate,
      end: stats.endDate,
      pv: stats.totals.pv,
      uv: stats.totals.visitors,
      max: busiest.pv,
      maxDate: busiest.date,
    }),
    sources: t('visit.chart.sourcesLabel', { parts: listOf(t, slices.map((s) => `${s.name} ${s.count} (${Math.round((s.count / total) * 100)}%)`)) }),
    topStaff: t('visit.chart.topStaffLabel', { parts: listOf(t, stats.topStaff.map((s) => `${s.staffName} ${s.count}`)) }),
  };
}

/**
 * /visit/chart, 访客统计: visits per day, their sources and the staff most visited, for a date range and
 * optionally one company or one staff member, kept in the address. The charts follow the theme and the
 * language; each has a summary for screen readers and a table view with the same figures.
 */
const VisitChartPage = observer(function VisitChartPage() {
  const { t } = useTranslation();
  const { preferences } = useKernel();
  const [filters, change] = useChartFilters();
  const [mode, setMode] = useState<'chart' | 'table'>('chart');
  const { range, companyId, staffId } = filters;
  const stats = useQuery(visitStatsQuery({ startDate: range.start, endDate: range.end, companyId, staffId }));
  const before = previousRange(range);
  // Only for the comparison: when it fails the figures simply show no change (no second message).
  const previous = useQuery({ ...visitStatsQuery({ startDate: before.start, endDate: before.end, companyId, staffId }), silent: true });
  const dark = preferences.dark;
  const color = preferences.color;
  const data = stats.data;

  const drawn = useMemo(() => {
    if (!data) return null;
    const palette = chartPalette(color, dark);
    const slices: SourceSlice[] = data.sources.map((s) => ({ ...s, name: t(`visit.chart.sourceNames.${s.source}`) }));
    const count = t('visit.chart.count');
    return {
      slices,
      trend: trendSpec(data.days, { pv: t('visit.chart.pv'), uv: t('visit.chart.uv'), date: t('visit.chart.date') }, palette),
      sources: sourcesSpec(slices, palette, count),
      topStaff: topStaffSpec(data.topStaff, palette, count),
      labels: summaries(data, slices, t),
    };
    // `t` is fixed per language, so a new language is a new `t`.
  }, [data, color, dark, t]);

  const knownStaff = useMemo(() => new Map((data?.topStaff ?? []).map((s) => [s.staffId, s.staffName])), [data]);
  const filtered = Boolean(companyId || staffId);

  let body: ReactNode;
  if (stats.failed && !data) {
    body = (
      <Card className="visit-card" bordered={false}>
        <Result
          status="warning"
          title={t('visit.chart.loadFailed')}
          extra={
            <Button type="primary" onClick={() => void stats.reload()}>
              {t('visit.chart.retry')}
            </Button>
          }
        />
      </Card>
    );
  } else if (!data || !drawn) {
    body = (
      <>
        <Figures stats={undefined} previous={undefined} />
        <Card className="visit-card" bordered={false}>
          <div className="visit-loading" role="status" aria-label={t('visit.chart.loading')}>
            <Skeleton animation text={{ rows: 6 }} />
          </div>
        </Card>
      </>
    );
  } else if (data.totals.pv === 0) {
    body = (
      <Card className="visit-card" bordered={false}>
        <Empty
          className="visit-empty"
          description={
            <>
              <div>{t('visit.chart.empty')}</div>
              <div className="visit-empty-hint">{t('visit.chart.emptyHint')}</div>
            </>
          }
        />
        {filtered && (
          <div className="visit-empty-action">
            <Button onClick={() => change({ companyId: '', staffId: '' })}>{t('visit.chart.clearFilters')}</Button>
          </div>
        )}
      </Card>
    );
  } else {
    body = (
      <>
        <Figures stats={data} previous={previous.data} />
        <ChartPanel
          id="trend"
          title={t('visit.chart.trend')}
          mode={mode}
          spec={drawn.trend}
          dark={dark}
          label={drawn.labels.trend}
          table={<TrendTable days={data.days} />}
        />
        <div className="visit-panels">
          <ChartPanel
            id="sources"
            title={t('visit.chart.sources')}
            mode={mode}
            spec={drawn.sources}
            dark={dark}
            label={drawn.labels.sources}
            table={<SourcesTable slices={drawn.slices} />}
          />
          <ChartPanel
            id="top-staff"
            title={t('visit.chart.topStaff')}
            extra={<span className="visit-panel-hint">{t('visit.chart.topStaffHint')}</span>}
            mode={mode}
            spec={drawn.topStaff}
            dark={dark}
            label={drawn.labels.topStaff}
            table={<TopStaffTable staff={data.topStaff} />}
            onElementClick={(datum) => datum.staffId !== undefined && change({ staffId: String(datum.staffId) })}
          />
        </div>
      </>
    );
  }

  return (
    <div className="visit-chart-page" data-testid="visit-chart-page">
      <Card className="visit-card" bordered={false}>
        <ChartFiltersBar filters={filters} onChange={change} knownStaff={knownStaff} mode={mode} onMode={setMode} />
      </Card>
      <Spin loading={stats.loading && Boolean(data)} block className="visit-reloading">
        {body}
      </Spin>
    </div>
  );
});

export default VisitChartPage;
