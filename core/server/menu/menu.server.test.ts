import { afterAll, beforeAll, describe, expect, test } from '@rstest/core';
import type { PluginManifest } from '../../schema/manifest';
import { shellManifest } from '../../schema/shell-manifest';
import { createTestServer, type TestServer } from '../test-server';
import type { TopMenuStore } from '../extensions';
import { defineServerPlugin } from '../plugin';
import { syncMenus } from './sync';
import type { TopMenuRow } from './vo';

/**
 * Top menus kept in memory: what the kernel asks of the plugin that keeps them (sync at start, the menus
 * one shows, a tenant's list), so that this test covers the kernel's side of it alone.
 */
const kept = new Map<string, { row: TopMenuRow; menuIds: string[] }>();
const memoryTopMenus: TopMenuStore = {
  async sync(_tx, _ids, declared, tenantIds) {
    for (const { plugin, top, shows } of declared) {
      for (const tenantId of tenantIds) {
        const existing = kept.get(`${tenantId}|${top.code}`);
        const row = { id: existing?.row.id ?? String(900 + kept.size), tenant_id: tenantId, code: top.code, name: top.name.zh, name_en: top.name.en, source: top.icon ?? '', path: '', sort: top.sort, plugin };
        kept.set(`${tenantId}|${top.code}`, { row: { ...empty, ...row }, menuIds: [...shows] });
      }
    }
  },
  async menuIds(_tx, tenantId, topMenuId) {
    return new Set([...kept.values()].find((t) => t.row.tenant_id === tenantId && t.row.id === topMenuId)?.menuIds ?? []);
  },
  async forTenant(_tx, tenantId) {
    return [...kept.values()].filter((t) => t.row.tenant_id === tenantId).sort((a, b) => (a.row.sort ?? 0) - (b.row.sort ?? 0)).map((t) => ({ ...t.row, menu_ids: t.menuIds }));
  },
};
const empty = { create_user: null, create_dept: null, create_time: null, update_user: null, update_time: null, status: 1, is_deleted: 0 } as const;
// Also a business menu the user role is granted, with a button of each kind (the shell's own entries
// beyond home and personal info are the super administrator's).
const topMenus = defineServerPlugin({
  manifest: {
    id: 'tops',
    name: { zh: '顶部菜单', en: 'Top menus' },
    menus: [
      {
        code: 'sample',
        name: { zh: '示例', en: 'Sample' },
        path: '/sample',
        sort: 50,
        roles: ['user'],
        buttons: [
          { code: 'sample_add', name: { zh: '新增', en: 'Add' }, alias: 'add', sort: 1, action: 1 },
          { code: 'sample_view', name: { zh: '查看', en: 'View' }, alias: 'view', sort: 2, action: 2, roles: ['user'] },
        ],
      },
    ],
  },
  provides: { topMenus: memoryTopMenus },
});

let ts: TestServer;
let admin: string;
let demo: string;
beforeAll(async () => {
  ts = await createTestServer({ plugins: [topMenus] });
  admin = (await ts.signIn('admin', 'admin')).access_token;
  demo = (await ts.signIn('demo', 'demo')).access_token;
});
afterAll(() => ts.close());

interface Node {
  id: string;
  parentId: string;
  code: string;
  name: string;
  nameEn: string;
  sort: number;
  children?: Node[];
  [key: string]: unknown;
}

const codes = (nodes: Node[]): string[] => nodes.flatMap((n) => [n.code, ...codes(n.children ?? [])]);
const leaves = (nodes: Node[]): Node[] => nodes.flatMap((n) => (n.children ? leaves(n.children) : [n]));
const routes = async (token: string, topMenuId?: string) =>
  (await ts.get('/api/blade-system/menu/routes', { token, query: { topMenuId } })).body.data as Node[];

