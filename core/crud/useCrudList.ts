import { useCallback, useEffect, useEffectEvent, useMemo, useRef, useState } from 'react';
import { useStable } from '../kernel/stable';
import type { EntityDef } from '../schema/entity';
import { entityListQuery } from './api';
import { fetchQuery, queryKey, useQuery } from './data';
import { DEFAULT_PAGE_SIZE, useListState } from './listState';
import { filterParams, listQuery, searchValuesOf, type Filters, type SearchValues, type SortState } from './query';
import type { Row, RowOf } from './rows';

export { PAGE_SIZES, DEFAULT_PAGE_SIZE } from './listState';

export interface CrudListOptions<E extends EntityDef = EntityDef> {
  entity: E;
  /** Query values sent with every call (a parent's id, say). A new object reloads from page 1. */
  params?: Record<string, unknown>;
  /** The list endpoint (default the entity's `list` or `page`). */
  action?: string;
  /** false: the endpoint returns every row (a tree): no paging. */
  paged?: boolean;
  pageSize?: number;
  /** false: nothing is loaded until it is true. */
  enabled?: boolean;
  /**
   * Where the page, size, filters and sort are kept: in the address under `<url>.` (default `list`; two
   * lists on one screen need a name each), or false: only in memory (a list inside a dialog).
   */
  url?: string | false;
  /**
   * A tree loaded level by level (no paging): the list endpoint answers one level, each row saying
   * `hasChildren`, and a row's children are loaded when it is first opened: `true` asks the same endpoint
   * with `parentId=<row id>` (and `params`, not the search filters), a function is a loader of one's own.
   * `rows` is the tree as loaded so far (opened rows carry their `children`). A reload (after a save or a
   * removal) loads the open rows' children again; a new search, sort or `params` starts folded.
   */
  lazy?: boolean | LazyChildren<RowOf<E>>;
}

/** Loads the children of a row of a lazy tree. */
export type LazyChildren<R extends Row = Row> = (row: R) => Promise<R[]>;

export interface CrudList<R extends Row = Row> {
  entity: EntityDef;
  /** The rows (a lazy tree: the loaded levels, open rows with their `children`). */
  rows: R[];
  total: number;
  /** false: more rows match than `total` (the server stopped counting); the pager shows `total+`. */
  totalExact: boolean;
  current: number;
  size: number;
  paged: boolean;
  loading: boolean;
  /** Whether the last load failed (the error toast has been shown): the table offers a retry. */
  failed: boolean;
  /** The filters in force (kept when paging, sorting and reloading). */
  filters: Filters;
  /** The search form's values that give those filters (the form shows them after a reload). */
  searchValues: SearchValues;
  sort: SortState | null;
  selectedKeys: string[];
  selectedRows: R[];
  setSelectedKeys(keys: string[]): void;
  /** Applies the search form's values from page 1. */
  search(values: SearchValues): void;
  /** Clears the filters (and the sort) and loads page 1. */
  reset(): void;
  /** Another page or page size, with the same filters. */
  changePage(current: number, size?: number): void;
  changeSort(sort: SortState | null): void;
  /** The same query again (a retry, the refresh button). Saves and removals reload every view by themselves. */
  reload(): Promise<void>;
  /** After `count` rows were removed: steps back a page when the current one would be empty. */
  afterRemove(count: number): Promise<void>;
  /** Whether this is a lazily loaded tree (`lazy`). */
  lazy: boolean;
  /** Lazy tree: the open rows, and those whose children are being loaded. */
  expandedKeys: string[];
  loadingKeys: string[];
  /** Lazy tree: opens a row (loading its children the first time only) or folds it. */
  expand(row: R, open: boolean): void;
}

const NO_CHILDREN: ReadonlyMap<string, Row[]> = new Map();
const NO_ROWS: Row[] = [];

