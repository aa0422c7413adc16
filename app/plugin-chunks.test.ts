import { describe, expect, it } from '@rstest/core';
import { pluginChunks } from './plugin-chunks';
import { installedPlugins } from './plugins';

describe('the installed plugins’ chunks', () => {
  it('has a lazy loader for every id of app/plugins.ts, resolving to the plugin of that folder', async () => {
    expect(Object.keys(pluginChunks)).toEqual([...installedPlugins]);
    for (const id of installedPlugins) {
      const module = await pluginChunks[id]!();
      expect(module.default.id).toBe(id);
      expect((module.default.routes?.length ?? 0) + (module.default.resources?.length ?? 0)).toBeGreaterThan(0);
    }
  });
});
