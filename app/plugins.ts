import { createRegistry, type Registry } from '../core/plugin/registry';
import type { BrowserPlugin } from '../core/plugin/types';
import { shellPlugin } from '../core/shell/plugin';

/**
 * The plugins installed in this product, in order. A plugin is one import and one line here; the
 * registry refuses duplicates (ids, routes, menu and button codes) and missing requirements at start-up.
 */
export const plugins: readonly BrowserPlugin[] = [shellPlugin];

export function createAppRegistry(): Registry {
  const registry = createRegistry();
  for (const plugin of plugins) registry.register(plugin);
  registry.check();
  return registry;
}