describe('GET /blade-system/menu/routes', () => {
  test('the administrator gets every menu as a sorted tree, MenuVO fields, leaves without children', async () => {
    const tree = await routes(admin);
    expect(tree.map((n) => n.code)).toEqual(['wel', 'desk', 'sample', 'tools']);
    expect(codes(tree)).toEqual(['wel', 'desk', 'info', 'sample', 'tools', 'test', 'about', 'arco_docs']);
    const desk = tree[1];
    expect(desk).toMatchObject({ code: 'desk', name: '工作台', nameEn: 'Workbench', alias: 'menu', path: '/desk', source: 'dashboard', sort: 2, category: 1, action: 0, isOpen: 1, parentId: '0', remark: '' });
    expect(typeof desk.id).toBe('string');
    expect(desk.children!.map((c) => c.parentId)).toEqual([desk.id]);
    for (const leaf of leaves(tree)) expect(leaf).not.toHaveProperty('children');
    expect(leaves(tree).find((l) => l.code === 'arco_docs')).toMatchObject({ isOpen: 2, path: 'https://arco.design/react/docs/start' });
  });

  test('the demo user sees only what the user role was granted (fewer menus): no developer demos', async () => {
    const tree = await routes(demo);
    expect(codes(tree)).toEqual(['wel', 'desk', 'info', 'sample']);
  });

  test('the developer demos (test page, about, Arco docs) are the super administrator\'s: a tenant\'s admin sees none, nor their empty group', async () => {
    const tenantAdmin = (await ts.signIn('admin', 'admin', '100001')).access_token;
    expect(codes(await routes(tenantAdmin))).toEqual(['wel', 'desk', 'info', 'sample']);
    // Granted by an older declaration (the user role had the test page): still not shown.
    await ts.ctx.db.system((tx) =>
      tx.query(
        `insert into blade_role_menu (id, tenant_id, menu_id, role_id)
         select $1, r.tenant_id, m.id, r.id from blade_role r, blade_menu m where r.tenant_id = '000000' and r.role_alias = 'user' and m.code = 'test'
         on conflict (role_id, menu_id) do nothing`,
        [ts.ctx.ids.next()],
      ),
    );
    expect(codes(await routes(demo))).not.toContain('test');
  });

  test('topMenuId narrows the tree to that top menu', async () => {
    const tops = (await ts.get('/api/blade-system/menu/top-menu', { token: admin })).body.data as Node[];
    const toolsTop = tops.find((t) => t.code === 'top_tools')!;
    const deskTop = tops.find((t) => t.code === 'top_desk')!;
    expect(codes(await routes(admin, toolsTop.id))).toEqual(['tools', 'test', 'about', 'arco_docs']);
    expect(codes(await routes(admin, deskTop.id))).toEqual(['wel', 'desk', 'info']);
    expect(codes(await routes(demo, toolsTop.id))).toEqual([]);
    expect(await routes(admin, '123')).toEqual([]);
    const bad = await ts.get('/api/blade-system/menu/routes', { token: admin, query: { topMenuId: "1 or 1=1" } });
    expect(bad.status).toBe(400);
    expect(bad.body.msg).toBe('请求参数格式错误: topMenuId');
  });
});

describe('GET /blade-system/menu/buttons', () => {
  test('parent menus with their granted buttons as leaves (no children key on a button)', async () => {
    const all = (await ts.get('/api/blade-system/menu/buttons', { token: admin })).body.data as Node[];
    expect(all.map((m) => m.code).sort()).toEqual(['sample', 'test']);
    const test = all.find((m) => m.code === 'test')!;
    expect(test).toMatchObject({ code: 'test', name: '测试页', nameEn: 'Test page' });
    expect(test).not.toHaveProperty('category');
    expect(leaves([test]).map((b) => b.code)).toEqual(['test_add', 'test_edit', 'test_delete', 'test_view']);
    expect(test.children![0]).toMatchObject({ alias: 'add', action: 1, source: 'plus', nameEn: 'Add' });
    for (const b of test.children!) expect(b).not.toHaveProperty('children');
    const mine = (await ts.get('/api/blade-system/menu/buttons', { token: demo })).body.data as Node[];
    expect(leaves(mine).map((b) => b.code)).toEqual(['sample_view']);
  });
});

