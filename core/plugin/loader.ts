import { makeAutoObservable, runInAction } from 'mobx';
import { http, HttpError, toastError } from '../http';
import { i18n } from '../i18n';
import type { Registry } from './registry';
import type { BrowserPlugin, BrowserPluginModule } from './types';

/** Fetches one plugin's chunk (`plugins/<id>/index.ts`). */
export type PluginChunk = () => Promise<BrowserPluginModule>;

/** `GET /api/blade-system/plugin/enabled`: the plugin ids the signed-in user's tenant has. */
export const ENABLED_PLUGINS_URL = '/api/blade-system/plugin/enabled';

export interface PluginLoaderOptions {
  registry: Registry;
  /** The installed plugin ids (app/plugins.ts), in order. */
  installed: readonly string[];
  /** A lazy loader per installed id (app/plugin-chunks.ts). */
  chunks: Readonly<Record<string, PluginChunk>>;
  /**
   * The ids enabled for the signed-in user's tenant, or null for "every installed plugin". Default: asks
   * the server, and answers null when it has no such endpoint (HTTP 404: a real BladeX backend).
   */
  enabled?: () => Promise<readonly string[] | null>;
}

export type PluginLoadState = 'idle' | 'loading' | 'ready' | 'error';

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

/**
 * Loads the plugins a signed-in user's tenant has and registers them: the kernel calls `load` after
 * sign-in and on restore, `unload` at sign-out. Only the chunks of enabled plugins are requested (a
 * disabled plugin's code never reaches the browser), plus any installed plugin an enabled one requires.
 * While it works, `state` is 'loading' and the layout shows a loading state instead of "not available".
 */
export class PluginLoader {
  state: PluginLoadState = 'idle';
  /** Ids registered for the current user, in registration order. */
  loaded: string[] = [];
  /** Ids whose chunk failed (state 'error'), and the reason. */
  failed: string[] = [];
  message = '';

  private key = '';
  private seq = 0;
  private readonly options: PluginLoaderOptions;

  constructor(options: PluginLoaderOptions) {
    this.options = options;
    for (const id of options.installed) {
      if (!options.chunks[id]) throw new Error(`Plugin "${id}" is listed in app/plugins.ts but plugins/${id}/index.ts was not found.`);
    }
    makeAutoObservable<PluginLoader, 'key' | 'seq' | 'options'>(this, { key: false, seq: false, options: false }, { autoBind: true });
  }

  /** True until the plugins of the signed-in user are registered (or failed). */
  get pending(): boolean {
    return this.state === 'idle' || this.state === 'loading';
  }

  /**
   * Loads and registers the plugins enabled for `userKey` (tenant/user). Calling it again with the same
   * key does nothing (React's strict mode runs effects twice); another key unloads the earlier ones first.
   */
  async load(userKey: string): Promise<void> {
    if (userKey === this.key && this.state !== 'error') return;
    if (userKey !== this.key) this.unload();
    this.key = userKey;
    await this.run();
  }

  /** Tries again after a failure (the retry button of the layout). */
  async retry(): Promise<void> {
    if (this.key) await this.run();
  }

  /** Unregisters every plugin loaded for the user (their stores are disposed). */
  unload(): void {
    this.seq++;
    for (const id of [...this.loaded].reverse()) this.options.registry.unregister(id);
    this.loaded = [];
    this.failed = [];
    this.message = '';
    this.key = '';
    this.state = 'idle';
  }

  private async run(): Promise<void> {
    const seq = ++this.seq;
    const { installed, chunks, registry } = this.options;
    this.state = 'loading';
    this.failed = [];
    this.message = '';
    let wanted: string[];
    try {
      const enabled = await (this.options.enabled ?? fetchEnabledPlugins)();
      // Ids the server knows but this build does not have are left out: their menus say "not available".
      wanted = enabled === null ? [...installed] : installed.filter((id) => enabled.includes(id));
    } catch (error) {
      if (seq === this.seq) this.fail([], error);
      return;
    }

    const modules = new Map<string, BrowserPlugin>();
    const failed: string[] = [];
    let firstError: unknown = null;
    // Load in rounds: a loaded plugin may require an installed plugin the list did not name.
    let round = wanted.filter((id) => !this.loaded.includes(id));
    while (round.length > 0) {
      const results = await Promise.allSettled(round.map((id) => chunks[id]!()));
      if (seq !== this.seq) return; // signed out (or another user) meanwhile
      results.forEach((result, i) => {
        const id = round[i]!;
        if (result.status === 'fulfilled') modules.set(id, result.value.default);
        else {
          failed.push(id);
          firstError ??= result.reason;
        }
      });
      const known = new Set([...this.loaded, ...modules.keys(), ...failed]);
      round = [...new Set([...modules.values()].flatMap((p) => p.requires ?? []))].filter((id) => !known.has(id) && installed.includes(id) && id !== 'shell');
    }

    try {
      runInAction(() => {
        // Registered in the order of app/plugins.ts, whatever order the chunks arrived in.
        for (const id of installed) {
          const plugin = modules.get(id);
          if (!plugin) continue;
          if (plugin.id !== id) throw new Error(`plugins/${id}/index.ts exports the plugin "${plugin.id}": the id must be the folder's name.`);
          registry.register(plugin);
          this.loaded.push(id);
        }
        if (failed.length === 0) registry.check();
      });
    } catch (error) {
      this.fail(failed, error);
      return;
    }
    if (failed.length > 0) this.fail(failed, firstError);
    else runInAction(() => (this.state = 'ready')); // after an await: outside the method's own action
  }

  private fail(failed: string[], error: unknown): void {
    this.failed = failed;
    this.message = error instanceof Error ? error.message : String(error);
    this.state = 'error';
    if (!(error instanceof HttpError)) console.error('Loading the plugins failed', error);
  }
}
