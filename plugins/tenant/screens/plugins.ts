import { type LocalText, query, REFERENCE_CACHE_MS, useQuery } from '../../../core/sdk/browser';

/** An installed plugin, as `GET /api/blade-system/plugin/list` describes it. */
export interface PluginInfo {
  id: string;
  name: LocalText;
  requires: string[];
}

export interface PluginCatalogue {
  items: PluginInfo[] | null;
  failed: boolean;
  reload: () => void;
}

// Silent: the column falls back to ids, and the dialog says it could not load them. The installed
// plugins change only with a restart: kept a while.
const catalogueQuery = query('/api/blade-system/plugin', '/api/blade-system/plugin/list', {
  silent: true,
  cacheFor: REFERENCE_CACHE_MS,
  select: (data): PluginInfo[] => (Array.isArray(data) ? (data as PluginInfo[]) : []),
});

/** The installed plugins (for the plugins column and the settings dialog). */
export function usePluginCatalogue(): PluginCatalogue {
  const { data, failed, reload } = useQuery(catalogueQuery);
  return { items: data ?? null, failed, reload: () => void reload() };
}

/**
 * A change of the checked plugins, with their dependencies kept whole: unchecking a plugin unchecks those
 * that need it, and what the checked ones need is checked with them (the server refuses a set without
 * them). `added` and `dropped` are what the rule changed beyond the user's own click, to be said.
 */
export function choosePlugins(catalogue: readonly PluginInfo[], previous: readonly string[], next: readonly string[]): { chosen: string[]; added: string[]; dropped: string[] } {
  const known = new Set(catalogue.map((p) => p.id));
  const requires = new Map(catalogue.map((p) => [p.id, p.requires.filter((r) => known.has(r))]));
  const needs = (id: string, target: string, seen = new Set<string>()): boolean =>
    (requires.get(id) ?? []).some((r) => r === target || (!seen.has(r) && (seen.add(r), needs(r, target, seen))));
  const removed = previous.filter((id) => !next.includes(id));
  const chosen = new Set(next.filter((id) => known.has(id)));
  const dropped: string[] = [];
  for (const id of [...chosen]) {
    if (removed.some((r) => needs(id, r))) {
      chosen.delete(id);
      dropped.push(id);
    }
  }
  const added: string[] = [];
  const pull = (id: string) => {
    for (const r of requires.get(id) ?? []) {
      if (chosen.has(r)) continue;
      chosen.add(r);
      added.push(r);
      pull(r);
    }
  };
  for (const id of [...chosen]) pull(id);
  const order = (ids: Iterable<string>) => catalogue.map((p) => p.id).filter((id) => new Set(ids).has(id));
  return { chosen: order(chosen), added: order(added), dropped: order(dropped) };
}