/** Every row of a tree, depth first. */
function flattenTree<R extends Row>(rows: readonly R[]): R[] {
  return rows.flatMap((row) => [row, ...flattenTree(Array.isArray(row.children) ? (row.children as R[]) : [])]);
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
 * endpoint through the data layer (a save or a removal of the entity anywhere reloads it). The page, size,
 * filters and sort live in the address (see `url`). Unlike Saber, the filters stay in force while paging,
 * and the total is read again after every change. With `lazy`, a tree whose levels load as they are opened.
 */
export function useCrudList<E extends EntityDef>({ entity, params, action, paged: pagedOption = true, pageSize = DEFAULT_PAGE_SIZE, enabled = true, url = 'list', lazy }: CrudListOptions<E>): CrudList<RowOf<E>> {
  type R = RowOf<E>;
  const isLazy = Boolean(lazy);
  const paged = pagedOption && !isLazy;
  const [state, setState] = useListState(url, entity, pageSize);
  const [selectedKeys, setSelectedKeys] = useState<string[]>([]);
  // Lazy tree: children by parent id, the open rows (parents before their children), rows loading.
  const [children, setChildren] = useState<ReadonlyMap<string, Row[]>>(NO_CHILDREN);
  const [expandedKeys, setExpandedKeys] = useState<string[]>([]);
  const [loadingKeys, setLoadingKeys] = useState<string[]>([]);
  // Bumped when a new query starts a new tree: children loaded for an older one are dropped.
  const generation = useRef(0);
  const inFlight = useRef(new Set<string>());

  // New fixed params (another parent selected): page 1 of the new list, filters kept.
  // `params` by value: a new object with the same values is the same list.
  const paramsKey = JSON.stringify(params ?? {});
  const sameParams = useStable(params, paramsKey);
  const lastParams = useRef(paramsKey);
  const startOver = useEffectEvent(() => {
    setSelectedKeys([]);
    if (state.current !== 1) setState({ ...state, current: 1 });
  });
  useEffect(() => {
    if (lastParams.current === paramsKey) return;
    lastParams.current = paramsKey;
    startOver();
  }, [paramsKey]);

  const listRead = useMemo(
    () => entityListQuery(entity, listQuery(entity, { ...state, params: sameParams }, paged), action),
    [entity, state, sameParams, paged, action],
  );
  const request = useQuery(enabled ? listRead : null);
  const page = request.data;
  const rows = (page?.records ?? NO_ROWS) as Row[];
  const key = enabled ? queryKey(listRead) : '';

  // The latest state, for calls that finish after a render (a confirm dialog's delete, a tree's children).
  const latest = useRef({ state, total: page?.total ?? 0, children, expandedKeys, lazy, params });
  latest.current = { state, total: page?.total ?? 0, children, expandedKeys, lazy, params };

  const loadChildrenOf = useCallback(
    (row: Row): Promise<Row[]> => {
      const own = latest.current.lazy;
      if (typeof own === 'function') return own(row as R);
      return fetchQuery(entityListQuery(entity, { ...latest.current.params, parentId: row.id }, action)).then((answer) => answer.records);
    },
    [entity, action],
  );

  // Each answer: a new query's starts a folded tree; the same query's again (a reload, a write elsewhere)
  // loads the open rows' children again, keeping the rows still there open.
  const treeKey = useRef(key);
  const onAnswer = useEffectEvent(() => {
    setSelectedKeys((keys) => {
      const present = flattenTree(isLazy ? attachChildren(rows, latest.current.children) : rows);
      const kept = keys.filter((k) => present.some((row) => row.id === k));
      return kept.length === keys.length ? keys : kept;
    });
    if (!isLazy) return;
    if (treeKey.current !== key) {
      treeKey.current = key;
      generation.current += 1;
      setChildren(NO_CHILDREN);
      setExpandedKeys([]);
      return;
    }
    const { children: before, expandedKeys: open } = latest.current;
    if (open.length === 0) return;
    const gen = generation.current;
    const known = flattenTree(attachChildren(rows, before));
    void Promise.all(
      open.map((id) =>
        loadChildrenOf(known.find((row) => row.id === id) ?? { id }).then(
          (list) => [id, list] as const,
          () => null, // the toast said why; the row is shown folded
        ),
      ),
    ).then((answers) => {
      if (gen !== generation.current) return;
      const fresh = new Map<string, Row[]>();
      for (const answer of answers) if (answer) fresh.set(answer[0], answer[1]);
      // Still open: the rows still in the tree (a removed parent's key goes).
      const reachable = new Set(rows.map((row) => row.id));
      const stillOpen: string[] = [];
      for (const id of open) {
        if (!reachable.has(id) || !fresh.has(id)) continue;
        stillOpen.push(id);
        for (const child of fresh.get(id)!) reachable.add(child.id);
      }
      setChildren(new Map(stillOpen.map((id) => [id, fresh.get(id)!])));
      setExpandedKeys(stillOpen);
    });
  });
  useEffect(() => {
    if (page) onAnswer();
  }, [page]);

  const shown = useMemo(() => (isLazy ? attachChildren(rows, children) : rows) as R[], [isLazy, rows, children]);
  const everyRow = useMemo(() => flattenTree(shown), [shown]);
  const searchValues = useMemo(() => searchValuesOf(entity, state.filters), [entity, state.filters]);

  const expand = (row: R, open: boolean) => {
    const id = row.id;
    if (!isLazy || id === undefined) return;
    if (!open) {
      setExpandedKeys((keys) => keys.filter((k) => k !== id));
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
        if (gen === generation.current) setExpandedKeys((keys) => keys.filter((k) => k !== id));
      })
      .finally(() => {
        inFlight.current.delete(id);
        setLoadingKeys((keys) => keys.filter((k) => k !== id));
      });
  };

  const change = (next: Partial<typeof state>) => setState({ ...latest.current.state, ...next });

  return {
    entity,
    rows: shown,
    total: page?.total ?? 0,
    totalExact: page?.totalExact !== false,
    current: state.current,
    size: state.size,
    paged,
    loading: request.loading,
    failed: request.failed,
    filters: state.filters,
    searchValues,
    sort: state.sort,
    selectedKeys,
    selectedRows: everyRow.filter((row) => row.id !== undefined && selectedKeys.includes(row.id)),
    setSelectedKeys,
    search(values) {
      setSelectedKeys([]);
      change({ current: 1, filters: filterParams(entity, values) });
    },
    reset() {
      setSelectedKeys([]);
      change({ current: 1, filters: {}, sort: null });
    },
    changePage(current, size) {
      const { size: before } = latest.current.state;
      const nextSize = size ?? before;
      // A new page size shows the first page (the old page number may not exist any more).
      change({ size: nextSize, current: nextSize !== before ? 1 : current });
    },
    changeSort(sort) {
      change({ current: 1, sort });
    },
    reload: request.reload,
    async afterRemove(count) {
      setSelectedKeys([]);
      const { state: now, total: before } = latest.current;
      const last = Math.max(1, Math.ceil(Math.max(0, before - count) / now.size));
      if (paged && now.current > last) change({ current: last });
      else await request.reload();
    },
    lazy: isLazy,
    expandedKeys,
    loadingKeys,
    expand,
  };
}
