import { useState } from 'react';
import { DatePicker, Message, Radio, Select, type RangePickerProps } from '@arco-design/web-react';
import { query, REFERENCE_CACHE_MS, useQuery, useTranslation } from '../../../core/sdk/browser';
import { isDate, localToday, MAX_RANGE_DAYS, PRESETS, presetOf, presetRange, rangeDays } from './range';
import type { ChartFilters, ChartFiltersChange } from './useChartFilters';

type PickerDay = Parameters<NonNullable<RangePickerProps['disabledDate']>>[0];

interface Choice {
  id: string;
  name: string;
}

/** Rows of a choices endpoint: an array, or a page's `records`. */
function choices(data: unknown): Choice[] {
  const rows = Array.isArray(data) ? data : ((data as { records?: unknown[] } | null)?.records ?? []);
  return (rows as Record<string, unknown>[]).filter((row) => row && row.id !== undefined).map((row) => ({ id: String(row.id), name: String(row.name ?? row.id) }));
}

// The card plugin's selector endpoints (names only, open to any member of the tenant).
const companyChoices = query('/api/company/information', '/api/company/information/list', { cacheFor: REFERENCE_CACHE_MS, silent: true, select: choices });
const staffChoices = (companyId: string) =>
  query('/api/staff/info', '/api/staff/info/list', { params: companyId ? { companyId } : undefined, cacheFor: REFERENCE_CACHE_MS, silent: true, select: choices });

export interface ChartFiltersBarProps {
  filters: ChartFilters;
  onChange: (change: ChartFiltersChange) => void;
  /** Names the statistics already gave (a staff member picked from the chart before the choices came). */
  knownStaff: ReadonlyMap<string, string>;
  mode: 'chart' | 'table';
  onMode: (mode: 'chart' | 'table') => void;
}

/**
 * The statistics' filters: quick ranges, any range up to 366 days ending today at the latest (the picker
 * refuses the days beyond once one end is chosen), a company, and a staff member of that company.
 */
export function ChartFiltersBar({ filters, onChange, knownStaff, mode, onMode }: ChartFiltersBarProps) {
  const { t } = useTranslation();
  const today = localToday();
  const companies = useQuery(companyChoices);
  const staff = useQuery(staffChoices(filters.companyId));
  // The end picked first while the other is being chosen: no day further than the longest range from it.
  const [anchor, setAnchor] = useState<string | null>(null);

  const disabledDate = (day: PickerDay) => {
    const date = day.format('YYYY-MM-DD');
    if (date > today) return true;
    if (!anchor) return false;
    const [start, end] = date < anchor ? [date, anchor] : [anchor, date];
    return rangeDays({ start, end }) > MAX_RANGE_DAYS;
  };

  const pickRange = (dates: string[] | undefined) => {
    setAnchor(null);
    const [start, end] = dates ?? [];
    if (!start || !end || !isDate(start) || !isDate(end)) return;
    const range = start <= end ? { start, end } : { start: end, end: start };
    if (rangeDays(range) > MAX_RANGE_DAYS) {
      Message.warning(t('visit.chart.rangeTooLong', { max: MAX_RANGE_DAYS }));
      return;
    }
    onChange({ range });
  };

  const staffOptions = staff.data ?? [];
  // The chosen person stays named even when the list does not (yet) have them.
  const staffShown =
    filters.staffId && !staffOptions.some((s) => s.id === filters.staffId)
      ? [...staffOptions, { id: filters.staffId, name: knownStaff.get(filters.staffId) ?? filters.staffId }]
      : staffOptions;

  return (
    <div className="visit-filters" role="search" aria-label={t('visit.chart.range')}>
      <Radio.Group
        type="button"
        aria-label={t('visit.chart.presets')}
        value={presetOf(filters.range, today) ?? ''}
        onChange={(preset: (typeof PRESETS)[number]) => onChange({ range: presetRange(preset, today) })}
      >
        {PRESETS.map((preset) => (
          <Radio key={preset} value={preset}>
            {t(`visit.chart.${preset}`)}
          </Radio>
        ))}
      </Radio.Group>
      <DatePicker.RangePicker
        className="visit-range"
        aria-label={t('visit.chart.range')}
        format="YYYY-MM-DD"
        allowClear={false}
        value={[filters.range.start, filters.range.end]}
        placeholder={[t('visit.chart.rangeStart'), t('visit.chart.rangeEnd')]}
        disabledDate={disabledDate}
        onSelect={(dates) => {
          const picked = (dates ?? []).filter(Boolean);
          setAnchor(picked.length === 1 ? picked[0]! : null);
        }}
        onVisibleChange={(visible) => !visible && setAnchor(null)}
        onChange={pickRange}
      />
      <Select
        className="visit-select"
        aria-label={t('visit.chart.company')}
        placeholder={companies.failed ? t('visit.chart.choicesFailed') : t('visit.chart.allCompanies')}
        allowClear
        showSearch
        filterOption={(input, option) => String((option as { props?: { children?: unknown } }).props?.children ?? '').toLowerCase().includes(input.toLowerCase())}
        loading={companies.loading}
        value={filters.companyId || undefined}
        // Another company: the person chosen may not work there.
        onChange={(value?: string) => onChange({ companyId: value ?? '', staffId: '' })}
        options={(companies.data ?? []).map((c) => ({ value: c.id, label: c.name }))}
      />
      <Select
        className="visit-select"
        aria-label={t('visit.chart.staff')}
        placeholder={staff.failed ? t('visit.chart.choicesFailed') : t('visit.chart.allStaff')}
        allowClear
        showSearch
        filterOption={(input, option) => String((option as { props?: { children?: unknown } }).props?.children ?? '').toLowerCase().includes(input.toLowerCase())}
        loading={staff.loading}
        value={filters.staffId || undefined}
        onChange={(value?: string) => onChange({ staffId: value ?? '' })}
        options={staffShown.map((s) => ({ value: s.id, label: s.name }))}
      />
      <Radio.Group type="button" className="visit-mode" aria-label={t('visit.chart.viewAs')} value={mode} onChange={onMode}>
        <Radio value="chart">{t('visit.chart.showChart')}</Radio>
        <Radio value="table">{t('visit.chart.showTable')}</Radio>
      </Radio.Group>
    </div>
  );
}
