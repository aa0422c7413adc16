import { afterAll, beforeAll, describe, expect, test } from '@rstest/core';
import { createTestServer, type TestServer } from '../../core/sdk/server-testing';
import { englishValuesMigration } from './english-values';
import dictServer from './server';

/** Dictionaries and business dictionaries on the kernel with this plugin alone. */

let ts: TestServer;
let admin: string; // administrator of 000000
let demo: string; // role `user`: no dictionary menu
let tenantAdmin: string; // admin (alias admin) of 100001: every menu, but not an administrator

type Row = Record<string, any>;
const get = async (path: string, query: Record<string, string | number> = {}, token = admin) => ts.get(`/api/blade-system/${path}`, { token, query });
const data = async (path: string, query: Record<string, string | number> = {}, token = admin) => {
  const res = await get(path, query, token);
  if (res.status !== 200) throw new Error(`${path}: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body.data;
};
const submit = (base: string, json: unknown, token = admin) => ts.post(`/api/blade-system/${base}/submit`, { token, json });
const parentOf = async (base: string, code: string, token = admin): Promise<Row> => (await data(`${base}/parent-list`, { code, size: 100 }, token)).records.find((r: Row) => r.code === code);

beforeAll(async () => {
  ts = await createTestServer({ plugins: [dictServer] });
  admin = (await ts.signIn('admin', 'admin')).access_token;
  demo = (await ts.signIn('demo', 'demo')).access_token;
  tenantAdmin = (await ts.signIn('admin', 'admin', '100001')).access_token;
});
afterAll(() => ts.close());

describe('GET dictionary?code=', () => {
  test('the entries of a dictionary, in BladeX shape, for any signed-in user', async () => {
    const sex = await data('dict/dictionary', { code: 'sex' }, demo);
    expect(sex).toEqual([
      { id: '1123598814738675202', parentId: '1123598814738675201', code: 'sex', dictKey: '1', dictValue: '男', dictValueEn: 'Male', sort: 1, remark: '', isSealed: 0, isDeleted: 0 },
      { id: '1123598814738675203', parentId: '1123598814738675201', code: 'sex', dictKey: '2', dictValue: '女', dictValueEn: 'Female', sort: 2, remark: '', isSealed: 0, isDeleted: 0 },
    ]);
    const seeded = {
      notice: ['发布通知', '批转通知', '转发通知', '指示通知', '任免通知', '事务通知'],
      menu_category: ['菜单', '按钮'],
      button_func: ['工具栏', '操作栏', '工具操作栏'],
      yes_no: ['否', '是'],
      data_scope_type: ['全部可见', '本人可见', '所在机构可见', '所在机构及子级可见', '自定义'],
      api_scope_type: ['系统接口', '业务接口'],
      post_category: ['高层', '中层', '基层', '其他'],
      region: ['国家', '省份/直辖市', '地市', '区县', '乡镇', '村委'],
      org_category: ['公司', '部门', '小组'],
      user_type: ['web', 'app', 'other'],
      scope_category: ['数据权限', '接口权限'],
    };
    for (const [code, values] of Object.entries(seeded)) {
      expect([code, (await data('dict/dictionary', { code }, demo)).map((r: Row) => r.dictValue)]).toEqual([code, values]);
    }
    expect((await data('dict/dictionary', { code: 'region' })).map((r: Row) => r.dictKey)).toEqual(['0', '1', '2', '3', '4', '5']);
    expect(await data('dict/dictionary', { code: 'nothing' })).toEqual([]);
    expect((await get('dict/dictionary')).body.msg).toBe('缺少必要的请求参数: code');
  });

  test("dictValue in the caller's language: the English value in English, the Chinese one without it or in Chinese", async () => {
    const inEnglish = async (base: string, code: string, token = demo) => {
      const res = await ts.get(`/api/blade-system/${base}/dictionary`, { token, query: { code }, headers: { 'Accept-Language': 'en-US,en;q=0.9' } });
      expect(res.status).toBe(200);
      return (res.body.data as Row[]).map((r) => r.dictValue);
    };
    expect(await inEnglish('dict', 'sex')).toEqual(['Male', 'Female']);
    const english = {
      notice: ['Announcement', 'Approval and forwarding', 'Forwarded notice', 'Instruction', 'Appointment and removal', 'Affairs notice'],
      menu_category: ['Menu', 'Button'],
      button_func: ['Toolbar', 'Row actions', 'Toolbar and row actions'],
      yes_no: ['No', 'Yes'],
      data_scope_type: ['Everything', 'Own records', 'Own department', 'Own department and below', 'Custom'],
      api_scope_type: ['System API', 'Business API'],
      post_category: ['Senior', 'Middle', 'Junior', 'Other'],
      region: ['Country', 'Province / municipality', 'City', 'District / county', 'Township', 'Village'],
      org_category: ['Company', 'Department', 'Team'],
      user_type: ['Web', 'App', 'Other'],
      scope_category: ['Data scope', 'API scope'],
    };
    for (const [code, values] of Object.entries(english)) expect([code, await inEnglish('dict', code)]).toEqual([code, values]);
    expect(await inEnglish('dict-biz', 'card_template')).toEqual(['Simple', 'Business', 'Creative']);
    expect(await inEnglish('dict-biz', 'order_status', tenantAdmin)).toEqual(['Awaiting payment', 'Paid', 'Shipped', 'Completed', 'Cancelled']);
    // Chinese for a Chinese caller, and for one whose language is neither.
    for (const language of ['zh-CN', 'fr']) {
      const res = await ts.get('/api/blade-system/dict/dictionary', { token: demo, query: { code: 'sex' }, headers: { 'Accept-Language': language } });
      expect(res.body.data.map((r: Row) => r.dictValue)).toEqual(['男', '女']);
    }
    // The management lists show what is stored, whatever the language: the form edits both values.
    const sex = await ts.get('/api/blade-system/dict/child-list', { token: admin, query: { parentId: '1123598814738675201' }, headers: { 'Accept-Language': 'en' } });
    expect(sex.body.data.map((r: Row) => [r.dictValue, r.dictValueEn])).toEqual([
      ['男', 'Male'],
      ['女', 'Female'],
    ]);
  });

  test('business dictionaries per tenant', async () => {
    expect((await data('dict-biz/dictionary', { code: 'card_template' }, demo)).map((r: Row) => [r.dictKey, r.dictValue, r.tenantId])).toEqual([
      ['1', '简约', '000000'],
      ['2', '商务', '000000'],
      ['3', '创意', '000000'],
    ]);
    expect((await data('dict-biz/dictionary', { code: 'order_status' }, tenantAdmin)).map((r: Row) => r.dictValue)).toEqual(['待支付', '已支付', '已发货', '已完成', '已取消']);
    expect((await data('dict-biz/dictionary', { code: 'order_status' }, tenantAdmin))[0].tenantId).toBe('100001');
  });
});

describe('reading', () => {
  test('parent-list: top-level rows, paged, ordered by sort, filtered by code and name', async () => {
    const page = await data('dict/parent-list', { current: 1, size: 5 });
    expect(page).toMatchObject({ total: 12, size: 5, current: 1, pages: 3 });
    expect(page.records.map((r: Row) => r.code)).toEqual(['sex', 'notice', 'menu_category', 'button_func', 'yes_no']);
    expect(page.records[0]).toMatchObject({ parentId: '0', dictKey: '-1', dictValue: '性别', parentName: '顶级' });
    expect((await data('dict/parent-list', { dictValue: '权限' })).records.map((r: Row) => r.code)).toEqual(['data_scope_type', 'api_scope_type', 'scope_category']);
    expect((await data('dict/parent-list', { code: 'TYPE' })).records.map((r: Row) => r.code)).toEqual(['data_scope_type', 'api_scope_type', 'user_type']);
    expect((await get('dict/parent-list', { dictKey: '1' })).body.msg).toBe('不支持的查询条件: dictKey');
  });

  test('child-list: the rows of the parent’s code as a tree, the parent left out', async () => {
    const sex = await parentOf('dict', 'sex');
    const children = await data('dict/child-list', { parentId: sex.id });
    expect(children.map((r: Row) => [r.dictKey, r.dictValue, r.parentName])).toEqual([
      ['1', '男', '性别'],
      ['2', '女', '性别'],
    ]);
    for (const child of children) expect(child).not.toHaveProperty('children');
    expect(await data('dict/child-list', { parentId: -1 })).toEqual([]);
    expect(await data('dict/child-list')).toEqual([]);
    expect(await data('dict/child-list', { parentId: '42' })).toEqual([]);
    expect((await get('dict/child-list', { parentId: 'x' })).body.msg).toBe('请求参数格式错误: parentId');
    expect((await data('dict/child-list', { parentId: sex.id, dictValue: '女' })).map((r: Row) => r.dictKey)).toEqual(['2']);
  });

  test('list: the whole tree; detail with parentName; tree as TreeNode', async () => {
    const tree = await data('dict/list');
    expect(tree.map((r: Row) => r.code)).toEqual(['sex', 'notice', 'menu_category', 'button_func', 'yes_no', 'data_scope_type', 'api_scope_type', 'post_category', 'region', 'org_category', 'user_type', 'scope_category']);
    expect(tree[0]).toMatchObject({ dictValue: '性别', parentName: '顶级' });
    expect(tree[0].children.map((r: Row) => r.dictValue)).toEqual(['男', '女']);
    expect((await data('dict/list', { code: 'yes_no' })).map((r: Row) => [r.dictValue, (r.children ?? []).length])).toEqual([['是否', 2]]);

    expect(await data('dict/detail', { id: '1123598814738675202' })).toMatchObject({ code: 'sex', dictValue: '男', parentName: '性别' });
    expect(await data('dict/detail', { id: '1123598814738675201' })).toMatchObject({ dictValue: '性别', parentName: '顶级' });
    expect((await get('dict/detail', { id: '1' })).body.data).toBeNull();

    // The dictionaries' API has no lazy tree.
    for (const path of ['dict/lazy-list', 'dict/lazy-tree', 'dict-biz/lazy-list']) expect([path, (await get(path)).status]).toEqual([path, 404]);

    const nodes = await data('dict/tree');
    expect(nodes[0]).toEqual({
      id: '1123598814738675201',
      parentId: '0',
      title: '性别',
      key: '1123598814738675201',
      value: '1123598814738675201',
      hasChildren: true,
      children: [
        { id: '1123598814738675202', parentId: '1123598814738675201', title: '男', key: '1123598814738675202', value: '1123598814738675202', hasChildren: false },
        { id: '1123598814738675203', parentId: '1123598814738675201', title: '女', key: '1123598814738675203', value: '1123598814738675203', hasChildren: false },
      ],
    });
  });

  test('reading the admin lists needs the menu code (403 for the demo user), dictionary does not', async () => {
    for (const path of ['dict/list', 'dict/parent-list', 'dict/tree', 'dict-biz/parent-list']) {
      const res = await get(path, {}, demo);
      expect([path, res.status, res.body.msg]).toEqual([path, 403, '没有权限执行此操作']);
    }
    expect((await get('dict/parent-list', {}, tenantAdmin)).status).toBe(200);
  });
});

describe('writing', () => {
  test('a new dictionary: the parent form’s rules, parentId null → 0, dict_key -1', async () => {
    const msg = async (json: unknown) => (await submit('dict', json)).body.msg;
    expect(await msg({ dictValue: '颜色', sort: 20, isSealed: 0 })).toBe('请输入字典编号');
    expect(await msg({ code: 'color', sort: 20, isSealed: 0 })).toBe('请输入字典名称');
    expect(await msg({ code: 'color', dictValue: '颜色', isSealed: 0 })).toBe('请输入字典排序');
    expect(await msg({ code: 'color', dictValue: '颜色', sort: 20, isSealed: null })).toBe('请选择封存');
    expect(await msg({ code: 'color', dictValue: '颜色', sort: 'x', isSealed: 0 })).toBe('请求参数格式错误: sort');
    expect((await submit('dict', { code: 'color', dictValue: '颜色', sort: 20, isSealed: 0, parentId: null, dictKey: '7' })).body.success).toBe(true);
    expect(await parentOf('dict', 'color')).toMatchObject({ parentId: '0', dictKey: '-1', dictValue: '颜色', sort: 20, isSealed: 0 });
    expect(await msg({ code: 'color', dictValue: '又一个', sort: 21, isSealed: 0 })).toBe('当前字典键值已存在!');
  });

  test('entries: the child form’s rules, the parent’s code, unique keys, the isSealed toggle', async () => {
    const color = await parentOf('dict', 'color');
    const msg = async (json: unknown) => (await submit('dict', json)).body.msg;
    expect(await msg({ parentId: color.id, dictValue: '红', sort: 1, isSealed: 0 })).toBe('请输入字典键值');
    expect(await msg({ parentId: '42', dictKey: 'r', dictValue: '红', sort: 1, isSealed: 0 })).toBe('上级字典不存在');
    // The code comes from the parent, whatever the form says.
    expect((await submit('dict', { parentId: color.id, code: 'other', dictKey: 'r', dictValue: '红', sort: 2, isSealed: 0 })).body.success).toBe(true);
    expect((await submit('dict', { parentId: color.id, dictKey: 'g', dictValue: '绿', sort: 1, isSealed: 0 })).body.success).toBe(true);
    expect(await msg({ parentId: color.id, dictKey: 'r', dictValue: '又红', sort: 3, isSealed: 0 })).toBe('当前字典键值已存在!');
    const entries = await data('dict/dictionary', { code: 'color' });
    expect(entries.map((r: Row) => [r.code, r.dictKey, r.dictValue])).toEqual([
      ['color', 'g', '绿'],
      ['color', 'r', '红'],
    ]);
    // Editing an entry: code and parent stay; a key taken by a sibling is refused.
    const green = entries[0];
    expect((await submit('dict', { id: green.id, code: 'x', parentId: '0', dictKey: 'g2', dictValue: '绿色', sort: 1, isSealed: 0 })).body.success).toBe(true);
    expect(await data('dict/detail', { id: green.id })).toMatchObject({ code: 'color', parentId: color.id, dictKey: 'g2', dictValue: '绿色' });
    expect(await msg({ id: green.id, dictKey: 'r' })).toBe('当前字典键值已存在!');
    // Sealing hides an entry from dictionary?code= (not from the admin lists), and back.
    expect((await submit('dict', { id: green.id, isSealed: 1 })).body.success).toBe(true);
    expect((await data('dict/dictionary', { code: 'color' })).map((r: Row) => r.dictKey)).toEqual(['r']);
    expect((await data('dict/child-list', { parentId: color.id })).map((r: Row) => [r.dictKey, r.isSealed])).toEqual([['g2', 1], ['r', 0]]);
    expect((await submit('dict', { id: green.id, isSealed: 0 })).body.success).toBe(true);
    expect((await data('dict/dictionary', { code: 'color' })).map((r: Row) => r.dictKey)).toEqual(['g2', 'r']);
    expect((await submit('dict', { id: '1', dictValue: 'x' })).body.msg).toBe('数据不存在');
  });

  test('the English value: optional, edited with the entry, read by English callers; none falls back to the Chinese value', async () => {
    const color = await parentOf('dict', 'color');
    const read = async (language: string) =>
      (await ts.get('/api/blade-system/dict/dictionary', { token: demo, query: { code: 'color' }, headers: { 'Accept-Language': language } })).body.data.map((r: Row) => [r.dictKey, r.dictValue]);
    // Made without one: the Chinese value in English too.
    expect(await read('en')).toEqual([
      ['g2', '绿色'],
      ['r', '红'],
    ]);
    const [green, red] = await data('dict/dictionary', { code: 'color' });
    expect((await submit('dict', { id: red.id, dictValueEn: 'Red' })).body.success).toBe(true);
    expect(await data('dict/detail', { id: red.id })).toMatchObject({ dictValue: '红', dictValueEn: 'Red' });
    expect(await read('en')).toEqual([
      ['g2', '绿色'],
      ['r', 'Red'],
    ]);
    expect(await read('zh-CN')).toEqual([
      ['g2', '绿色'],
      ['r', '红'],
    ]);
    // A new entry with one; the dictionary's own row takes an English name.
    expect((await submit('dict', { parentId: color.id, dictKey: 'b', dictValue: '蓝', dictValueEn: 'Blue', sort: 3, isSealed: 0 })).body.success).toBe(true);
    expect((await submit('dict', { id: color.id, dictValueEn: 'Colour' })).body.success).toBe(true);
    expect(await parentOf('dict', 'color')).toMatchObject({ dictValue: '颜色', dictValueEn: 'Colour' });
    expect((await read('en')).map(([, value]: string[]) => value)).toEqual(['绿色', 'Red', 'Blue']);
    // Cleared: the Chinese value again.
    expect((await submit('dict', { id: red.id, dictValueEn: '' })).body.success).toBe(true);
    expect((await read('en')).map(([, value]: string[]) => value)).toEqual(['绿色', '红', 'Blue']);
    // Too long, in the caller's language.
    const tooLong = await ts.post('/api/blade-system/dict/submit', { token: admin, json: { id: green.id, dictValueEn: 'x'.repeat(256) }, headers: { 'Accept-Language': 'en' } });
    expect(tooLong.status).toBe(400);
    expect(tooLong.body.msg).toBe('dictValueEn: at most 255 characters');
  });

  test('renaming a dictionary’s code renames its entries', async () => {
    const color = await parentOf('dict', 'color');
    expect((await submit('dict', { ...color, code: 'colour' })).body.success).toBe(true);
    expect(await data('dict/dictionary', { code: 'color' })).toEqual([]);
    expect((await data('dict/dictionary', { code: 'colour' })).map((r: Row) => r.dictKey)).toEqual(['g2', 'r', 'b']);
    expect((await submit('dict', { ...color, code: 'sex' })).body.msg).toBe('当前字典键值已存在!');
  });

  test('remove: refused while entries exist, then entries and dictionary go', async () => {
    const colour = await parentOf('dict', 'colour');
    const refused = await ts.post('/api/blade-system/dict/remove', { token: admin, query: { ids: colour.id } });
    expect([refused.status, refused.body.msg]).toEqual([400, '请先删除子节点!']);
    const entries = await data('dict/child-list', { parentId: colour.id });
    expect((await ts.post('/api/blade-system/dict/remove', { token: admin, query: { ids: entries.map((r: Row) => r.id).join(',') } })).body.success).toBe(true);
    expect((await ts.post('/api/blade-system/dict/remove', { token: admin, query: { ids: colour.id } })).body.success).toBe(true);
    expect(await parentOf('dict', 'colour')).toBeUndefined();
    expect((await ts.post('/api/blade-system/dict/remove', { token: admin })).body.msg).toBe('缺少必要的请求参数: ids');
  });

  test('system dictionaries are written by administrators only; business ones by the tenant’s holders of the buttons', async () => {
    const sex = await parentOf('dict', 'sex');
    for (const token of [tenantAdmin, demo]) {
      expect((await submit('dict', { code: 'mine', dictValue: '我的', sort: 1, isSealed: 0 }, token)).status).toBe(403);
      expect((await submit('dict', { ...sex, dictValue: '改' }, token)).status).toBe(403);
      expect((await ts.post('/api/blade-system/dict/remove', { token, query: { ids: sex.id } })).status).toBe(403);
    }
    expect((await submit('dict-biz', { code: 'mine', dictValue: '我的', sort: 9, isSealed: 0 }, tenantAdmin)).body.success).toBe(true);
    expect((await submit('dict-biz', { code: 'mine', dictValue: '我的', sort: 9, isSealed: 0 }, demo)).status).toBe(403);
  });

  test('business dictionaries of one tenant are invisible to another; the same code may exist in both', async () => {
    const mine = await parentOf('dict-biz', 'mine', tenantAdmin);
    expect(mine).toMatchObject({ tenantId: '100001', parentName: '顶级' });
    expect(await parentOf('dict-biz', 'mine')).toBeUndefined();
    expect((await get('dict-biz/detail', { id: mine.id })).body.data).toBeNull();
    expect((await submit('dict-biz', { id: mine.id, dictValue: '偷' })).body.msg).toBe('数据不存在');
    expect((await ts.post('/api/blade-system/dict-biz/remove', { token: admin, query: { ids: mine.id } })).body.msg).toBe('操作失败');
    expect((await submit('dict-biz', { code: 'mine', dictValue: '我的', sort: 9, isSealed: 0 })).body.success).toBe(true);
    expect((await data('dict-biz/parent-list', {}, tenantAdmin)).records.map((r: Row) => r.code)).toEqual(['card_template', 'order_status', 'mine']);
    const entry = await submit('dict-biz', { parentId: mine.id, dictKey: '1', dictValue: '一', sort: 1, isSealed: 0 }, tenantAdmin);
    expect(entry.body.success).toBe(true);
    expect((await data('dict-biz/dictionary', { code: 'mine' }, tenantAdmin)).map((r: Row) => r.dictValue)).toEqual(['一']);
    expect(await data('dict-biz/dictionary', { code: 'mine' })).toEqual([]);
  });
});

describe('order', () => {
  test('entries of equal sort come in the order they were made, in every list', async () => {
    expect((await submit('dict', { code: 'ties', dictValue: '并列', sort: 99, isSealed: 0 })).body.success).toBe(true);
    const ties = await parentOf('dict', 'ties');
    for (const key of ['c', 'a', 'b']) expect((await submit('dict', { parentId: ties.id, dictKey: key, dictValue: key, sort: 1, isSealed: 0 })).body.success).toBe(true);
    expect((await data('dict/child-list', { parentId: ties.id })).map((r: Row) => r.dictKey)).toEqual(['c', 'a', 'b']);
    expect((await data('dict/list', { code: 'ties' }))[0].children.map((r: Row) => r.dictKey)).toEqual(['c', 'a', 'b']);
    expect((await data('dict/dictionary', { code: 'ties' })).map((r: Row) => r.dictKey)).toEqual(['c', 'a', 'b']);
  });
});

describe('administrator-only buttons', () => {
  test('the menus and their buttons: 字典管理 and 业务字典 under 系统管理, with their four buttons each', async () => {
    type Menu = { code: string; name: string; path: string; children?: Menu[] };
    const system = ((await data('menu/routes')) as Menu[]).find((m) => m.code === 'system')!.children!;
    expect(system.filter((m) => m.code.startsWith('dict')).map((m) => [m.code, m.name, m.path])).toEqual([
      ['dict', '字典管理', '/system/dict'],
      ['dictbiz', '业务字典', '/system/dictbiz'],
    ]);
    const buttons = (await data('menu/buttons')) as Menu[];
    for (const code of ['dict', 'dictbiz']) {
      expect(buttons.find((m) => m.code === code)?.children?.map((c) => c.code)).toEqual(['add', 'edit', 'delete', 'view'].map((action) => `${code}_${action}`));
    }
  });

  test("a tenant's own administrator is not given the system dictionary's write buttons, but keeps the business ones", async () => {
    const buttons = await data('menu/buttons', {}, tenantAdmin);
    const codes = new Set<string>();
    const walk = (nodes: Row[]) => nodes.forEach((n) => (n.children ? walk(n.children) : codes.add(n.code)));
    walk(buttons);
    expect([...codes]).toEqual(expect.arrayContaining(['dict_view', 'dictbiz_add', 'dictbiz_edit', 'dictbiz_delete']));
    for (const code of ['dict_add', 'dict_edit', 'dict_delete']) expect(codes.has(code)).toBe(false);

    const adminButtons = await data('menu/buttons', {}, admin);
    const adminCodes = new Set<string>();
    const walkAdmin = (nodes: Row[]) => nodes.forEach((n) => (n.children ? walkAdmin(n.children) : adminCodes.add(n.code)));
    walkAdmin(adminButtons);
    expect(adminCodes.has('dict_add')).toBe(true);
  });
});

describe('the English values of a database seeded before rows had them', () => {
  test('the migration fills the seeded rows that still hold the seeded Chinese value and have no English one', async () => {
    await ts.ctx.db.system(async (tx) => {
      await tx.query("update blade_dict set dict_value_en = null where code in ('sex', 'yes_no', 'region')");
      await tx.query("update blade_dict_biz set dict_value_en = null where code = 'card_template'");
      // Renamed by an administrator: their name stays the only one.
      await tx.query("update blade_dict set dict_value = '女性' where code = 'sex' and dict_key = '2'");
      // Given an English value of their own: kept.
      await tx.query("update blade_dict set dict_value_en = 'Affirmative' where code = 'yes_no' and dict_key = '2'");
      await englishValuesMigration.run!(tx);
    });
    const rows = (table: string, code: string) =>
      ts.ctx.db.system((tx) => tx.query<{ dict_key: string; dict_value: string; dict_value_en: string | null }>(`select dict_key, dict_value, dict_value_en from ${table} where code = $1 and is_deleted = 0 order by ${table === 'blade_dict' ? '' : 'tenant_id, '}parent_id <> 0, sort, id`, [code]));
    expect((await rows('blade_dict', 'sex')).map((r) => [r.dict_key, r.dict_value, r.dict_value_en])).toEqual([
      ['-1', '性别', 'Sex'],
      ['1', '男', 'Male'],
      ['2', '女性', null],
    ]);
    expect((await rows('blade_dict', 'yes_no')).map((r) => r.dict_value_en)).toEqual(['Yes or no', 'No', 'Affirmative']);
    expect((await rows('blade_dict', 'region')).map((r) => r.dict_value_en)).toEqual(['Region level', 'Country', 'Province / municipality', 'City', 'District / county', 'Township', 'Village']);
    // Every tenant's demo business dictionary.
    expect((await rows('blade_dict_biz', 'card_template')).map((r) => r.dict_value_en)).toEqual(['Card template', 'Simple', 'Business', 'Creative', 'Card template', 'Simple', 'Business', 'Creative']);
    const inEnglish = await ts.get('/api/blade-system/dict/dictionary', { token: demo, query: { code: 'sex' }, headers: { 'Accept-Language': 'en' } });
    expect(inEnglish.body.data.map((r: Row) => r.dictValue)).toEqual(['Male', '女性']);
  });
});
