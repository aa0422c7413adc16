import { defineEntity } from '../schema/entity';
import { declaredCodes } from '../schema/manifest';
import { createRegistry } from './registry';
import { defineResource, pluginManifest } from '../schema/resource';
import { definePlugin } from './types';

const page = () => Promise.resolve({ default: () => null });

const thing = defineEntity({
  name: 'thing',
  label: { zh: '物品', en: 'Thing' },
  api: { base: '/api/demo/thing' },
  fields: {
    title: { type: 'string', label: { zh: '标题', en: 'Title' }, required: true },
    kind: { type: 'select', label: { zh: '类型', en: 'Kind' }, options: [{ value: 1, label: { zh: '一', en: 'One' } }], required: true },
  },
});

const plugin = definePlugin({
  id: 'things',
  name: { zh: '物品管理', en: 'Things' },
  resources: [defineResource({ entity: thing, menu: { parent: 'system', icon: 'apps', sort: 3 }, grants: { user: ['view'], clerk: ['view', 'add'] } })],
});

describe('a resource declared once', () => {
  it('fills the entity’s usual choices: table, code, tenancy, audit, logical delete, the API and the required messages', () => {
    expect(thing).toMatchObject({
      table: 'blade_thing',
      permission: 'thing',
      tenant: true,
      audit: true,
      logicalDelete: true,
      api: { base: '/api/demo/thing', list: 'list', save: 'submit', removeIds: 'query' },
    });
    expect(thing.fields.title.required).toEqual({ zh: '请输入标题', en: 'Please enter the title' });
    expect(thing.fields.kind.required).toEqual({ zh: '请选择类型', en: 'Please choose the kind' });
  });

  it('gives the menu, its four buttons with the demo grants, and a route titled like the menu', () => {
    const [menu] = pluginManifest(plugin).menus!;
    expect(menu).toMatchObject({ code: 'thing', parent: 'system', name: plugin.name, path: '/system/thing', icon: 'apps', sort: 3, roles: ['user', 'clerk'] });
    expect(menu!.buttons!.map((b) => [b.code, b.roles])).toEqual([
      ['thing_add', ['clerk']],
      ['thing_edit', []],
      ['thing_delete', []],
      ['thing_view', ['user', 'clerk']],
    ]);
    expect(declaredCodes(pluginManifest(plugin))).toEqual(['thing', 'thing_add', 'thing_edit', 'thing_delete', 'thing_view']);

    const screens: string[] = [];
    const registry = createRegistry({
      resourceScreen: (resource) => {
        screens.push(resource.entity.name);
        return page;
      },
    });
    registry.register(plugin);
    expect(registry.routes().map((r) => [r.path, r.pluginId, r.meta?.title])).toEqual([['/system/thing', 'things', plugin.name]]);
    expect(screens).toEqual(['thing']);
    expect(registry.plugins()[0]!.entities).toEqual([thing]);
  });

  it('a resource with a screen of its own uses it; offered actions limit the buttons', () => {
    const own = definePlugin({ ...plugin, resources: [defineResource({ entity: thing, menu: { parent: 'system', sort: 1, path: '/x/things' }, actions: ['view'], screen: page })] });
    const registry = createRegistry();
    registry.register(own);
    expect(registry.routes()[0]).toMatchObject({ path: '/x/things', load: page });
    expect(declaredCodes(pluginManifest(own))).toEqual(['thing', 'thing_view']);
  });

  it('a menu no route serves is refused when the plugin registers, naming the plugin', () => {
    const registry = createRegistry();
    expect(() => registry.register(definePlugin({ id: 'lost', name: { zh: 'x', en: 'x' }, menus: [{ code: 'lost', name: { zh: 'x', en: 'x' }, path: '/system/lost', sort: 1 }] }))).toThrow(
      'Menu path "/system/lost" of plugin "lost" is served by no route: declare a route (or a resource) for it.',
    );
    expect(registry.plugins()).toEqual([]);
    // A resource with no screen needs the kernel's default screen.
    expect(() => createRegistry().register(plugin)).toThrow('Resource "thing" of plugin "things" has no screen');
  });
});
