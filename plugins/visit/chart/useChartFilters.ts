import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router-dom';
import { DEFAULT_RANGE_DAYS, lastDays, localToday, parseRange, type DateRange } from './range';

/**
 * The address keys, under `chart.`: keys of the form `<name>.<key>` are a screen's view state, so changing
 * them keeps the same tab (a plain `?from=` would make each range a page of its own).
 */
const KEY = { from: 'chart.from', to: 'chart.to', company: 'chart.company', staff: 'chart.staff' } as const;

/** What the statistics screen shows, as its address keeps it: `?chart.from=&chart.to=&chart.company=&chart.staff=`. */
export interface ChartFilters {
  range: DateRange;
  companyId: string;
  staffId: string;
}

export type ChartFiltersChange = Partial<ChartFilters>;

/**
 * The screen's filters, read from and written to the address, so a reload or a shared link opens the
 * same view. Without a range (or with one the call would refuse) it is the last 30 days ending today.
 * Changes replace the address rather than push it: trying ranges does not fill the history.
 */
export function useChartFilters(): [ChartFilters, (change: ChartFiltersChange) => void] {
  const [search, setSearch] = useSearchParams();
  const from = search.get(KEY.from);
  const to = search.get(KEY.to);
  const companyId = search.get(KEY.company) ?? '';
  const staffId = search.get(KEY.staff) ?? '';
  const filters = useMemo<ChartFilters>(
    () => ({ range: parseRange(from, to) ?? lastDays(localToday(), DEFAULT_RANGE_DAYS), companyId, staffId }),
    [from, to, companyId, staffId],
  );
  const change = useCallback(
    (next: ChartFiltersChange) =>
      setSearch(
        (current) => {
          const out = new URLSearchParams(current);
          const put = (key: string, value: string) => (value ? out.set(key, value) : out.delete(key));
          if (next.range) {
            put(KEY.from, next.range.start);
            put(KEY.to, next.range.end);
          }
          if (next.companyId !== undefined) put(KEY.company, next.companyId);
          if (next.staffId !== undefined) put(KEY.staff, next.staffId);
          return out;
        },
        { replace: true },
      ),
    [setSearch],
  );
  return [filters, change];
}
