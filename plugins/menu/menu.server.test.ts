import { afterAll, beforeAll, describe, expect, test } from '@rstest/core';
import { type PluginManifest, syncMenus } from '../../core/sdk/server';
import { createTestServer, shellManifest, type TestServer } from '../../core/sdk/server-testing';
import menuServer from './server';

/** The menus API as BladeX answers it, on the kernel with this plugin: the super administrator's only. */

let ts: TestServer;
let admin: string; // administrator of 000000
let demo: string; // the demo user of 000000 (role `user`)
let tenantAdmin: string; // admin of tenant 100001 (role `admin`)

interface Node {
  id: string;
  parentId: string;
  code: string;
  name: string;
  category: number;
  sort: number;
  plugin: string;
  hasChildren?: boolean;
  children?: Node[];
  [key: string]: unknown;
}

const codes = (nodes: Node[]): string[] => nodes.flatMap((n) => [n.code, ...codes(n.children ?? [])]);
const get = async (path: string, query: Record<string, string> = {}, token = admin) => {
  const res = await ts.get(`/api/blade-system/menu/${path}`, { token, query });
  if (res.status !== 200) throw new Error(`${path}: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body.data;
};
const submit = (json: unknown, token = admin) => ts.post('/api/blade-system/menu/submit', { token, json });
const remove = (ids: string, token = admin) => ts.post('/api/blade-system/menu/remove', { token, query: { ids } });
const idOf = async (code: string) => (await ts.ctx.db.system((tx) => tx.one<{ id: string }>('select id::text as id from blade_menu where code = $1', [code])))!.id;
const row = (code: string) => ts.ctx.db.system((tx) => tx.one<Record<string, unknown>>('select * from blade_menu where code = $1', [code]));
/** What a restart does to the menu table: the sync with these declarations. */
const restart = (manifests: PluginManifest[] = [shellManifest, menuServer.manifest]) => syncMenus(ts.ctx.db, ts.ctx.ids, manifests);
const valid = (over: Record<string, unknown> = {}) => ({ name: '通知公告', code: 'notice', alias: 'menu', path: '/desk/notice', category: 1, sort: 1, ...over });

beforeAll(async () => {
  ts = await createTestServer({ plugins: [menuServer] });
  admin = (await ts.signIn('admin', 'admin')).access_token;
  demo = (await ts.signIn('demo', 'demo')).access_token;
  tenantAdmin = (await ts.signIn('admin', 'admin', '100001')).access_token;
});
afterAll(() => ts.close());

describe('/api/blade-system/menu reads', () => {
  test('list: every menu and button as a sorted tree with who declared it; filters by code and name', async () => {
    const tree = (await get('list')) as Node[];
    expect(tree.map((n) => n.code)).toEqual(['wel', 'desk', 'tools', 'base', 'authority', 'system']);
    const system = tree.find((n) => n.code === 'system')!;
    const menu = system.children!.find((n) => n.code === 'menu')!;
    expect(menu).toMatchObject({ name: '菜单管理', nameEn: 'Menus', path: '/system/menu', category: 1, plugin: 'menu', administratorOnly: 1, parentId: system.id });
    expect(menu.children!.map((b) => [b.code, b.category, b.administratorOnly])).toEqual([
      ['menu_add', 2, 1],
      ['menu_edit', 2, 1],
      ['menu_delete', 2, 1],
      ['menu_view', 2, 1],
    ]);
    expect(tree.find((n) => n.code === 'wel')).toMatchObject({ plugin: 'shell', isGroup: 0 });
    expect(tree.find((n) => n.code === 'wel')).not.toHaveProperty('children');
    expect(system.isGroup).toBe(1);

    expect(codes((await get('list', { code: 'menu_' })) as Node[])).toEqual(['menu_add', 'menu_edit', 'menu_delete', 'menu_view']);
    expect(codes((await get('list', { name: '菜单' })) as Node[])).toEqual(['menu']);
    expect(codes((await get('menu-list')) as Node[])).not.toContain('menu_add');
    expect(codes((await get('menu-list')) as Node[])).toContain('test');
  });

  test('lazy-list: one level with hasChildren, buttons included; lazy-menu-list: menus only; searching from the top finds every level', async () => {
    const roots = (await get('lazy-list')) as Node[];
    expect(roots.map((n) => [n.code, n.hasChildren])).toEqual([
      ['wel', false],
      ['desk', true],
      ['tools', true],
      ['base', false],
      ['authority', false],
      ['system', true],
    ]);
    for (const r of roots) expect(r).not.toHaveProperty('children');
    const menuId = await idOf('menu');
    const buttons = (await get('lazy-list', { parentId: menuId })) as Node[];
    expect(buttons.map((n) => [n.code, n.category, n.hasChildren])).toEqual([
      ['menu_add', 2, false],
      ['menu_edit', 2, false],
      ['menu_delete', 2, false],
      ['menu_view', 2, false],
    ]);
    const systemLevel = (await get('lazy-menu-list', { parentId: await idOf('system') })) as Node[];
    expect(systemLevel.map((n) => [n.code, n.hasChildren])).toEqual([['menu', false]]); // its buttons are not menus
    expect((await get('lazy-menu-list', { parentId: menuId })) as Node[]).toEqual([]);
    expect(((await get('lazy-list', { name: '查看' })) as Node[]).map((n) => n.code)).toEqual(['test_view', 'menu_view']);
    expect(((await get('lazy-list', { code: 'test', parentId: await idOf('tools') })) as Node[]).map((n) => n.code)).toEqual(['test']);
  });

  test('tree: TreeNodes of the menus for the parent selector; detail: names of parent, category, action, window', async () => {
    const tree = (await get('tree')) as Node[];
    const desk = tree.find((n) => n.title === '工作台')!;
    expect(desk).toEqual({
      id: desk.id,
      parentId: '0',
      title: '工作台',
      titleEn: 'Workbench',
      key: desk.id,
      value: desk.id,
      children: [expect.objectContaining({ title: '个人信息', key: expect.any(String) })],
    });
    const all = JSON.stringify(tree);
    expect(all).not.toContain('menu_add');
    expect(all).not.toContain('"sort"');
    expect(tree.find((n) => n.title === '首页')).not.toHaveProperty('children');

    const wel = await get('detail', { id: await idOf('wel') });
    expect(wel).toMatchObject({ code: 'wel', parentName: '顶级', categoryName: '菜单', actionName: '', isOpenName: '否', plugin: 'shell' });
    const button = await get('detail', { id: await idOf('menu_delete') });
    expect(button).toMatchObject({ code: 'menu_delete', parentName: '菜单管理', categoryName: '按钮', actionName: '工具操作栏', alias: 'delete' });
    expect(await get('detail', { id: '123' })).toBeNull();
    expect((await ts.get('/api/blade-system/menu/detail', { token: admin, query: { id: 'x' } })).status).toBe(400);
    expect((await ts.get('/api/blade-system/menu/detail', { token: admin })).body.msg).toBe('缺少必要的请求参数: id');
  });

  test('bad queries are 400s: unknown filters, malformed parentId', async () => {
    const unknown = await ts.get('/api/blade-system/menu/list', { token: admin, query: { 'name; drop table blade_menu': 'x' } });
    expect([unknown.status, unknown.body.msg]).toEqual([400, '不支持的查询条件: name; drop table blade_menu']);
    const parent = await ts.get('/api/blade-system/menu/lazy-list', { token: admin, query: { parentId: '1 or 1=1' } });
    expect([parent.status, parent.body.msg]).toEqual([400, '请求参数格式错误: parentId']);
    expect((await ts.get('/api/blade-system/menu/lazy-list', { token: admin, query: { name: "' or 1=1 --" } })).body.data).toEqual([]);
  });
});

describe('/api/blade-system/menu writes', () => {
  test('submit checks every rule with its message', async () => {
    const cases: [Record<string, unknown>, string][] = [
      [valid({ code: undefined }), '请输入菜单编号'],
      [valid({ name: ' ' }), '请输入菜单名称'],
      [valid({ alias: undefined }), '请输入菜单别名'],
      [valid({ sort: undefined }), '请输入菜单排序'],
      [valid({ path: '' }), '请输入路由地址'],
      [valid({ category: 3 }), '请求参数格式错误: category'],
      [valid({ action: 7 }), '请求参数格式错误: action'],
      [valid({ isOpen: 0 }), '请求参数格式错误: isOpen'],
      [valid({ sort: 'x' }), '请求参数格式错误: sort'],
      [valid({ sort: -1 }), 'sort: 不能小于0'],
      [valid({ name: 'x'.repeat(256) }), 'name: 长度不能超过255个字符'],
      [valid({ remark: 'x'.repeat(256) }), 'remark: 长度不能超过255个字符'],
      [valid({ code: 'a b' }), '菜单编号只能包含字母、数字和 _ . : -'],
      [valid({ code: 'menu_add' }), '菜单编号已存在'],
      [valid({ parentId: 'abc' }), '请求参数格式错误: parentId'],
      [valid({ parentId: '123' }), '上级菜单不存在'],
      [valid({ code: 'b1', category: 2, path: '' }), '按钮必须选择上级菜单'],
      [{ id: '123', ...valid() }, '数据不存在'],
      [{ id: 'x', ...valid() }, '请求参数格式错误: id'],
    ];
    for (const [body, msg] of cases) {
      const res = await submit(body);
      expect([JSON.stringify(body).slice(0, 60), res.status, res.body.msg]).toEqual([JSON.stringify(body).slice(0, 60), 400, msg]);
    }
    expect((await submit(valid({ code: 'b2', category: 2, parentId: await idOf('menu_add') }))).body.msg).toBe('父节点只可选择菜单类型!');
    expect((await ts.post('/api/blade-system/menu/submit', { token: admin, body: '{bad', headers: { 'content-type': 'application/json' } })).status).toBe(400);
    expect((await ts.post('/api/blade-system/menu/submit', { token: admin, json: [1] })).status).toBe(400);
    expect(await row('notice')).toBeUndefined();
  });

  test('adds a root, a child and a button; edits; moves; refuses cycles; removes leaves first', async () => {
    expect((await submit(valid({ source: 'message', remark: '<script>alert(1)</script>', nameEn: 'Notices' }))).body.success).toBe(true);
    const notice = await idOf('notice');
    expect(await row('notice')).toMatchObject({ parent_id: '0', plugin: null, decl_hash: null, is_group: 0, administrator_only: 0, remark: '<script>alert(1)</script>' });
    expect((await submit(valid({ code: 'notice_list', name: "列表'); drop table blade_menu; --", path: '/desk/notice/list', parentId: notice }))).status).toBe(200);
    const list = await idOf('notice_list');
    expect((await submit({ code: 'notice_add', name: '新增', alias: 'add', category: 2, action: 1, sort: 1, parentId: list })).status).toBe(200);

    const level = (await get('lazy-list', { parentId: notice })) as Node[];
    expect(level.map((n) => [n.code, n.name, n.hasChildren])).toEqual([['notice_list', "列表'); drop table blade_menu; --", true]]);
    expect(await get('detail', { id: await idOf('notice_add') })).toMatchObject({ parentName: "列表'); drop table blade_menu; --", path: '', actionName: '工具栏' });

    // Cycles: itself, or below its own child.
    expect((await submit({ id: notice, parentId: notice })).body.msg).toBe('父节点不可选择自身!');
    expect((await submit({ id: notice, parentId: list })).body.msg).toBe('父节点不可选择自身!');
    // A menu with children does not become a button; a button cannot hold children.
    expect((await submit({ id: list, category: 2 })).body.msg).toBe('有子节点的菜单不可改为按钮');
    expect((await submit(valid({ code: 'under_button', parentId: await idOf('notice_add') }))).body.msg).toBe('父节点只可选择菜单类型!');

    // Edit: absent keys stay; the move goes under `desk`.
    expect((await submit({ id: list, name: '公告列表', parentId: await idOf('desk') })).status).toBe(200);
    expect(await row('notice_list')).toMatchObject({ name: '公告列表', path: '/desk/notice/list', parent_id: await idOf('desk'), sort: 1 });

    expect((await remove(list)).body.msg).toBe('请先删除子节点!');
    expect((await remove(`${list},${await idOf('notice_add')}`)).body.success).toBe(true);
    expect(await row('notice_list')).toMatchObject({ is_deleted: 1 });
    expect(await get('detail', { id: list })).toBeNull();
    expect((await remove(list)).body.success).toBe(false); // already gone
    expect((await remove('abc')).status).toBe(400);
    expect((await ts.post('/api/blade-system/menu/remove', { token: admin })).body.msg).toBe('缺少必要的请求参数: ids');
  });

  test('a new menu is granted to nobody (BladeX): the administrator sees it, a tenant’s admin does not', async () => {
    expect((await submit(valid({ code: 'report', name: '报表', path: '/report' }))).status).toBe(200);
    const report = await idOf('report');
    expect(await ts.ctx.db.system((tx) => tx.query('select role_id from blade_role_menu where menu_id = $1', [report]))).toEqual([]);
    const routes = async (token: string) => codes((await ts.get('/api/blade-system/menu/routes', { token })).body.data as Node[]);
    expect(await routes(admin)).toContain('report');
    expect(await routes(tenantAdmin)).not.toContain('report');
    expect(await routes(tenantAdmin)).not.toContain('menu'); // administrator-only
  });

  test('the code of a removed menu can be used again (the removed row keeps its grants, under another code)', async () => {
    expect((await submit(valid({ code: 'reuse', path: '/reuse' }))).status).toBe(200);
    const first = await idOf('reuse');
    expect((await remove(first)).body.success).toBe(true);
    expect((await submit(valid({ code: 'reuse', name: '又一个', path: '/reuse' }))).status).toBe(200);
    const second = await idOf('reuse');
    expect(second).not.toBe(first);
    const old = await ts.ctx.db.system((tx) => tx.one<{ code: string; is_deleted: number }>('select code, is_deleted from blade_menu where id = $1', [first]));
    expect(old).toEqual({ code: `reuse~removed~${first}`, is_deleted: 1 });
  });
});

describe('menus declared by plugins', () => {
  test('an edit survives a restart; a changed declaration overwrites it', async () => {
    const id = await idOf('menu');
    expect((await submit({ id, name: '菜单设置', sort: 8, source: 'nav' })).status).toBe(200);
    await restart();
    expect(await row('menu')).toMatchObject({ name: '菜单设置', sort: 8, source: 'nav', plugin: 'menu' });

    const changed: PluginManifest = { ...menuServer.manifest, menus: [{ ...menuServer.manifest.menus![0]!, name: { zh: '菜单维护', en: 'Menus' } }] };
    await restart([shellManifest, changed]);
    expect(await row('menu')).toMatchObject({ name: '菜单维护', sort: 4, source: 'menu' });
    await restart(); // back to the installed declaration
    expect(await row('menu')).toMatchObject({ name: '菜单管理' });
  });

  test('the code and category of a declared row are fixed', async () => {
    const id = await idOf('menu_view');
    expect((await submit({ id, code: 'menu_look' })).body.msg).toBe('插件声明的菜单编号不可修改');
    expect((await submit({ id, category: 1, path: '/x' })).body.msg).toBe('插件声明的菜单类型不可修改');
    expect(await row('menu_view')).toMatchObject({ code: 'menu_view', category: 2 });
  });

  test('a removed declared row stays removed across restarts; adding its code brings it back with its grants', async () => {
    const id = await idOf('info');
    const granted = async () =>
      (await ts.ctx.db.system((tx) => tx.query<{ n: number }>('select count(*)::int as n from blade_role_menu where menu_id = $1', [id])))[0]!.n;
    const before = await granted();
    expect(before).toBeGreaterThan(0); // administrator, every tenant's admin, the demo user role
    const userSees = async () => codes((await ts.get('/api/blade-system/menu/routes', { token: demo })).body.data as Node[]);
    expect(await userSees()).toContain('info');

    expect((await remove(id)).body.success).toBe(true);
    await restart();
    expect(await row('info')).toMatchObject({ is_deleted: 1 });
    expect(await userSees()).not.toContain('info');
    // Taking its code for something else is refused; adding it as what it was restores the row.
    expect((await submit({ code: 'info', name: '查看', alias: 'view', category: 2, action: 2, sort: 4, parentId: await idOf('desk') })).body.msg).toBe('插件声明的菜单类型不可修改');
    const back = await submit(valid({ code: 'info', name: '个人信息', path: '/info/index', sort: 2, parentId: await idOf('desk') }));
    expect(back.status).toBe(200);
    expect(await row('info')).toMatchObject({ id, is_deleted: 0, plugin: 'shell' });
    expect(await granted()).toBe(before);
    expect(await userSees()).toContain('info');
  });
});

describe('who may use the menus API', () => {
  test('the menu and its buttons as declared: 菜单管理 under 系统管理, the four list buttons, the administrator’s only', async () => {
    const routes = (await ts.get('/api/blade-system/menu/routes', { token: admin })).body.data as Node[];
    const menu = routes.find((m) => m.code === 'system')?.children?.find((m) => m.code === 'menu');
    expect(menu).toMatchObject({ name: '菜单管理', nameEn: 'Menus', path: '/system/menu', source: 'menu', sort: 4 });
    const buttons = (await ts.get('/api/blade-system/menu/buttons', { token: admin })).body.data as Node[];
    expect(buttons.find((m) => m.code === 'menu')?.children?.map((b) => [b.code, b.alias, b.action])).toEqual([
      ['menu_add', 'add', 1],
      ['menu_edit', 'edit', 2],
      ['menu_delete', 'delete', 3],
      ['menu_view', 'view', 2],
    ]);
    expect(codes((await ts.get('/api/blade-system/menu/buttons', { token: tenantAdmin })).body.data as Node[])).not.toContain('menu_view');
  });

  test('only the super administrator: a tenant’s admin and a plain user get 403 on every endpoint', async () => {
    const id = await idOf('wel');
    for (const token of [tenantAdmin, demo]) {
      for (const path of ['list', 'menu-list', 'lazy-list', 'lazy-menu-list', 'tree']) {
        const res = await ts.get(`/api/blade-system/menu/${path}`, { token });
        expect([path, res.status, res.body.msg]).toEqual([path, 403, '没有权限执行此操作']);
      }
      expect((await ts.get('/api/blade-system/menu/detail', { token, query: { id } })).status).toBe(403);
      expect((await submit({ id, name: '偷改' }, token)).status).toBe(403);
      expect((await submit('not json', token)).status).toBe(403);
      expect((await remove(id, token)).status).toBe(403);
    }
    expect(await row('wel')).toMatchObject({ name: '首页', is_deleted: 0 });
    expect((await ts.get('/api/blade-system/menu/list')).status).toBe(401);
  });

  test('nothing above answered 500', () => {
    expect(ts.logged).toEqual([]);
  });
});
