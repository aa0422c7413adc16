import { useMemo, useState } from 'react';
import { asPage, DEFAULT_PAGE_SIZE, query, useListState, useQuery, type CrudList, type Page, type Row, type SearchValues } from '../../../../core/sdk/browser';
import { WORK_BASE } from './api';
import type { WorkListConfig } from './lists';

/** The search bar's values: a category (`flow_1`), a name, and a range of days (`yyyy-MM-dd`). */
export interface WorkSearch {
  category?: string;
  processDefinitionName?: string;
  dates?: [string, string];
}

const DAY_START = ' 00:00:00';
const DAY_END = ' 23:59:59';

/** The bar's values as the contract's filters: `beginDate` / `endDate` as whole days, wall-clock times. */
export function workFilters(values: WorkSearch): Record<string, string> {
  const filters: Record<string, string> = {};
  const category = values.category?.trim();
  const name = values.processDefinitionName?.trim();
  if (category) filters.category = category;
  if (name) filters.processDefinitionName = name;
  const [from, to] = values.dates ?? [];
  if (from) filters.beginDate = from.slice(0, 10) + DAY_START;
  if (to) filters.endDate = to.slice(0, 10) + DAY_END;
  return filters;
}

/** The filters in force as the bar's values (workFilters undone). */
export function workSearchOf(filters: Record<string, string>): WorkSearch {
  const from = filters.beginDate?.slice(0, 10) ?? '';
  const to = filters.endDate?.slice(0, 10) ?? '';
  return {
    category: filters.category || undefined,
    processDefinitionName: filters.processDefinitionName || undefined,
    dates: from || to ? [from, to] : undefined,
  };
}

/**
 * A work list's state as the kit's table reads it: the page, size and filters in the address, the rows
 * from the engine's list keyed by the list's own key (a task's id, an instance's), reloaded whenever
 * a claim, a completion or a start changes the work lists.
 */
export function useWorkList(config: WorkListConfig): CrudList {
  const [state, setState] = useListState('list', config.entity, DEFAULT_PAGE_SIZE);
  const [selectedKeys, setSelectedKeys] = useState<string[]>([]);
  const read = useMemo(
    () =>
      query<Page<Row>>(WORK_BASE, `${WORK_BASE}/${config.action}`, {
        params: { current: state.current, size: state.size, ...state.filters },
        select: (data) => {
          const page = asPage(data as Page<Row> | null);
          return { ...page, records: page.records.map((item) => config.toRow(item)) };
        },
      }),
    [config, state],
  );
  const answer = useQuery(read);
  const rows = answer.failed ? [] : (answer.data?.records ?? []);
  const total = answer.data?.total ?? 0;
  const go = (current: number, size = state.size) => setState({ ...state, current, size });

  return {
    entity: config.entity,
    rows,
    total,
    totalExact: true,
    current: state.current,
    size: state.size,
    paged: true,
    loading: answer.loading,
    failed: answer.failed,
    filters: state.filters,
    searchValues: workSearchOf(state.filters) as SearchValues,
    sort: null,
    selectedKeys,
    selectedRows: rows.filter((row) => selectedKeys.includes(String(row.id))),
    setSelectedKeys,
    search: (values) => setState({ ...state, current: 1, filters: workFilters(values as WorkSearch) }),
    reset: () => setState({ ...state, current: 1, filters: {} }),
    changePage: (current, size) => go(size !== undefined && size !== state.size ? 1 : current, size),
    changeSort: () => undefined,
    reload: answer.reload,
    // A claimed task leaves the list: step back when the page it was on is left empty.
    afterRemove: async (count) => {
      if (state.current > 1 && rows.length <= count) go(state.current - 1);
      else await answer.reload();
    },
    lazy: false,
    expandedKeys: [],
    loadingKeys: [],
    expand: () => undefined,
  };
}
