import { hitCacheBySource, invalidateCache } from 'alova';
import { useWatcher } from 'alova/client';
import { reaction } from 'mobx';
import { useEffect, useRef, useState } from 'react';
import { alova, requestMethod, withQuery, type Params, type R } from '../http';
import { useStable } from '../kernel/stable';
import type { EntityDef } from '../schema/entity';
import { session } from '../session/session';

/**
 * The browser's data layer. Every read names the resource it reads: the API base of the entity it
 * belongs to (`/api/blade-system/param`). A write to a resource (the kit's save and remove, or a screen's
 * own call followed by `invalidateResource`) drops that resource's cached reads and makes every mounted
 * view of it (lists, details, selects, dictionaries) ask again. Caching, sharing of identical calls and
 * the cache invalidation are alova's (a read is a named Method with `cacheFor`, `shareRequest` and a
 * `hitSource`); the hooks are alova's `useWatcher`.
 */

/** The resource an entity's calls belong to: its API base. */
export function resourceKey(entity: Pick<EntityDef, 'api'> | string): string {
  return typeof entity === 'string' ? entity : entity.api.base;
}

/** How long reference data (dictionaries, the options of a select) is kept: the next mount after asks again. */
export const REFERENCE_CACHE_MS = 10 * 60_000;

/** One read: `GET <url>?<params>`, part of `resource`. */
export interface Query<T> {
  resource: string;
  url: string;
  params?: Params;
  /** Milliseconds the answer is kept for the next view asking (default 0: each view asks the server). */
  cacheFor?: number;
  /** From the envelope's `data` to what the view keeps (default: `data` as it is). */
  select?: (data: unknown) => T;
  /** No toast on failure: the view says it (options a user may not be allowed to read). */
  silent?: boolean;
}

/** Builds a query, typing what it gives. */
export function query<T>(resource: string, url: string, options: Omit<Query<T>, 'resource' | 'url'> = {}): Query<T> {
  return { resource, url, ...options };
}

/** The key a query is known by: its URL with its query string. */
export function queryKey(q: Pick<Query<unknown>, 'url' | 'params'>): string {
  return withQuery(q.url, q.params);
}

/** The name of a resource's writes: a read's `hitSource`, so alova drops the read when a write succeeds. */
const writeName = (resource: string) => `write ${resource}`;

function readMethod<T>(q: Query<T>) {
  const select = q.select ?? ((data: unknown) => data as T);
  return requestMethod<T>('GET', q.url, undefined, { params: q.params, silent: q.silent }, {
    name: `read ${q.resource}`,
    cacheFor: q.cacheFor ?? 0,
    hitSource: writeName(q.resource),
    shareRequest: true,
    transform: (body: R<unknown>) => select(body?.data ?? null),
  });
}

/** Reads once, outside a component: from alova's cache while it is kept, one request for concurrent callers. */
export function fetchQuery<T>(q: Query<T>): Promise<T> {
  return readMethod(q).send() as Promise<T>;
}

// Views mounted per resource, told when it changes. Not a cache: each entry is a mounted view's
// subscription, removed when the view unmounts.
const views = new Map<string, Set<() => void>>();

function watchResource(resource: string, refresh: () => void): () => void {
  let set = views.get(resource);
  if (!set) views.set(resource, (set = new Set()));
  set.add(refresh);
  return () => {
    set.delete(refresh);
    if (set.size === 0) views.delete(resource);
  };
}

/**
 * A resource changed (after a write): its cached reads are dropped and every mounted view of it asks
 * again. The kit's `saveRow` and `removeRows` call it; a screen's own write names the resource it wrote.
 */
export async function invalidateResource(resource: string | Pick<EntityDef, 'api'>): Promise<void> {
  const key = resourceKey(resource);
  // A Method that is never sent, carrying the writes' name: alova drops every read whose hitSource it is.
  await hitCacheBySource(alova.Post(key, undefined, { name: writeName(key) }));
  for (const refresh of [...(views.get(key) ?? [])]) refresh();
}

// Cached answers belong to the signed-in user of one tenant: another sign-in starts with none.
reaction(
  () => `${session.userInfo?.tenant_id ?? ''}/${session.userInfo?.user_id ?? ''}`,
  () => void invalidateCache(),
);

export interface QueryState<T> {
  /** The last answer (kept while a new one loads or when it fails); undefined before the first. */
  data: T | undefined;
  loading: boolean;
  /** The last load failed (the HTTP pipeline's toast said why). */
  failed: boolean;
  /** Asks again (a retry, a refresh button); resolves when the answer is in, never rejects. */
  reload: () => Promise<void>;
}

/**
 * A read bound to a component: loads when mounted and whenever the query's key changes, keeps the last
 * answer, and loads again when its resource changes. `null`: nothing is asked (a dialog not open yet).
 */
export function useQuery<T>(q: Query<T> | null): QueryState<T> {
  const key = q ? queryKey(q) : '';
  // The last real query: alova's hook needs a Method even when the current query is null (then skipped).
  const latest = useRef(q);
  if (q) latest.current = q;
  const active = useRef(q !== null);
  active.current = q !== null;
  const request = useWatcher(() => readMethod(latest.current!), [key], {
    immediate: q !== null,
    middleware: (_context, next) => (active.current ? next() : Promise.resolve(undefined)),
  });
  const reload = () => (active.current ? request.send().then(noop, noop) : Promise.resolve());
  const reloadRef = useRef(reload);
  reloadRef.current = reload;
  const resource = q?.resource;
  useEffect(() => (resource ? watchResource(resource, () => void reloadRef.current()) : undefined), [resource]);
  return { data: request.data as T | undefined, loading: q !== null && request.loading, failed: q !== null && request.error !== undefined, reload };
}

const noop = () => {};

export interface QueriesState<T> {
  /** The answers by the queries' keys (`queryKey`), those that arrived. */
  data: Record<string, T>;
  loading: boolean;
  failed: boolean;
}

/**
 * Several reads of the same kind at once (the dictionaries of a form's fields): each from alova's cache
 * or one shared request, again when its resource changes. A failed read is left out (and asked again by
 * the next view).
 */
export function useQueries<T>(queries: readonly Query<T>[]): QueriesState<T> {
  const current = useStable(queries, queries.map(queryKey).join('\n'));
  const [state, setState] = useState<QueriesState<T>>({ data: {}, loading: queries.length > 0, failed: false });
  const [round, setRound] = useState(0);

  useEffect(() => {
    let live = true;
    setState((prev) => ({ ...prev, loading: current.length > 0 }));
    void Promise.allSettled(current.map(fetchQuery)).then((answers) => {
      if (!live) return;
      const data: Record<string, T> = {};
      answers.forEach((answer, i) => {
        if (answer.status === 'fulfilled') data[queryKey(current[i]!)] = answer.value;
      });
      setState({ data, loading: false, failed: answers.some((a) => a.status === 'rejected') });
    });
    return () => {
      live = false;
    };
  }, [current, round]);

  const resources = [...new Set(current.map((q) => q.resource))].join('\n');
  useEffect(() => {
    const refresh = () => setRound((r) => r + 1);
    const stops = resources ? resources.split('\n').map((resource) => watchResource(resource, refresh)) : [];
    return () => stops.forEach((stop) => stop());
  }, [resources]);

  return state;
}
