import type { ServerPlugin } from '../core/server/plugin';
import { installedPlugins } from './plugins';

/**
 * The server side of the installed plugins (app/plugins.ts): `plugins/<id>/server.ts` for each id,
 * imported on start. Its default export (or its one export that is a server plugin) must be the plugin,
 * with `manifest.id` equal to the folder name. A missing folder or export stops the start with a message
 * saying which; the registry then refuses conflicts (ids, codes, routes, requires).
 */
/**
 * Under a bundler (the test runner), the bundler's own view of `plugins/<id>/server.ts`; under tsx (npm
 * start, the bench, e2e) there is none and a plain dynamic import does it.
 */
function bundledPlugins(): ((key: string) => unknown) & { keys(): string[] } | null {
  try {
    return import.meta.webpackContext('../plugins', { recursive: true, regExp: /^\.\/[a-z0-9-]+\/server\.ts$/, mode: 'sync' });
  } catch {
    return null;
  }
}

async function importPlugin(id: string): Promise<Record<string, unknown>> {
  const bundled = bundledPlugins();
  if (bundled) {
    const key = `./${id}/server.ts`;
    if (!bundled.keys().includes(key)) throw Object.assign(new Error(`Cannot find module '${key}'`), { code: 'MODULE_NOT_FOUND' });
    return bundled(key) as Record<string, unknown>;
  }
  return (await import(`../plugins/${id}/server.ts`)) as Record<string, unknown>;
}

export async function loadServerPlugins(ids: readonly string[] = installedPlugins): Promise<ServerPlugin[]> {
  const loaded: ServerPlugin[] = [];
  for (const id of ids) {
    if (!/^[a-z][a-z0-9-]*$/.test(id)) throw new Error(`app/plugins.ts: "${id}" is not a plugin folder name (lower-case letters, digits and dashes).`);
    let module: Record<string, unknown>;
    try {
      module = await importPlugin(id);
    } catch (error) {
      const missing = error instanceof Error && /cannot find module|not found|ERR_MODULE_NOT_FOUND/i.test(`${(error as { code?: string }).code ?? ''} ${error.message}`);
      if (missing) throw new Error(`Plugin "${id}" is listed in app/plugins.ts, but plugins/${id}/server.ts does not exist.`);
      throw error;
    }
    const isPlugin = (value: unknown): value is ServerPlugin =>
      typeof value === 'object' && value !== null && typeof (value as ServerPlugin).manifest?.id === 'string';
    const candidates = isPlugin(module.default) ? [module.default] : Object.values(module).filter(isPlugin);
    if (candidates.length !== 1) {
      throw new Error(`plugins/${id}/server.ts must export its server plugin as the default export (defineServerPlugin({ manifest, … })).`);
    }
    const plugin = candidates[0];
    if (plugin.manifest.id !== id) throw new Error(`plugins/${id}/server.ts exports the plugin "${plugin.manifest.id}": its manifest id must be "${id}".`);
    loaded.push(plugin);
  }
  return loaded;
}
