import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
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
  /**
   * A tree loaded level by level (no paging): the list endpoint answers one level, each row saying
   * `hasChildren`, and a row's children are loaded when it is first opened: `true` asks the same endpoint
   * with `parentId=<row id>` (and `params`, not the search filters), a function is a loader of one's own.
   * `rows` is the tree as loaded so far (opened rows carry their `children`). A reload (after a save or a
   * removal) loads the open rows' children again; a new search, sort or `params` starts folded.
   */
  lazy?: boolean | LazyChildren;
}

/** Loads the children of a row of a lazy tree. */
export type LazyChildren = (row: Row) => Promise<Row[]>;

export interface CrudList {
  entity: EntityDef;
  /** The rows (a lazy tree: the loaded levels, open rows with their `children`). */
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
  /** Whether this is a lazily loaded tree (`lazy`). */
  lazy: boolean;
  /** Lazy tree: the open rows, and those whose children are being loaded. */
  expandedKeys: string[];
  loadingKeys: string[];
  /** Lazy tree: opens a row (loading its children the first time only) or folds it. */
  expand(row: Row, open: boolean): void;
}

interface Query {
  current: number;
  size: number;
  filters: Filters;
  sort: SortState | null;
  params?: Record<string, unknown>;
}

const NO_CHILDREN: ReadonlyMap<string, Row[]> = new Map();

/** Every row of a tree, depth first. */
function flattenTree(rows: readonly Row[]): Row[] {
  return rows.flatMap((row) => [row, ...flattenTree(Array.isArray(row.children) ? (row.children as Row[]) : [])]);
}

/**
 * A lazy tree's rows with the loaded children attached: a row whose children are loaded carries them
 * (none: neither `children` nor `hasChildren`), a row that has some not yet loaded carries `children: []`
 * (the table's cue for an expand button).
 */
function attachChildren(rows: readonly Row[], loaded: ReadonlyMap<string, Row[]>): Row[] {
  return rows.map((row) => {
    const { children: _server, ...rest } = row;
    const mine = row.id !== undefined ? loaded.get(row.id) : undefined;
    if (mine) return mine.length > 0 ? { ...rest, children: attachChildren(mine, loaded) } : { ...rest, hasChildren: false };
    return row.hasChildren === true ? { ...rest, children: [] } : rest;
  });
}

/**
 * The state of a list screen: rows, paging, filters, sort and selection, loaded from the entity's list
 * endpoint. Unlike Saber, the filters stay in force while paging, and the total is read again after every
 * change (add, edit, delete). With `lazy`, a tree whose levels load as they are opened.
 */
