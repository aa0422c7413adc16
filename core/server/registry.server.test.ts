import { afterAll, beforeAll, describe, expect, test } from '@rstest/core';
import type { PluginManifest } from '../schema/manifest';
import { shellManifest } from '../schema/shell-manifest';
import { createApp } from './app';
import { defineServerPlugin, type ServerPlugin } from './plugin';
import { checkServerPlugins, pathPattern, pathsOverlap } from './registry';
import { createTestServer, type TestServer } from './test-server';

/** The server registry refuses conflicting plugins at start, naming both plugins involved. */

const manifest = (id: string, extra: Partial<PluginManifest> = {}): PluginManifest => ({
  id,
  name: { zh: id, en: id },
  menus: [{ code: id, name: { zh: id, en: id }, path: `/${id}`, sort: 1, buttons: [{ code: `${id}_add`, name: { zh: '新增', en: 'Add' }, alias: 'add' }] }],
  ...extra,
});
const plugin = (id: string, extra: Partial<PluginManifest> = {}, routes?: ServerPlugin['routes']): ServerPlugin =>
  defineServerPlugin({ manifest: manifest(id, extra), routes });
const check = (...plugins: ServerPlugin[]) => checkServerPlugins(shellManifest, plugins);

describe('checkServerPlugins', () => {
  test('orders plugins after what they require, otherwise as installed', () => {
    const order = check(plugin('b', { requires: ['c'] }), plugin('a'), plugin('c')).map((p) => p.manifest.id);
    expect(order).toEqual(['c', 'b', 'a']);
  });

  test('duplicate ids, bad ids, missing requirements and cycles', () => {
    expect(() => check(plugin('a'), plugin('a', { menus: [] }))).toThrow('Plugin "a" is installed twice.');
    expect(() => check(plugin('Bad_Id'))).toThrow('Plugin id "Bad_Id" is invalid');
    expect(() => check(plugin('shell', { menus: [] }))).toThrow('Plugin id "shell" is taken by the shell.');
    expect(() => check(plugin('a', { requires: ['missing'] }))).toThrow('Plugin "a" requires "missing", which is not installed.');
    expect(() => check(plugin('a', { requires: ['b'] }), plugin('b', { requires: ['a'] }))).toThrow('Plugins require each other in a cycle: a → b → a.');
  });

  test('a menu or button code declared twice names both plugins', () => {
    const taken = manifest('b');
    taken.menus![0].buttons![0].code = 'a_add';
    expect(() => check(plugin('a'), defineServerPlugin({ manifest: taken }))).toThrow('Menu/button code "a_add" is declared by both "a" and "b".');
    expect(() => check(plugin('wel'))).toThrow('Menu/button code "wel" is declared by both "shell" and "wel".');
    const top = { code: 'top_x', name: { zh: 'x', en: 'x' }, sort: 1, menus: ['a'] };
    expect(() => check(plugin('a', { topMenus: [top] }), plugin('b', { topMenus: [{ ...top, menus: ['b'] }] }))).toThrow(
      'Top menu code "top_x" is declared by both "a" and "b".',
    );
    expect(() => check(plugin('a', { topMenus: [{ ...top, menus: ['nope'] }] }))).toThrow('Top menu "top_x" of "a" lists unknown menu code "nope".');
  });

  test('`parent` must be a menu of the shell or of a required plugin', () => {
    const under = (parent: string) => ({ menus: [{ code: 'child', parent, name: { zh: 'c', en: 'c' }, path: '/c', sort: 1 }] });
    expect(check(plugin('x', under('system')))).toHaveLength(1);
    expect(check(plugin('a'), plugin('x', { ...under('a'), requires: ['a'] }))).toHaveLength(2);
    expect(() => check(plugin('x', under('nowhere')))).toThrow('Menu "child" of plugin "x" is attached under "nowhere", which no installed plugin declares.');
    expect(() => check(plugin('a'), plugin('x', under('a')))).toThrow('Menu "child" of plugin "x" is attached under "a" of plugin "a", which "x" does not require.');
    expect(() => check(plugin('a'), plugin('x', { ...under('a_add'), requires: ['a'] }))).toThrow('is attached under the button "a_add"');
  });

  test('`topMenu` must be a top menu an installed plugin declares, required or not', () => {
    const top = { code: 'top_a', name: { zh: 'a', en: 'a' }, sort: 1, menus: ['a'] };
    const joining = (topMenu: string) => ({ menus: [{ code: 'x', name: { zh: 'x', en: 'x' }, path: '/x', sort: 1, topMenu }] });
    expect(check(plugin('a', { topMenus: [top] }), plugin('x', { ...joining('top_a'), requires: ['a'] }))).toHaveLength(2);
    expect(check(plugin('x', joining('top_desk')))).toHaveLength(1);
    expect(() => check(plugin('x', joining('top_nowhere')))).toThrow('Menu "x" of plugin "x" joins the top menu "top_nowhere", which no installed plugin declares.');
    expect(check(plugin('a', { topMenus: [top] }), plugin('x', joining('top_a')))).toHaveLength(2);
  });
});

