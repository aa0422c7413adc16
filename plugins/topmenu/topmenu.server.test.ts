import { afterAll, beforeAll, describe, expect, test } from '@rstest/core';
import { hashPassword, md5, nextTenantId, provisionTenant, syncMenus } from '../../core/sdk/server';
import { createTestServer, shellManifest, type TestServer } from '../../core/sdk/server-testing';
import menuServer from '../menu/server';
import topmenuServer from './server';

/**
 * The top-menu API (list, detail, submit, remove) and its menu grant (which menus a top menu shows), on
 * the kernel with this plugin and the menu plugin (whose administrator-only menu shows what a tenant's
 * admin may not hand out).
 */

let ts: TestServer;
let admin: string; // administrator of 000000
let demoAdmin: string; // admin of tenant 100001 (role `admin`: every menu but the administrator-only ones)
let setter: string; // tenant 100001: topmenu, topmenu_setting and the home menu only
let reader: string; // tenant 100001: topmenu only

type Row = Record<string, string | number>;
interface Node {
  id: string;
  code: string;
  title: string;
  children?: Node[];
}

const list = async (query: Record<string, string> = {}, token = admin) => {
  const res = await ts.get('/api/blade-system/topmenu/list', { token, query });
  if (res.status !== 200) throw new Error(JSON.stringify(res.body));
  return res.body.data as { records: Row[]; total: number };
};
const submit = (json: unknown, token = admin) => ts.post('/api/blade-system/topmenu/submit', { token, json });
const grant = (json: unknown, token = demoAdmin) => ts.post('/api/blade-system/topmenu/grant', { token, json });
const keys = async (topMenuIds: string, token = demoAdmin) => (await ts.get('/api/blade-system/menu/top-tree-keys', { token, query: { topMenuIds } })).body.data.menu as string[];
const menuId = async (code: string) => (await ts.ctx.db.system((tx) => tx.one<{ id: string }>('select id::text as id from blade_menu where code = $1', [code])))!.id;
const topId = async (tenantId: string, code: string) =>
  (await ts.ctx.db.system((tx) => tx.one<{ id: string }>('select id::text as id from blade_top_menu where tenant_id = $1 and code = $2', [tenantId, code])))!.id;
const settings = async (topMenuId: string) =>
  (await ts.ctx.db.system((tx) => tx.query<{ code: string }>('select m.code from blade_top_menu_setting s join blade_menu m on m.id = s.menu_id where s.top_menu_id = $1 order by m.code', [topMenuId]))).map(
    (r) => r.code,
  );
const codesOf = (nodes: { code: string; children?: unknown[] }[]): string[] => nodes.flatMap((n) => [n.code, ...codesOf((n.children ?? []) as typeof nodes)]);
const routes = async (token: string, topMenuId: string) => codesOf((await ts.get('/api/blade-system/menu/routes', { token, query: { topMenuId } })).body.data);
const titles = (nodes: Node[]): string[] => nodes.flatMap((n) => [n.title, ...titles(n.children ?? [])]);

beforeAll(async () => {
  ts = await createTestServer({ plugins: [menuServer, topmenuServer] });
  admin = (await ts.signIn('admin', 'admin')).access_token;
  demoAdmin = (await ts.signIn('admin', 'admin', '100001')).access_token;
  const setterRole = await ts.addRole({ tenantId: '100001', alias: 'top_setter', codes: ['topmenu', 'topmenu_setting', 'wel'] });
  await ts.addUser({ tenantId: '100001', account: 'setter', password: 'setter', roleId: setterRole });
  setter = (await ts.signIn('setter', 'setter', '100001')).access_token;
  const readerRole = await ts.addRole({ tenantId: '100001', alias: 'top_reader', codes: ['topmenu'] });
  await ts.addUser({ tenantId: '100001', account: 'reader', password: 'reader', roleId: readerRole });
  reader = (await ts.signIn('reader', 'reader', '100001')).access_token;
});
afterAll(() => ts.close());

