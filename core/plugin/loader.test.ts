import { afterEach, beforeEach, describe, expect, it, rs } from '@rstest/core';
import { clearBrowserState, mockFetch, setTestSite } from '../testing/site';
import { PluginLoader, type PluginChunk } from './loader';
import { createRegistry } from './registry';
import { definePlugin, type BrowserPlugin } from './types';

const page = () => Promise.resolve({ default: () => null });

function plugin(id: string, patch: Partial<BrowserPlugin> = {}): BrowserPlugin {
  return definePlugin({ id, name: { zh: id, en: id }, routes: [{ path: `/${id}/index`, load: page }], ...patch });
}

/** A chunk loader per plugin, each a spy: what was requested is what the browser downloaded. */
function chunksOf(...plugins: BrowserPlugin[]): Record<string, PluginChunk & ReturnType<typeof rs.fn>> {
  return Object.fromEntries(plugins.map((p) => [p.id, rs.fn(async () => ({ default: p }))])) as never;
}

const ok = (data: unknown) => ({ body: { code: 200, success: true, data, msg: '操作成功' } });

describe('plugin loader', () => {
  beforeEach(() => {
    setTestSite();
    clearBrowserState();
  });
  afterEach(() => {
    rs.unstubAllGlobals();
  });

  it('loads exactly the enabled plugins: a disabled plugin’s chunk is never requested', async () => {
    const registry = createRegistry();
    const chunks = chunksOf(plugin('dict'), plugin('param'));
    const calls = mockFetch((call) => (call.url.startsWith('/api/blade-system/plugin/enabled') ? ok(['param']) : { status: 500, body: null }));
    const loader = new PluginLoader({ registry, installed: ['dict', 'param'], chunks });

    await loader.load('000000/1');

    expect(calls.map((c) => c.url)).toEqual(['/api/blade-system/plugin/enabled']);
    expect(chunks.param).toHaveBeenCalledTimes(1);
    expect(chunks.dict).not.toHaveBeenCalled();
    expect(loader.state).toBe('ready');
    expect(loader.loaded).toEqual(['param']);
    expect(registry.routes().map((r) => r.path)).toEqual(['/param/index']);
  });

  it('loads every installed plugin when the server has no such endpoint (404: a real BladeX backend)', async () => {
    const registry = createRegistry();
    const chunks = chunksOf(plugin('dict'), plugin('param'));
    mockFetch(() => ({ status: 404, body: { code: 404, success: false, data: null, msg: 'Not Found' } }));
    const loader = new PluginLoader({ registry, installed: ['dict', 'param'], chunks });

    await loader.load('000000/1');

    expect(chunks.dict).toHaveBeenCalledTimes(1);
    expect(chunks.param).toHaveBeenCalledTimes(1);
    expect(loader.loaded).toEqual(['dict', 'param']);
    expect(loader.state).toBe('ready');
  });

  it('ignores ids this build does not have, registers in the order of app/plugins.ts, and adds what an enabled plugin requires', async () => {
    const registry = createRegistry();
    const chunks = chunksOf(plugin('base'), plugin('crm', { requires: ['base'] }), plugin('other'));
    const loader = new PluginLoader({ registry, installed: ['base', 'crm', 'other'], chunks, enabled: async () => ['crm', 'unknown'] });

    await loader.load('000000/1');

    expect(loader.loaded).toEqual(['base', 'crm']);
    expect(chunks.other).not.toHaveBeenCalled();
    expect(loader.state).toBe('ready');
  });

  it('creates the plugins’ stores for the signed-in user and unregisters everything at sign-out', async () => {
    const registry = createRegistry();
    const disposed: string[] = [];
    const withStore = plugin('param', { stores: [{ id: 'filters', create: () => ({ kept: true }), dispose: () => disposed.push('param/filters') }] });
    const loader = new PluginLoader({ registry, installed: ['param'], chunks: chunksOf(withStore), enabled: async () => null });
    registry.activate({ userId: '1', tenantId: '000000', roles: ['admin'] });

    await loader.load('000000/1');
    expect(registry.store('param', 'filters')).toEqual({ kept: true });

    registry.deactivate();
    loader.unload();
    expect(disposed).toEqual(['param/filters']);
    expect(registry.routes()).toEqual([]);
    expect(registry.plugins()).toEqual([]);
    expect(loader.state).toBe('idle');
  });

  it('does nothing when asked twice for the same user, and reloads for another', async () => {
    const registry = createRegistry();
    const chunks = chunksOf(plugin('dict'), plugin('param'));
    const enabled = rs.fn(async (): Promise<string[]> => (enabled.mock.calls.length > 1 ? ['dict'] : ['param']));
    const loader = new PluginLoader({ registry, installed: ['dict', 'param'], chunks, enabled });

    await Promise.all([loader.load('000000/1'), loader.load('000000/1')]);
    expect(enabled).toHaveBeenCalledTimes(1);
    expect(loader.loaded).toEqual(['param']);

    await loader.load('100001/7');
    expect(loader.loaded).toEqual(['dict']);
    expect(registry.routes().map((r) => r.path)).toEqual(['/dict/index']);
  });

  it('drops a load that a sign-out overtook', async () => {
    const registry = createRegistry();
    let release: (ids: string[]) => void = () => {};
    const loader = new PluginLoader({ registry, installed: ['param'], chunks: chunksOf(plugin('param')), enabled: () => new Promise((resolve) => (release = resolve)) });

    const loading = loader.load('000000/1');
    expect(loader.pending).toBe(true);
    loader.unload();
    release(['param']);
    await loading;
    expect(registry.plugins()).toEqual([]);
    expect(loader.state).toBe('idle');
  });

  it('reports a chunk that did not arrive, and retries only what is missing', async () => {
    const registry = createRegistry();
    const dict = plugin('dict');
    let fails = true;
    const chunks = {
      dict: rs.fn(async () => {
        if (fails) throw new Error('Loading chunk 12 failed');
        return { default: dict };
      }),
      param: rs.fn(async () => ({ default: plugin('param') })),
    };
    const loader = new PluginLoader({ registry, installed: ['dict', 'param'], chunks, enabled: async () => null });
    const quiet = rs.spyOn(console, 'error').mockImplementation(() => {});

    await loader.load('000000/1');
    expect(loader.state).toBe('error');
    expect(loader.failed).toEqual(['dict']);
    expect(loader.message).toBe('Loading chunk 12 failed');
    expect(loader.loaded).toEqual(['param']);

    fails = false;
    await loader.retry();
    expect(loader.state).toBe('ready');
    expect(loader.loaded).toEqual(['param', 'dict']);
    expect(chunks.param).toHaveBeenCalledTimes(1);
    quiet.mockRestore();
  });

  it('refuses a plugin whose id is not its folder’s, and a listed plugin with no chunk', async () => {
    const registry = createRegistry();
    const quiet = rs.spyOn(console, 'error').mockImplementation(() => {});
    const loader = new PluginLoader({ registry, installed: ['param'], chunks: { param: async () => ({ default: plugin('params') }) }, enabled: async () => null });
    await loader.load('000000/1');
    expect(loader.state).toBe('error');
    expect(loader.message).toBe('plugins/param/index.ts exports the plugin "params": the id must be the folder\'s name.');
    expect(() => new PluginLoader({ registry, installed: ['crm'], chunks: {} })).toThrow('Plugin "crm" is listed in app/plugins.ts but plugins/crm/index.ts was not found.');
    quiet.mockRestore();
  });
});
