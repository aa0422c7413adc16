import { useEffect, useState } from 'react';
import { observer } from 'mobx-react-lite';
import { screen, waitFor } from '@testing-library/react';
import { http } from '../http';
import { crudButtons } from '../schema/crud-buttons';
import type { PluginManifest } from '../schema/manifest';
import { definePlugin } from '../plugin/types';
import { session } from '../session/session';
import { fail, ok, page, renderPlugin, respond } from '.';

interface Item {
  id: string;
  title: string;
}

/** A screen that lists items from its API and shows the add button by permission. */
const ItemsPage = observer(function ItemsPage() {
  const [items, setItems] = useState<Item[] | null>(null);
  const [error, setError] = useState('');
  useEffect(() => {
    http
      .get<{ records: Item[] }>('/api/demo/items/list', { params: { current: 1, size: 10 } })
      .then((res) => setItems(res.data.records))
      .catch((e: Error) => setError(e.message));
  }, []);
  return (
    <section>
      {session.can('items_add') ? <button type="button">add item</button> : null}
      {error ? <p data-testid="error">{error}</p> : null}
      <ul>{items?.map((item) => <li key={item.id}>{item.title}</li>)}</ul>
    </section>
  );
});

const manifest: PluginManifest = {
  id: 'demo',
  name: { zh: '演示', en: 'Demo' },
  menus: [{ code: 'items', parent: 'system', name: { zh: '条目', en: 'Items' }, path: '/system/items', icon: 'list', sort: 1, buttons: crudButtons('items') }],
};

const demoPlugin = definePlugin({
  ...manifest,
  routes: [{ path: '/system/items', load: async () => ({ default: ItemsPage }), meta: { title: { zh: '条目', en: 'Items' } } }],
});

describe('renderPlugin with respond()', () => {
  it('mounts the shell and the one plugin, signed in with exactly the given codes', async () => {
    const backend = respond({
      'GET /api/demo/items/list': (call) => page([{ id: '1', title: `page ${call.query.current}` }]),
    });
    const app = await renderPlugin(demoPlugin, { backend, user: { permissions: ['items', 'items_view'], name: '张三' } });

    expect(await screen.findByText('page 1')).toBeTruthy();
    expect(app.registry.plugins().map((p) => p.id)).toEqual(['shell', 'demo']);
    expect(session.can('items_view')).toBe(true);
    expect(session.can('items_add')).toBe(false);
    expect(screen.queryByText('add item')).toBeNull();
    // The sidebar shows the granted menu under the shell's group.
    expect(session.menu.map((m) => m.label)).toEqual(['系统管理']);
    expect(session.menu[0]!.children.map((m) => m.label)).toEqual(['条目']);
    expect(session.userInfo?.real_name).toBe('张三');
    expect(app.callsTo('GET /api/demo/items/list')).toHaveLength(1);
    expect(app.calls.map((c) => c.key)).toContain('POST /api/blade-auth/oauth/token');
  });

  it('shows what a permission grants', async () => {
    const backend = respond({ 'GET /api/demo/items/list': () => page([]) });
    await renderPlugin(demoPlugin, { backend, user: { permissions: ['items', 'items_add'] } });
    expect(await screen.findByText('add item')).toBeTruthy();
  });

  it('defaults to every code the plugin declares', async () => {
    await renderPlugin(demoPlugin, { backend: respond({ 'GET /api/demo/items/list': () => page([]) }) });
    expect(['items_add', 'items_edit', 'items_delete', 'items_view'].every((code) => session.can(code))).toBe(true);
  });

  it('answers with refusals the test writes', async () => {
    const backend = respond({ 'GET /api/demo/items/list': () => fail('没有权限执行此操作', 403) });
    await renderPlugin(demoPlugin, { backend });
    expect((await screen.findByTestId('error')).textContent).toBe('没有权限执行此操作');
  });

  it('fails the test, naming the method and URL, for a call it was not given', async () => {
    const backend = respond({});
    await renderPlugin(demoPlugin, { backend });
    await waitFor(() => expect(screen.getByTestId('error').textContent).toContain('GET /api/demo/items/list?current=1&size=10'));
    // What the harness throws after this test, taken here so that this test passes.
    const problems = backend.finish();
    expect(problems).toHaveLength(1);
    expect(problems[0]).toContain('respond(): the app called GET /api/demo/items/list?current=1&size=10');
    expect(problems[0]).toContain("'GET /api/demo/items/list'");
  });

  it('fails the test when a handler throws', async () => {
    const backend = respond({
      'GET /api/demo/items/list': () => {
        throw new Error('no such fixture');
      },
    });
    await renderPlugin(demoPlugin, { backend });
    await waitFor(() => expect(screen.getByTestId('error').textContent).toContain('no such fixture'));
    expect(backend.finish()[0]).toContain('respond(): the handler of GET /api/demo/items/list threw: Error: no such fixture');
  });

  it('refuses a permission code no mounted manifest declares', async () => {
    await expect(renderPlugin(demoPlugin, { backend: respond({}), user: { permissions: ['itmes_add'] } })).rejects.toThrow(
      'Permission code "itmes_add" declared by no mounted manifest (shell, demo).',
    );
  });

  it('refuses a handler key that is not METHOD /path', () => {
    expect(() => respond({ '/api/demo/items/list': () => ok() })).toThrow('is not "METHOD /path"');
  });

  it('navigates like a menu click', async () => {
    const app = await renderPlugin(demoPlugin, { backend: respond({ 'GET /api/demo/items/list': () => page([]) }), route: '/wel/index' });
    app.navigate('/system/items');
    await waitFor(() => expect(window.location.pathname).toBe('/system/items'));
    expect(app.callsTo('GET /api/demo/items/list')).toHaveLength(1);
  });
});