describe('/api/blade-system/topmenu', () => {
  test('list: the tenant’s top menus by sort (the declared ones say by whom); filters code and name', async () => {
    const page = await list();
    expect(page.records.map((r) => [r.code, r.name, r.nameEn, r.source, r.sort, r.plugin, r.tenantId])).toEqual([
      ['top_desk', '工作台', 'Workbench', 'dashboard', 1, 'shell', '000000'],
      ['top_tools', '系统工具', 'System tools', 'tool', 2, 'shell', '000000'],
    ]);
    expect((await list({ code: 'tools' })).records.map((r) => r.code)).toEqual(['top_tools']);
    expect((await list({ name: '工作' })).records.map((r) => r.code)).toEqual(['top_desk']);
    const bad = await ts.get('/api/blade-system/topmenu/list', { token: admin, query: { tenant_id: '100001' } });
    expect([bad.status, bad.body.msg]).toEqual([400, '不支持的查询条件: tenant_id']);
  });

  test('submit: the rules with their messages; add, edit, detail, remove; a code is unique per tenant', async () => {
    const cases: [Record<string, unknown>, string][] = [
      [{ name: 'n', sort: 1 }, '请输入顶部菜单编号'],
      [{ code: 'c', sort: 1 }, '请输入顶部菜单名'],
      [{ code: 'c', name: 'n' }, '请输入顶部菜单排序'],
      [{ code: 'c'.repeat(256), name: 'n', sort: 1 }, 'code: 长度不能超过255个字符'],
      [{ code: 'c', name: 'n', sort: -1 }, 'sort: 不能小于0'],
      [{ code: 'c', name: 'n', sort: '一' }, '请求参数格式错误: sort'],
      [{ code: ['c'], name: 'n', sort: 1 }, '请求参数格式错误: code'],
      [{ code: 'top_desk', name: 'n', sort: 1 }, '顶部菜单编号已存在'],
      [{ id: '1 or 1=1', code: 'c', name: 'n', sort: 1 }, '请求参数格式错误: id'],
      [{ id: '123', code: 'c', name: 'n', sort: 1 }, '数据不存在'],
    ];
    for (const [body, msg] of cases) {
      const res = await submit(body);
      expect([res.status, res.body.msg]).toEqual([400, msg]);
    }
    expect((await ts.post('/api/blade-system/topmenu/submit', { token: admin, body: 'x', headers: { 'content-type': 'application/json' } })).status).toBe(400);

    expect((await submit({ code: 'top_report', name: '<b>报表</b>', nameEn: "Reports'; --", source: 'book', sort: 3 })).body.success).toBe(true);
    const [mine] = (await list({ code: 'top_report' })).records;
    expect(mine).toMatchObject({ name: '<b>报表</b>', nameEn: "Reports'; --", source: 'book', sort: 3, plugin: '', createUser: '1123598821738675201' });
    expect((await submit({ id: mine!.id, name: '报表中心' })).status).toBe(200);
    expect((await ts.get('/api/blade-system/topmenu/detail', { token: admin, query: { id: String(mine!.id) } })).body.data).toMatchObject({ code: 'top_report', name: '报表中心', sort: 3 });
    // The same code is free in another tenant.
    expect((await submit({ code: 'top_report', name: '报表', sort: 3 }, demoAdmin)).status).toBe(200);
    expect((await ts.post('/api/blade-system/topmenu/remove', { token: admin, query: { ids: String(mine!.id) } })).body.success).toBe(true);
    expect((await ts.get('/api/blade-system/topmenu/detail', { token: admin, query: { id: String(mine!.id) } })).body.data).toBeNull();
    // A removed top menu's code can be used again.
    expect((await submit({ code: 'top_report', name: '又一个', sort: 4 })).status).toBe(200);
    expect((await list({ code: 'top_report' })).records.map((r) => r.name)).toEqual(['又一个']);
  });

  test('declared top menus: the code is fixed; one removed comes back, with its menus, when its code is added', async () => {
    const id = await topId('000000', 'top_tools');
    expect((await submit({ id, code: 'top_tools2' })).body.msg).toBe('插件声明的顶部菜单编号不可修改');
    expect((await submit({ id, name: '工具箱' })).status).toBe(200);
    await syncMenus(ts.ctx.db, ts.ctx.ids, [shellManifest, menuServer.manifest, topmenuServer.manifest], ts.ctx.extensions.topMenus); // a restart
    expect((await list({ code: 'top_tools' })).records[0]).toMatchObject({ name: '工具箱' });

    const before = await settings(id);
    expect(before).toEqual(expect.arrayContaining(['tools', 'about', 'system', 'menu', 'topmenu']));
    expect((await ts.post('/api/blade-system/topmenu/remove', { token: admin, query: { ids: id } })).body.success).toBe(true);
    await syncMenus(ts.ctx.db, ts.ctx.ids, [shellManifest, menuServer.manifest, topmenuServer.manifest], ts.ctx.extensions.topMenus);
    expect((await list({ code: 'top_tools' })).total).toBe(0); // stays removed
    expect((await submit({ code: 'top_tools', name: '系统工具', sort: 2, source: 'tool' })).status).toBe(200);
    expect((await list({ code: 'top_tools' })).records[0]).toMatchObject({ id, plugin: 'shell' });
    expect(await settings(id)).toEqual(before);
  });

  test('tenant isolation: another tenant’s top menu does not exist for detail, submit, remove, grant or its keys', async () => {
    const theirs = await topId('000000', 'top_desk');
    const shown = await settings(theirs);
    expect((await ts.get('/api/blade-system/topmenu/detail', { token: demoAdmin, query: { id: theirs } })).body.data).toBeNull();
    const steal = await submit({ id: theirs, code: 'top_desk', name: 'x', sort: 1 }, demoAdmin);
    expect([steal.status, steal.body.msg]).toEqual([400, '数据不存在']);
    expect((await ts.post('/api/blade-system/topmenu/remove', { token: demoAdmin, query: { ids: theirs } })).body.success).toBe(false);
    const taken = await grant({ topMenuIds: [theirs], menuIds: [await menuId('wel')] });
    expect([taken.status, taken.body.msg]).toEqual([400, '数据不存在']);
    expect(await keys(theirs)).toEqual([]);
    expect((await list({}, demoAdmin)).records.every((r) => r.tenantId === '100001')).toBe(true);
    expect((await ts.get('/api/blade-system/topmenu/detail', { token: admin, query: { id: theirs } })).body.data).toMatchObject({ name: '工作台' });
    expect(await settings(theirs)).toEqual(shown);
  });
});

