import { afterAll, beforeAll, describe, expect, test } from '@rstest/core';
import { DEMO_TENANT } from '../../core/sdk/server';
import { createTestServer, type TestServer } from '../../core/sdk/server-testing';
import cardServer from '../card/server';
import dictServer from '../dict/server';
import topmenuServer from '../topmenu/server';
import visitServer from './server';

/**
 * 名片业务, the card plugin's top menu: it shows the card group and the visitor group that joins it, first
 * after home for a business user and for an administrator; a tenant with the plugins switched off is not
 * shown it, and one with visit off sees the card menus alone under it.
 */
type Top = { id: string; code: string; name: string; nameEn: string; menuIds: string[] };
type Node = { id: string; code: string; children?: Node[] };

let ts: TestServer;
const tokens: Record<string, string> = {};

beforeAll(async () => {
  ts = await createTestServer({ plugins: [dictServer, topmenuServer, cardServer, visitServer] });
  tokens.admin = (await ts.signIn('admin', 'admin')).access_token;
  tokens.demo = (await ts.signIn('demo', 'demo')).access_token;
  tokens.demoAdmin = (await ts.signIn('admin', 'admin', DEMO_TENANT.tenantId)).access_token;
});
afterAll(() => ts.close());

const topMenus = async (token: string) => (await ts.get('/api/blade-system/menu/top-menu', { token })).body.data as Top[];
const codes = (nodes: Node[]): string[] => nodes.flatMap((n) => [n.code, ...codes(n.children ?? [])]);
const routesUnder = async (token: string, topMenuId: string) => codes((await ts.get('/api/blade-system/menu/routes', { token, query: { topMenuId } })).body.data as Node[]);

async function switchPlugins(tenantId: string, plugins: string | null) {
  await ts.ctx.db.system(async (tx) => {
    await tx.query('update blade_tenant set plugins = $2 where tenant_id = $1', [tenantId, plugins]);
    await ts.ctx.tenantPlugins.invalidate(tx, [tenantId]);
  });
}

describe('名片业务 top menu', () => {
  test('the demo user sees it first, with the card and visitor menus under it and nothing else', async () => {
    const tops = await topMenus(tokens.demo!);
    expect(tops[0]).toMatchObject({ code: 'top_card', name: '名片业务', nameEn: 'Cards' });
    const shown = await routesUnder(tokens.demo!, tops[0]!.id);
    expect(shown).toEqual(expect.arrayContaining(['card', 'company', 'staff', 'album', 'festival', 'visit', 'visit_info', 'visit_chart']));
    expect(shown.filter((code) => !/^(card|company|staff|album|festival|visit)/.test(code))).toEqual([]);
    // The ids it answers are those of the menus the sidebar shows under it.
    const sidebar = (await ts.get('/api/blade-system/menu/routes', { token: tokens.demo!, query: { topMenuId: tops[0]!.id } })).body.data as Node[];
    const ids = (nodes: Node[]): string[] => nodes.flatMap((n) => [String(n.id), ...ids(n.children ?? [])]);
    expect([...tops[0]!.menuIds].sort()).toEqual(ids(sidebar).sort());
  });

  test('the administrator sees it before the workbench and the system tools', async () => {
    expect((await topMenus(tokens.admin!)).map((t) => t.code)).toEqual(['top_card', 'top_desk', 'top_tools']);
  });

  test('switched off for a tenant, it is not shown there; with visit off it shows the card menus alone', async () => {
    try {
      await switchPlugins(DEMO_TENANT.tenantId, 'dict,topmenu');
      expect((await topMenus(tokens.demoAdmin!)).map((t) => t.code)).not.toContain('top_card');
      await switchPlugins(DEMO_TENANT.tenantId, 'dict,topmenu,card');
      const top = (await topMenus(tokens.demoAdmin!)).find((t) => t.code === 'top_card')!;
      const shown = await routesUnder(tokens.demoAdmin!, top.id);
      expect(shown).toContain('company');
      expect(shown.filter((code) => code.startsWith('visit'))).toEqual([]);
    } finally {
      await switchPlugins(DEMO_TENANT.tenantId, null);
    }
    expect((await topMenus(tokens.demoAdmin!)).map((t) => t.code)[0]).toBe('top_card');
  });
});