export function useCrudList({ entity, params, action, paged: pagedOption = true, pageSize = DEFAULT_PAGE_SIZE, enabled = true, lazy }: CrudListOptions): CrudList {
  const isLazy = Boolean(lazy);
  const paged = pagedOption && !isLazy;
  const [query, setQuery] = useState<Query>(() => ({ current: 1, size: pageSize, filters: {}, sort: null, params }));
  const [rows, setRows] = useState<Row[]>([]);
  const [total, setTotal] = useState(0);
  const [loading, setLoading] = useState(enabled);
  const [failed, setFailed] = useState(false);
  const [selectedKeys, setSelectedKeys] = useState<string[]>([]);
  // Lazy tree: children by parent id, the open rows (parents before their children), rows loading.
  const [children, setChildren] = useState<ReadonlyMap<string, Row[]>>(NO_CHILDREN);
  const [expandedKeys, setExpandedKeys] = useState<string[]>([]);
  const [loadingKeys, setLoadingKeys] = useState<string[]>([]);
  const seq = useRef(0);
  // Bumped when a new query starts a new tree: children loaded for an older one are dropped.
  const generation = useRef(0);
  const inFlight = useRef(new Set<string>());

  // New fixed params (another parent selected): page 1 of the new list, filters kept.
  const paramsKey = JSON.stringify(params ?? {});
  const lastParams = useRef(paramsKey);
  useEffect(() => {
    if (lastParams.current === paramsKey) return;
    lastParams.current = paramsKey;
    setSelectedKeys([]);
    setQuery((q) => ({ ...q, current: 1, params }));
  }, [paramsKey]);

  // The latest state, for calls that finish after a render (a confirm dialog's delete, a save).
  const latest = useRef({ query, total, children, expandedKeys, lazy });
  latest.current = { query, total, children, expandedKeys, lazy };

  const loadChildrenOf = useCallback(
    (row: Row): Promise<Row[]> => {
      const own = latest.current.lazy;
      if (typeof own === 'function') return own(row);
      return fetchList(entity, { ...latest.current.query.params, parentId: row.id }, action).then((page) => page.records);
    },
    [entity, action],
  );

  const load = useCallback(
    async (q: Query, keepTree: boolean) => {
      const mine = ++seq.current;
      setLoading(true);
      try {
        const page = await fetchList(entity, listQuery(entity, q, paged), action);
        if (mine !== seq.current) return; // a newer query answered (or will)
        let present = page.records;
        if (isLazy && !keepTree) {
          generation.current += 1;
          setChildren(NO_CHILDREN);
          setExpandedKeys([]);
        } else if (isLazy) {
          // The same query again: the open rows' children are loaded again (they may have changed too).
          const { children: before, expandedKeys: open } = latest.current;
          const known = flattenTree(attachChildren(page.records, before));
          const answers = await Promise.all(
            open.map(async (id) => {
              try {
                return [id, await loadChildrenOf(known.find((row) => row.id === id) ?? { id })] as const;
              } catch {
                return null; // the toast said why; the row is shown folded
              }
            }),
          );
          if (mine !== seq.current) return;
          const fresh = new Map<string, Row[]>();
          for (const answer of answers) if (answer) fresh.set(answer[0], answer[1]);
          // Still open: the rows still in the tree (a removed parent's key goes).
          const reachable = new Set(page.records.map((row) => row.id));
          const stillOpen: string[] = [];
          for (const id of open) {
            if (!reachable.has(id) || !fresh.has(id)) continue;
            stillOpen.push(id);
            for (const child of fresh.get(id)!) reachable.add(child.id);
          }
          const kept = new Map(stillOpen.map((id) => [id, fresh.get(id)!]));
          setChildren(kept);
          setExpandedKeys(stillOpen);
          present = flattenTree(attachChildren(page.records, kept));
        }
        setRows(page.records);
        setTotal(page.total);
        setFailed(false);
        setSelectedKeys((keys) => keys.filter((key) => present.some((row) => row.id === key)));
      } catch {
        if (mine === seq.current) setFailed(true);
      } finally {
        if (mine === seq.current) setLoading(false);
      }
    },
    [entity, paged, action, isLazy, loadChildrenOf],
  );

  useEffect(() => {
    if (enabled) void load(query, false);
    else setLoading(false);
  }, [query, load, enabled]);

  const apply = (next: (q: Query) => Query) => setQuery((q) => next(q));
  const shown = useMemo(() => (isLazy ? attachChildren(rows, children) : rows), [isLazy, rows, children]);
  const everyRow = useMemo(() => flattenTree(shown), [shown]);

  const expand = (row: Row, open: boolean) => {
    const id = row.id;
    if (!isLazy || id === undefined) return;
    if (!open) {
      setExpandedKeys((keys) => keys.filter((key) => key !== id));
      return;
    }
    setExpandedKeys((keys) => (keys.includes(id) ? keys : [...keys, id]));
    if (latest.current.children.has(id) || inFlight.current.has(id)) return; // loaded once, or on its way
    const gen = generation.current;
    inFlight.current.add(id);
    setLoadingKeys((keys) => [...keys, id]);
    loadChildrenOf(row)
      .then((list) => {
        if (gen === generation.current) setChildren((map) => new Map(map).set(id, list));
      })
      .catch(() => {
        // The toast said why: the row folds again, and opening it again tries again.
        if (gen === generation.current) setExpandedKeys((keys) => keys.filter((key) => key !== id));
      })
      .finally(() => {
        inFlight.current.delete(id);
        setLoadingKeys((keys) => keys.filter((key) => key !== id));
      });
  };

  return {
    entity,
    rows: shown,
    total,
    current: query.current,
    size: query.size,
    paged,
    loading,
    failed,
    filters: query.filters,
    sort: query.sort,
    selectedKeys,
    selectedRows: everyRow.filter((row) => row.id !== undefined && selectedKeys.includes(row.id)),
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
      return enabled ? load(latest.current.query, true) : Promise.resolve();
    },
    async afterRemove(count) {
      setSelectedKeys([]);
      const { query: q, total: before } = latest.current;
      const last = Math.max(1, Math.ceil(Math.max(0, before - count) / q.size));
      if (paged && q.current > last) apply((prev) => ({ ...prev, current: last }));
      else if (enabled) await load(q, true);
    },
    lazy: isLazy,
    expandedKeys,
    loadingKeys,
    expand,
  };
}
