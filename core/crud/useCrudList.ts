import { useCallback, useEffect, useRef, useState } from 'react';
import type { EntityDef } from '../schema/entity';
import { fetchList } from './api';
import { filterParams, listQuery, type Filters, type Row, type SearchValues, type SortState } from './query';

export const PAGE_SIZES = [10, 30, 50, 100, 200] as const;
export const DEFAULT_PAGE_SIZE = 10;

export interface CrudListOptions {
  entity: EntityDef;
  /** Query values sent with every call (a parent's id, say). A new object reloads from page 1. */
  params?: Record<string, unknown>;
  /** The list endpoint (default the entity's `list` or `page`). */
  action?: string;
  /** false: the endpoint returns every row (a tree): no paging. */
  paged?: boolean;
  pageSize?: number;
  /** false: nothing is loaded until `reload` or `search` is called (or `params` is set). */
  enabled?: boolean;
}

export interface CrudList {
  entity: EntityDef;
  rows: Row[];
  total: number;
  current: number;
  size: number;
  paged: boolean;
  loading: boolean;
  /** Whether the last load failed (the error toast has been shown). */
  failed: boolean;
  /** The filters in force (kept when paging, sorting and reloading). */
  filters: Filters;
  sort: SortState | null;
  selectedKeys: string[];
  selectedRows: Row[];
  setSelectedKeys(keys: string[]): void;
  /** Applies the search form's values from page 1. */
  search(values: SearchValues): void;
  /** Clears the filters (and the sort) and loads page 1. */
  reset(): void;
  /** Another page or page size, with the same filters. */
  changePage(current: number, size?: number): void;
  changeSort(sort: SortState | null): void;
  /** The same query again (after add or edit: the total follows). */
  reload(): Promise<void>;
  /** After `count` rows were removed: reloads, stepping back when the current page would be empty. */
  afterRemove(count: number): Promise<void>;
}

interface Query {
  current: number;
  size: number;
  filters: Filters;
  sort: SortState | null;
  params?: Record<string, unknown>;
}

/**
 * The state of a list screen: rows, paging, filters, sort and selection, loaded from the entity's list
 * endpoint. Unlike Saber, the filters stay in force while paging, and the total is read again after every
 * change (add, edit, delete).
 */
export function useCrudList({ entity, params, action, paged = true, pageSize = DEFAULT_PAGE_SIZE, enabled = true }: CrudListOptions): CrudList {
  const [query, setQuery] = useState<Query>(() => ({ current: 1, size: pageSize, filters: {}, sort: null, params }));
  const [rows, setRows] = useState<Row[]>([]);
  const [total, setTotal] = useState(0);
  const [loading, setLoading] = useState(enabled);
  const [failed, setFailed] = useState(false);
  const [selectedKeys, setSelectedKeys] = useState<string[]>([]);
  const seq = useRef(0);

  // New fixed params (another parent selected): page 1 of the new list, filters kept.
  const paramsKey = JSON.stringify(params ?? {});
  const lastParams = useRef(paramsKey);
  useEffect(() => {
    if (lastParams.current === paramsKey) return;
    lastParams.current = paramsKey;
    setSelectedKeys([]);
    setQuery((q) => ({ ...q, current: 1, params }));
  }, [paramsKey]);

  const load = useCallback(
    async (q: Query) => {
      const mine = ++seq.current;
      setLoading(true);
      try {
        const page = await fetchList(entity, listQuery(entity, q, paged), action);
        if (mine !== seq.current) return; // a newer query answered (or will)
        setRows(page.records);
        setTotal(page.total);
        setFailed(false);
        setSelectedKeys((keys) => keys.filter((key) => page.records.some((row) => row.id === key)));
      } catch {
        if (mine === seq.current) setFailed(true);
      } finally {
        if (mine === seq.current) setLoading(false);
      }
    },
    [entity, paged, action],
  );

  useEffect(() => {
    if (enabled) void load(query);
    else setLoading(false);
  }, [query, load, enabled]);

  const apply = (next: (q: Query) => Query) => setQuery((q) => next(q));
  // The latest state, for calls that finish after a render (a confirm dialog's delete, a save).
  const latest = useRef({ query, total });
  latest.current = { query, total };

  return {
    entity,
    rows,
    total,
    current: query.current,
    size: query.size,
    paged,
    loading,
    failed,
    filters: query.filters,
    sort: query.sort,
    selectedKeys,
    selectedRows: rows.filter((row) => row.id !== undefined && selectedKeys.includes(row.id)),
    setSelectedKeys,
    search(values) {
      setSelectedKeys([]);
      apply((q) => ({ ...q, current: 1, filters: filterParams(entity, values) }));
    },
    reset() {
      setSelectedKeys([]);
      apply((q) => ({ ...q, current: 1, filters: {}, sort: null }));
    },
    changePage(current, size) {
      apply((q) => {
        const nextSize = size ?? q.size;
        // A new page size shows the first page (the old page number may not exist any more).
        return { ...q, size: nextSize, current: nextSize !== q.size ? 1 : current };
      });
    },
    changeSort(sort) {
      apply((q) => ({ ...q, current: 1, sort }));
    },
    reload() {
      return enabled ? load(latest.current.query) : Promise.resolve();
    },
    async afterRemove(count) {
      setSelectedKeys([]);
      const { query: q, total: before } = latest.current;
      const last = Math.max(1, Math.ceil(Math.max(0, before - count) / q.size));
      if (paged && q.current > last) apply((prev) => ({ ...prev, current: last }));
      else if (enabled) await load(q);
    },
  };
}