describe('GET /blade-system/menu/top-menu', () => {
  test('the tenant top menus in order; a user only gets those with something visible', async () => {
    const tops = (await ts.get('/api/blade-system/menu/top-menu', { token: admin })).body.data as Node[];
    expect(tops.map((t) => [t.code, t.name, t.nameEn])).toEqual([
      ['top_desk', '工作台', 'Workbench'],
      ['top_tools', '系统工具', 'System tools'],
    ]);
    expect(tops[0]).toMatchObject({ tenantId: '000000', source: 'dashboard', sort: 1, status: 1, isDeleted: 0 });
    const mine = (await ts.get('/api/blade-system/menu/top-menu', { token: demo })).body.data as Node[];
    expect(mine.map((t) => t.code)).toEqual(['top_desk']);
  });
});

describe('synchronisation from the manifests', () => {
  const count = () => ts.ctx.db.system((tx) => tx.one<{ menus: number; grants: number }>(
    `select (select count(*)::int from blade_menu) as menus, (select count(*)::int from blade_role_menu) as grants`,
  ));

  test('is idempotent, keeps an administrator edit, and applies a changed declaration', async () => {
    const before = await count();
    await syncMenus(ts.ctx.db, ts.ctx.ids, [shellManifest]);
    expect(await count()).toEqual(before);

    await ts.ctx.db.system((tx) => tx.query(`update blade_menu set name = '首页(改)' where code = 'wel'`));
    await syncMenus(ts.ctx.db, ts.ctx.ids, [shellManifest]);
    expect((await routes(admin))[0].name).toBe('首页(改)');

    const changed: PluginManifest = {
      ...shellManifest,
      menus: shellManifest.menus!.map((m) => (m.code === 'wel' ? { ...m, name: { zh: '主页', en: 'Start' } } : m)),
    };
    await syncMenus(ts.ctx.db, ts.ctx.ids, [changed]);
    expect((await routes(admin))[0]).toMatchObject({ name: '主页', nameEn: 'Start' });
    await syncMenus(ts.ctx.db, ts.ctx.ids, [shellManifest]);
  });

  test('a new plugin menu is granted to administrator and to the roles it lists; other plugins stay hidden', async () => {
    const plugin: PluginManifest = {
      id: 'extra',
      name: { zh: '扩展', en: 'Extra' },
      menus: [{ code: 'extra', name: { zh: '扩展', en: 'Extra' }, path: '/extra', sort: 50, roles: ['user'], buttons: [{ code: 'extra_add', name: { zh: '新增', en: 'Add' }, alias: 'add' }] }],
    };
    await syncMenus(ts.ctx.db, ts.ctx.ids, [shellManifest, plugin]);
    // Not installed in this server (pluginIds): not served, even though it is in the table.
    expect(codes(await routes(demo))).not.toContain('extra');
    const grants = await ts.ctx.db.system((tx) =>
      tx.query<{ role_alias: string }>(
        `select r.role_alias from blade_role_menu rm join blade_role r on r.id = rm.role_id join blade_menu m on m.id = rm.menu_id
          where m.code = 'extra' and r.tenant_id = '000000' order by 1`,
      ),
    );
    expect(grants.map((g) => g.role_alias)).toEqual(['administrator', 'user']);
  });

  test('a code declared twice is refused with a clear error', async () => {
    const dup: PluginManifest = { id: 'dup', name: { zh: '重复', en: 'Dup' }, menus: [{ code: 'wel', name: { zh: 'x', en: 'x' }, path: '/x', sort: 1 }] };
    await expect(syncMenus(ts.ctx.db, ts.ctx.ids, [shellManifest, dup])).rejects.toThrow('Menu/button code "wel" is declared by both "shell" and "dup".');
  });
});
