import { http, HttpError, toastError } from '../http';
import { i18n } from '../i18n';
import type { PluginLoaderOptions } from './loader';
import type { BrowserPlugin } from './types';

/** `GET /api/blade-system/plugin/enabled`: the plugin ids the signed-in user's tenant has. */
export const ENABLED_PLUGINS_URL = '/api/blade-system/plugin/enabled';

/** The server's answer, or null (every installed plugin) when it does not know the endpoint. */
export async function fetchEnabledPlugins(): Promise<readonly string[] | null> {
  try {
    const res = await http.get<string[] | null>(ENABLED_PLUGINS_URL, { silent: true });
    return Array.isArray(res.data) ? res.data.filter((id): id is string => typeof id === 'string') : [];
  } catch (error) {
    if (error instanceof HttpError && error.code === 404) return null;
    // Silent call: the one toast is ours (a 401 has signed the user out already).
    if (!(error instanceof HttpError && error.kind === 'unauthorized')) {
      toastError(error instanceof Error && error.message ? error.message : i18n.t('errors.unknown'));
    }
    throw error;
  }
}

export interface FetchedPlugins {
  modules: Map<string, BrowserPlugin>;
  /** Ids whose chunk failed, and the first reason. */
  failed: string[];
  firstError: unknown;
}

/**
 * Fetches the chunks of the plugins `enabledIds` names (the ids enabled for the signed-in user's tenant,
 * null for every installed one) that are not `loaded` yet, plus any installed plugin one of them requires.
 * Rejects when the enabled ids could not be read; resolves null when `current()` turns false meanwhile (a
 * sign-out, another user).
 */
export async function fetchPlugins(
  options: Pick<PluginLoaderOptions, 'installed' | 'chunks'>,
  enabledIds: Promise<readonly string[] | null>,
  loaded: readonly string[],
  current: () => boolean,
): Promise<FetchedPlugins | null> {
  const { installed, chunks } = options;
  const enabled = await enabledIds;
  if (!current()) return null;
  // Ids the server knows but this build does not have are left out: their menus say "not available".
  const wanted = enabled === null ? [...installed] : installed.filter((id) => enabled.includes(id));

  const modules = new Map<string, BrowserPlugin>();
  const failed: string[] = [];
  let firstError: unknown = null;
  // Load in rounds: a loaded plugin may require an installed plugin the list did not name.
  let round = wanted.filter((id) => !loaded.includes(id));
  while (round.length > 0) {
    const results = await Promise.allSettled(round.map((id) => chunks[id]!()));
    if (!current()) return null;
    results.forEach((result, i) => {
      const id = round[i]!;
      if (result.status === 'fulfilled') modules.set(id, result.value.default);
      else {
        failed.push(id);
        firstError ??= result.reason;
      }
    });
    const known = new Set([...loaded, ...modules.keys(), ...failed]);
    round = [...new Set([...modules.values()].flatMap((p) => p.requires ?? []))].filter((id) => !known.has(id) && installed.includes(id) && id !== 'shell');
  }
  return { modules, failed, firstError };
}
