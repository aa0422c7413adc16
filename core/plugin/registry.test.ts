import { i18n } from '../i18n';
import { createRegistry } from './registry';
import { definePlugin, type BrowserPlugin } from './types';

const page = () => Promise.resolve({ default: () => null });

const plugin = (id: string, patch: Partial<BrowserPlugin> = {}): BrowserPlugin =>
  definePlugin({ id, name: { zh: id, en: id }, ...patch });

describe('plugin registry', () => {
  it('registers plugins and their routes', () => {
    const registry = createRegistry();
    registry.register(plugin('a', { routes: [{ path: '/a/index', load: page }] }));
    registry.register(plugin('b', { routes: [{ path: '/b/list', load: page, layout: 'blank' }] }));
    expect(registry.plugins().map((p) => p.id)).toEqual(['a', 'b']);
    expect(registry.routes().map((r) => [r.path, r.pluginId])).toEqual([
      ['/a/index', 'a'],
      ['/b/list', 'b'],
    ]);
  });

  it('rejects a duplicate id', () => {
    const registry = createRegistry();
    registry.register(plugin('a'));
    expect(() => registry.register(plugin('a'))).toThrow('Plugin "a" is already registered.');
    expect(() => registry.register(plugin('Bad_Id'))).toThrow(/Plugin id "Bad_Id" is invalid/);
  });

  it('rejects a route path another plugin has, naming both plugins, and changes nothing', () => {
    const registry = createRegistry();
    registry.register(plugin('a', { routes: [{ path: '/x', load: page }] }));
    expect(() => registry.register(plugin('b', { routes: [{ path: '/y', load: page }, { path: '/x', load: page }] }))).toThrow(
      'Route "/x" of plugin "b" is already registered by plugin "a".',
    );
    expect(registry.plugins().map((p) => p.id)).toEqual(['a']);
    expect(registry.routes().map((r) => r.path)).toEqual(['/x']);
  });

  it('rejects duplicate menu and button codes, naming both plugins', () => {
    const registry = createRegistry();
    registry.register(
      plugin('a', {
        routes: [{ path: '/system/param', load: page }],
        menus: [{ code: 'param', name: { zh: '参数', en: 'Params' }, path: '/system/param', sort: 1, buttons: [{ code: 'param_add', name: { zh: '新增', en: 'Add' }, alias: 'add' }] }],
      }),
    );
    expect(() =>
      registry.register(plugin('b', { menus: [{ code: 'param', name: { zh: 'x', en: 'x' }, path: '/other', sort: 1 }] })),
    ).toThrow('Menu code "param" of plugin "b" is already registered by plugin "a".');
    expect(() =>
      registry.register(
        plugin('c', {
          menus: [{ code: 'c', name: { zh: 'c', en: 'c' }, path: '/c', sort: 1, buttons: [{ code: 'param_add', name: { zh: 'x', en: 'x' }, alias: 'add' }] }],
        }),
      ),
    ).toThrow('Button code "param_add" of plugin "c" is already registered by plugin "a".');
  });

  it('reports missing requirements clearly', () => {
    const registry = createRegistry();
    registry.register(plugin('crm', { requires: ['shell', 'dict'] }));
    registry.register(plugin('shell'));
    expect(() => registry.check()).toThrow('Plugin "crm" requires plugin "dict", which is not installed (add it to app/plugins.ts).');
    registry.register(plugin('dict'));
    expect(() => registry.check()).not.toThrow();
  });

  it('registers the messages of a plugin into i18n', () => {
    const registry = createRegistry();
    registry.register(plugin('greet', { messages: { zh: { greet: { hello: '你好' } }, en: { greet: { hello: 'Hello' } } } }));
    expect(i18n.t('greet.hello', { lng: 'zh' })).toBe('你好');
    expect(i18n.t('greet.hello', { lng: 'en' })).toBe('Hello');
  });

  it('gives the short form /x of a route /x/index', () => {
    const registry = createRegistry();
    registry.register(plugin('a', { routes: [{ path: '/wel/index', load: page }, { path: '/y', load: page }, { path: '/y/index', load: page }] }));
    expect([...registry.aliases()]).toEqual([['/wel', '/wel/index']]);
  });

  it('creates stores on activation and disposes them at sign-out', () => {
    const registry = createRegistry();
    const disposed: string[] = [];
    registry.register(
      plugin('a', { stores: [{ id: 'list', create: () => ({ rows: [] as string[] }), dispose: () => disposed.push('a/list') }] }),
    );
    expect(registry.store('a', 'list')).toBeUndefined();
    registry.activate({ userId: '1', tenantId: '000000', roles: ['administrator'] });
    expect(registry.store<{ rows: string[] }>('a', 'list')).toEqual({ rows: [] });
    expect(registry.user?.userId).toBe('1');
    registry.activate({ userId: '2', tenantId: '000000', roles: ['user'] });
    expect(disposed).toEqual(['a/list']);
    registry.deactivate();
    expect(disposed).toEqual(['a/list', 'a/list']);
    expect(registry.store('a', 'list')).toBeUndefined();
    expect(registry.user).toBeNull();
  });
});

describe('plugin registry, plugins coming and going', () => {
  it('unregisters a plugin: its routes and codes are free again and its stores are disposed', () => {
    const registry = createRegistry();
    const disposed: string[] = [];
    const menus = [{ code: 'param', name: { zh: '参数', en: 'Params' }, path: '/system/param', sort: 1 }];
    registry.register(plugin('keep', { routes: [{ path: '/keep', load: page }], stores: [{ id: 's', create: () => 1, dispose: () => disposed.push('keep') }] }));
    registry.register(plugin('param', { routes: [{ path: '/system/param', load: page }], menus, stores: [{ id: 's', create: () => 2, dispose: () => disposed.push('param') }] }));
    registry.activate({ userId: '1', tenantId: '000000', roles: [] });
    const before = registry.routes();

    registry.unregister('param');
    expect(registry.routes().map((r) => r.path)).toEqual(['/keep']);
    expect(registry.routes()).not.toBe(before); // a new list: observers re-render
    expect(disposed).toEqual(['param']);
    expect(registry.store('keep', 's')).toBe(1);
    expect(() => registry.register(plugin('param', { routes: [{ path: '/system/param', load: page }], menus }))).not.toThrow();
    registry.unregister('nothing');
  });
});

describe('what plugins provide', () => {
  it('is read from the plugin that provides it; a second provider of the same kind is refused, naming both', () => {
    const registry = createRegistry();
    expect(registry.provided('dictionaries')).toBeUndefined();
    const bases = { system: '/api/a/dict', business: '/api/a/dict-biz' };
    registry.register(plugin('a', { provides: { dictionaries: bases } }));
    expect(registry.provided('dictionaries')).toEqual(bases);
    expect(() => registry.register(plugin('b', { provides: { dictionaries: bases } }))).toThrow('Plugin "b" provides "dictionaries", which plugin "a" provides already.');
    registry.unregister('a');
    expect(registry.provided('dictionaries')).toBeUndefined();
  });
});