describe('API routes', () => {
  test('a choice source is read from a required plugin that offers it, with codes of the reader', () => {
    const offering = plugin('roles', { offers: ['roles.tree'] });
    expect(check(offering, plugin('people', { requires: ['roles'], reads: { 'roles.tree': ['people'] } }))).toHaveLength(2);
    expect(() => check(offering, plugin('people', { reads: { 'roles.tree': ['people'] } }))).toThrow('Plugin "people" reads "roles.tree", which no plugin it requires offers.');
    expect(() => check(offering, plugin('people', { requires: ['roles'], reads: { 'roles.tree': ['roles'] } }))).toThrow(
      'Plugin "people" reads "roles.tree" with the code "roles", which is not one of its own.',
    );
  });

  test('path overlap and patterns', () => {
    expect(pathsOverlap('/a/b/list', '/a/b/list')).toBe(true);
    expect(pathsOverlap('/a/b/:id', '/a/b/list')).toBe(true);
    expect(pathsOverlap('/a/*', '/a/b/c')).toBe(true);
    expect(pathsOverlap('/a/b/list', '/a/b/detail')).toBe(false);
    expect(pathsOverlap('/a/b', '/a/b/c')).toBe(false);
    expect(pathPattern('/a/:id/x').test('/a/12/x')).toBe(true);
    expect(pathPattern('/a/:id/x').test('/a/12/y')).toBe(false);
    expect(pathPattern('/a/:id{[0-9]+}').test('/a/x')).toBe(false);
    expect(pathPattern('/a/*').test('/a/b/c')).toBe(true);
    expect(pathPattern('/a.b').test('/aXb')).toBe(false);
  });

  let ts: TestServer;
  beforeAll(async () => {
    ts = await createTestServer();
  });
  afterAll(() => ts.close());

  const serving = (id: string, ...paths: string[]) =>
    plugin(id, { menus: [] }, (api) => {
      for (const path of paths) api.get(path, (c) => c.text(id));
    });

  test('a route another plugin or the kernel serves is refused at start, naming both', () => {
    expect(() => createApp(ts.ctx, [serving('a', '/x/list'), serving('b', '/x/list')], null)).toThrow(
      'API route "GET /x/list" of plugin "b" overlaps "GET /x/list" of plugin "a".',
    );
    expect(() => createApp(ts.ctx, [serving('a', '/x/:id'), serving('b', '/x/list')], null)).toThrow(
      'API route "GET /x/list" of plugin "b" overlaps "GET /x/:id" of plugin "a".',
    );
    expect(() => createApp(ts.ctx, [serving('a', '/blade-user/info')], null)).toThrow(
      'API route "GET /blade-user/info" of plugin "a" overlaps "GET /blade-user/info" of the kernel.',
    );
    expect(() => createApp(ts.ctx, [serving('a', '/x/list', '/x/:id')], null)).not.toThrow();
  });
});
