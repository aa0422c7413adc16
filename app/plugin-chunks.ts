import type { PluginChunk } from '../core/plugin/loader';
import type { BrowserPluginModule } from '../core/plugin/types';
import { installedPlugins } from './plugins';

/**
 * Every `plugins/<id>/index.ts`, each its own lazily loaded chunk: the bundler (rspack) builds them all
 * but the browser requests one only when `load` below is called, i.e. when the plugin is enabled for the
 * signed-in user's tenant. No line per plugin here: app/plugins.ts is the one list.
 * (Rspack ignores a context's `chunkName`, so the chunks have hashed names; a template `import()` with a
 * webpackChunkName comment would name them `plugin-<id>`, but the unit tests could not load it.)
 */
const context = import.meta.webpackContext('../plugins', {
  recursive: true,
  regExp: /^\.\/[a-z0-9-]+\/index\.ts$/,
  mode: 'lazy',
});

/** The lazy loader of each installed plugin, by id. */
export const pluginChunks: Readonly<Record<string, PluginChunk>> = Object.fromEntries(
  installedPlugins.map((id) => {
    const key = `./${id}/index.ts`;
    const load: PluginChunk = () => {
      if (!context.keys().includes(key)) return Promise.reject(new Error(`plugins/${id}/index.ts was not found (app/plugins.ts lists "${id}").`));
      return context(key) as Promise<BrowserPluginModule>;
    };
    return [id, load];
  }),
);

