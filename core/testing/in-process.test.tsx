import { useEffect, useState } from 'react';
import { observer } from 'mobx-react-lite';
import { screen } from '@testing-library/react';
import { http } from '../http';
import { crudButtons } from '../schema/crud-buttons';
import type { PluginManifest } from '../schema/manifest';
import { definePlugin } from '../plugin/types';
import { currentMember } from '../server/auth/middleware';
import { rData } from '../server/http/r';
import { defineServerPlugin } from '../server/plugin';
import { session } from '../session/session';
import { inProcessServer, renderPlugin } from '.';

const manifest: PluginManifest = {
  id: 'demo',
  name: { zh: '演示', en: 'Demo' },
  menus: [{ code: 'items', parent: 'system', name: { zh: '条目', en: 'Items' }, path: '/system/items', icon: 'list', sort: 1, buttons: crudButtons('items') }],
};

/** The server part: a tenant table, one seeded row, a list route. */
const demoServer = defineServerPlugin({
  manifest,
  migrations: [{ id: '001_item', sql: 'create table demo_item (id bigint primary key, tenant_id varchar(12) not null, title varchar(64) not null)' }],
  seed: async (tx) => {
    await tx.query(`insert into demo_item (id, tenant_id, title) values (1, '000000', '种子条目')`);
  },
  routes(api, ctx) {
    api.get('/demo/items/list', async (c) => {
      const user = currentMember(c);
      const rows = await ctx.db.tenant(user.tenantId, (tx) => tx.query<{ title: string }>('select title from demo_item where tenant_id = $1', [user.tenantId]));
      return c.json(rData({ records: rows, who: `${user.tenantId}/${user.account}/${user.roles.join(',')}` }));
    });
  },
});

const ItemsPage = observer(function ItemsPage() {
  const [data, setData] = useState<{ records: { title: string }[]; who: string } | null>(null);
  useEffect(() => void http.get<{ records: { title: string }[]; who: string }>('/api/demo/items/list').then((res) => setData(res.data)), []);
  if (!data) return null;
  return (
    <section>
      <p data-testid="who">{data.who}</p>
      {session.can('items_add') ? <button type="button">add item</button> : null}
      <ul>{data.records.length === 0 ? <li>empty</li> : data.records.map((r) => <li key={r.title}>{r.title}</li>)}</ul>
    </section>
  );
});

const demoPlugin = definePlugin({
  ...manifest,
  routes: [{ path: '/system/items', load: async () => ({ default: ItemsPage }), meta: { title: { zh: '条目', en: 'Items' } } }],
});

// One server per test file, started by the first rendering and closed after the file.
const backend = inProcessServer({ plugins: [demoServer] });

describe('renderPlugin with inProcessServer()', () => {
  it('talks to the real server, signed in as a real user holding exactly the given codes', async () => {
    await renderPlugin(demoPlugin, { backend, user: { permissions: ['items', 'items_view'], roles: ['clerk'] } });
    expect(await screen.findByText('种子条目')).toBeTruthy();
    expect(screen.getByTestId('who').textContent).toMatch(/^000000\/tester\d+\/clerk$/);
    expect([...session.permission]).toEqual(['items_view']);
    expect(screen.queryByText('add item')).toBeNull();
    expect(session.menu.map((m) => [m.label, m.children.map((c) => c.label)])).toEqual([['系统管理', ['条目']]]);

    // The same server answers direct calls, to arrange or check data around the screen.
    const server = await backend.server();
    const token = await server.signIn(session.userInfo!.account, 'tester');
    const buttons = await server.get('/api/blade-system/menu/buttons', { token: token.access_token });
    expect(buttons.body.data[0].children.map((b: { code: string }) => b.code)).toEqual(['items_view']);
  });

  it('signs in to another tenant, created on the fly, which sees none of the first tenant’s rows', async () => {
    await renderPlugin(demoPlugin, { backend, user: { permissions: ['items', 'items_add'], tenantId: '200001' } });
    expect(await screen.findByText('empty')).toBeTruthy();
    expect(screen.getByText('add item')).toBeTruthy();
    expect(session.userInfo?.tenant_id).toBe('200001');
  });
});
