import { makeAutoObservable, runInAction } from 'mobx';
import { HttpError } from '../http/types';
import type { FetchedPlugins } from './fetch-plugins';
import type { Registry } from './registry';
import type { BrowserPluginModule } from './types';

/** Fetches one plugin's chunk (`plugins/<id>/index.ts`). */
export type PluginChunk = () => Promise<BrowserPluginModule>;

export interface PluginLoaderOptions {
  registry: Registry;
  /** The installed plugin ids (app/plugins.ts), in order. */
  installed: readonly string[];
  /** A lazy loader per installed id (app/plugin-chunks.ts). */
  chunks: Readonly<Record<string, PluginChunk>>;
  /**
   * The ids enabled for the signed-in user's tenant, or null for "every installed plugin". Default: asks
   * the server (fetch-plugins.ts), and answers null when it has no such endpoint (HTTP 404: a real BladeX
   * backend).
   */
  enabled?: () => Promise<readonly string[] | null>;
}

export type PluginLoadState = 'idle' | 'loading' | 'ready' | 'error';

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
    const { installed, registry } = this.options;
    this.state = 'loading';
    this.failed = [];
    this.message = '';
    let fetched: FetchedPlugins | null;
    try {
      // Fetching is code only a signed-in user needs: it is not in the entry chunk the sign-in page loads.
      // A given `enabled` is asked at once, while that code arrives.
      const code = import('./fetch-plugins');
      const enabled = this.options.enabled ? this.options.enabled() : code.then((m) => m.fetchEnabledPlugins());
      enabled.catch(() => undefined); // handled below, once the code is here: not an unhandled rejection meanwhile
      fetched = await (await code).fetchPlugins(this.options, enabled, this.loaded, () => seq === this.seq);
    } catch (error) {
      if (seq === this.seq) this.fail([], error);
      return;
    }
    if (!fetched) return; // signed out (or another user) meanwhile
    const { modules, failed, firstError } = fetched;

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