describe('menu grant of top menus', () => {
  test('grant replaces what the top menus show; top-tree-keys and menu/routes?topMenuId follow', async () => {
    const desk = await topId('100001', 'top_desk');
    expect(await routes(demoAdmin, desk)).toEqual(['wel', 'desk', 'info']);
    expect((await grant({ topMenuIds: [desk], menuIds: [await menuId('wel')] })).body.success).toBe(true);
    expect(await keys(desk)).toEqual([await menuId('wel')]);
    expect(await routes(demoAdmin, desk)).toEqual(['wel']);

    // The query form (BladeX @RequestParam), several top menus at once.
    const report = (await list({ code: 'top_report' }, demoAdmin)).records[0]!.id as string;
    const res = await ts.post('/api/blade-system/topmenu/grant', {
      token: demoAdmin,
      query: { topMenuIds: `${desk},${report}`, menuIds: `${await menuId('desk')},${await menuId('info')}` },
    });
    expect(res.body.success).toBe(true);
    expect(await routes(demoAdmin, desk)).toEqual(['desk', 'info']);
    expect(await routes(demoAdmin, report)).toEqual(['desk', 'info']);
    expect(await keys(`${desk},${report}`)).toEqual([await menuId('desk'), await menuId('info')].sort());
    // Nothing: the top menu shows nothing.
    expect((await grant({ topMenuIds: report, menuIds: [] })).body.success).toBe(true);
    expect(await routes(demoAdmin, report)).toEqual([]);
  });

  test('grant-top-tree: the menus the caller may see; a grant of any other menu is refused (no escalation)', async () => {
    const tree = (await ts.get('/api/blade-system/menu/grant-top-tree', { token: setter })).body.data;
    expect(tree).toMatchObject({ dataScope: [], apiScope: [] });
    // Home, and the top-menu screen under its group.
    expect(titles(tree.menu)).toEqual(['首页', '系统管理', '顶部菜单']);
    const adminTree = (await ts.get('/api/blade-system/menu/grant-top-tree', { token: demoAdmin })).body.data.menu as Node[];
    expect(titles(adminTree)).toEqual(expect.arrayContaining(['首页', '工作台', '系统管理', '顶部菜单']));
    expect(titles(adminTree)).not.toContain('菜单管理'); // administrator-only
    expect(adminTree[0]).toEqual({ id: adminTree[0]!.id, parentId: '0', title: '首页', titleEn: 'Home', key: adminTree[0]!.id, value: adminTree[0]!.id });

    const desk = await topId('100001', 'top_desk');
    const before = await settings(desk);
    for (const [token, code] of [
      [setter, 'desk'], // not granted to the setter
      [demoAdmin, 'menu'], // administrator-only
      [demoAdmin, 'topmenu_add'], // a button, not a menu
    ] as const) {
      const res = await grant({ topMenuIds: [desk], menuIds: [await menuId(code)] }, token);
      expect([code, res.status, res.body.msg]).toEqual([code, 400, '只能配置自己可见的菜单']);
    }
    expect((await grant({ topMenuIds: [desk], menuIds: ['999999'] })).status).toBe(400);
    expect(await settings(desk)).toEqual(before);
    expect(before).toEqual(['desk', 'info']); // from the grant test above
    // The setter's own grant: home added; desk and info, which the setter cannot see, stay.
    expect((await grant({ topMenuIds: [desk], menuIds: [await menuId('wel')] }, setter)).body.success).toBe(true);
    expect(await settings(desk)).toEqual(['desk', 'info', 'wel']);
  });

  test('a grant keeps what the caller cannot see; the keys are only those the caller may see', async () => {
    const tools = await topId('100001', 'top_tools');
    expect(await settings(tools)).toContain('menu'); // from the declaration, administrator-only
    expect(await keys(tools)).not.toContain(await menuId('menu'));
    expect((await grant({ topMenuIds: [tools], menuIds: [await menuId('system')] })).body.success).toBe(true);
    // Kept: the administrator-only menus (the menu screen, the shell's developer demos), and the groups
    // with nothing visible in them.
    expect(await settings(tools)).toEqual(['about', 'arco_docs', 'authority', 'base', 'menu', 'system', 'test', 'tools']);
    expect(await keys(tools)).toEqual([await menuId('system')]);
  });

  test('bad input: 400 with a message, nothing changed', async () => {
    const desk = await topId('100001', 'top_desk');
    const before = await settings(desk);
    const cases: [unknown, string][] = [
      [{ menuIds: [] }, '缺少必要的请求参数: topMenuIds'],
      [{ topMenuIds: 'abc', menuIds: [] }, '请求参数格式错误: topMenuIds'],
      [{ topMenuIds: [desk], menuIds: [{ id: 1 }] }, '请求参数格式错误: menuIds'],
      [{ topMenuIds: [desk], menuIds: '1;drop table blade_menu' }, '请求参数格式错误: menuIds'],
      [{ topMenuIds: { a: 1 }, menuIds: [] }, '请求参数格式错误: topMenuIds'],
      [[desk], '请求参数格式错误: body'],
    ];
    for (const [body, msg] of cases) {
      const res = await grant(body);
      expect([res.status, res.body.msg]).toEqual([400, msg]);
    }
    expect((await ts.post('/api/blade-system/topmenu/grant', { token: demoAdmin })).body.msg).toBe('缺少必要的请求参数: topMenuIds');
    expect((await ts.get('/api/blade-system/menu/top-tree-keys', { token: demoAdmin })).body.msg).toBe('缺少必要的请求参数: topMenuIds');
    expect((await ts.get('/api/blade-system/menu/top-tree-keys', { token: demoAdmin, query: { topMenuIds: 'x' } })).status).toBe(400);
    expect(await settings(desk)).toEqual(before);
  });

  test('permissions: topmenu reads; _add / _edit / _delete write; topmenu_setting grants', async () => {
    const desk = await topId('100001', 'top_desk');
    expect((await list({}, reader)).total).toBeGreaterThan(0);
    expect((await submit({ code: 'r', name: 'r', sort: 1 }, reader)).status).toBe(403);
    expect((await submit({ id: desk, name: 'r' }, reader)).status).toBe(403);
    expect((await ts.post('/api/blade-system/topmenu/remove', { token: reader, query: { ids: desk } })).status).toBe(403);
    for (const call of [
      () => grant({ topMenuIds: [desk], menuIds: [] }, reader),
      () => ts.get('/api/blade-system/menu/grant-top-tree', { token: reader }),
      () => ts.get('/api/blade-system/menu/top-tree-keys', { token: reader, query: { topMenuIds: desk } }),
    ]) {
      const res = await call();
      expect([res.status, res.body.msg]).toEqual([403, '没有权限执行此操作']);
    }
    // The setter may grant but not write the rows.
    expect((await submit({ code: 's', name: 's', sort: 1 }, setter)).status).toBe(403);
    const nobodyRole = await ts.addRole({ tenantId: '100001', alias: 'nobody', codes: ['wel'] });
    await ts.addUser({ tenantId: '100001', account: 'nobody', password: 'nobody', roleId: nobodyRole });
    const nobody = (await ts.signIn('nobody', 'nobody', '100001')).access_token;
    expect((await ts.get('/api/blade-system/topmenu/list', { token: nobody })).status).toBe(403);
    expect((await ts.get('/api/blade-system/topmenu/detail', { token: nobody, query: { id: desk } })).status).toBe(403);
  });

  test('nothing above answered 500', () => {
    expect(ts.logged).toEqual([]);
  });
});

describe('what the kernel asks of top menus', () => {
  test('a new tenant gets the declared top menus, showing the same menus; the top bar lists them', async () => {
    const tenantId = await ts.ctx.db.system(async (tx) => {
      const id = await nextTenantId(tx);
      await provisionTenant(tx, ts.ctx.ids, ts.ctx.extensions, { tenantId: id, tenantName: '新租户', adminPasswordHash: await hashPassword(md5('admin')) });
      return id;
    });
    expect(await settings(await topId(tenantId, 'top_desk'))).toEqual(await settings(await topId('000000', 'top_desk')));
    const token = (await ts.signIn('admin', 'admin', tenantId)).access_token;
    const tops = (await ts.get('/api/blade-system/menu/top-menu', { token })).body.data as { code: string }[];
    expect(tops.map((t) => t.code)).toEqual(['top_desk', 'top_tools']);
  });
});
