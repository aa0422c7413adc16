import { useCallback, useMemo, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { useStable } from '../kernel/stable';
import type { EntityDef } from '../schema/entity';
import { filterKeys, type Filters, type SortState } from './query';

export const PAGE_SIZES = [10, 30, 50, 100, 200] as const;
export const DEFAULT_PAGE_SIZE = 10;

/** What a list shows besides its fixed params: the page, its size, the filters and the sort. */
export interface ListState {
  current: number;
  size: number;
  filters: Filters;
  sort: SortState | null;
}

/**
 * The list state from the address, under `<prefix>.`: `page`, `size`, `sort` (`field`, or `-field`
 * descending) and each filter as `f.<filter key>`. Whatever the entity does not offer is ignored (a link
 * edited by hand): a size not among PAGE_SIZES, a sort on a field that is not sortable, an unknown filter.
 */
export function readListState(search: URLSearchParams, prefix: string, entity: EntityDef, pageSize: number): ListState {
  const at = (key: string) => search.get(`${prefix}.${key}`);
  const page = Number(at('page'));
  const size = Number(at('size'));
  const sortValue = at('sort') ?? '';
  const sortField = sortValue.replace(/^-/, '');
  const allowed = filterKeys(entity);
  const filters: Filters = {};
  const filterPrefix = `${prefix}.f.`;
  for (const [key, value] of search) {
    if (!key.startsWith(filterPrefix)) continue;
    const name = key.slice(filterPrefix.length);
    if (allowed.has(name) && value !== '') filters[name] = value;
  }
  return {
    current: Number.isInteger(page) && page > 0 ? page : 1,
    size: (PAGE_SIZES as readonly number[]).includes(size) ? size : pageSize,
    filters,
    sort: entity.fields[sortField]?.sortable ? { field: sortField, order: sortValue.startsWith('-') ? 'desc' : 'asc' } : null,
  };
}

/** The address's search with the list state under `<prefix>.` (defaults left out: a plain list has a plain address). */
export function writeListState(search: URLSearchParams, prefix: string, state: ListState, pageSize: number): URLSearchParams {
  const next = new URLSearchParams(search);
  for (const key of [...next.keys()]) if (key.startsWith(`${prefix}.`)) next.delete(key);
  if (state.current !== 1) next.set(`${prefix}.page`, String(state.current));
  if (state.size !== pageSize) next.set(`${prefix}.size`, String(state.size));
  if (state.sort) next.set(`${prefix}.sort`, `${state.sort.order === 'desc' ? '-' : ''}${state.sort.field}`);
  for (const [key, value] of Object.entries(state.filters)) next.set(`${prefix}.f.${key}`, value);
  return next;
}

/**
 * A list's page, size, filters and sort: in the address under `<prefix>.` (a reload or a shared link
 * keeps them; two lists on one screen take a prefix each), or only in memory with `prefix` false (a list
 * inside a dialog). Needs a router.
 */
export function useListState(prefix: string | false, entity: EntityDef, pageSize: number): [ListState, (next: ListState) => void] {
  const [search, setSearch] = useSearchParams();
  const [memory, setMemory] = useState<ListState>(() => ({ current: 1, size: pageSize, filters: {}, sort: null }));
  // Only this list's keys decide whether its state changed (another list's keys are another list's).
  const own = prefix === false ? '' : [...search].filter(([key]) => key.startsWith(`${prefix}.`)).map(([key, value]) => `${key}=${value}`).join('&');
  const ownSearch = useStable(search, own);
  const state = useMemo(() => (prefix === false ? null : readListState(ownSearch, prefix, entity, pageSize)), [ownSearch, prefix, entity, pageSize]);
  const set = useCallback(
    (next: ListState) => {
      if (prefix === false) setMemory(next);
      // Replaced, not pushed: paging through a list does not fill the browser's history.
      else setSearch((current) => writeListState(current, prefix, next, pageSize), { replace: true });
    },
    [setSearch, prefix, pageSize],
  );
  return [state ?? memory, set];
}
