import { afterAll, beforeAll, describe, expect, test } from '@rstest/core';
import { DEMO_TENANT } from '../../../core/sdk/server';
import { createTestServer, type TestServer } from '../../../core/sdk/server-testing';
import dictServer from '../../dict/server';
import geniusServer from '../server';
import { commerceTopMenu } from '../test-plugins';

/**
 * Geniuses through their published paths (`/api/genius/*`: list, detail, save, update, remove?ids=): the demo
 * geniuses of both demo tenants, the rules (required name, a price above nothing, at most eight tags of
 * ten characters, an order count no client writes), the choices call, the removal refused while an order
 * is unfinished, tenant isolation and the view-only `user` role.
 */
const BASE = '/api/genius';
type Genius = Record<string, unknown> & { id: string; name: string };

let ts: TestServer;
let admin: string;
let demoAdmin: string;
let viewer: string;

const en = { 'Accept-Language': 'en' };
const save = (json: unknown, token = admin, headers?: Record<string, string>) => ts.post(`${BASE}/save`, { token, json, headers });
const update = (json: unknown, token = admin, headers?: Record<string, string>) => ts.post(`${BASE}/update`, { token, json, headers });
const remove = (ids: string, token = admin, headers?: Record<string, string>) => ts.post(`${BASE}/remove`, { token, query: { ids }, headers });
const list = async (query: Record<string, string | number> = {}, token = admin) => {
  const res = await ts.get(`${BASE}/list`, { token, query: { size: 100, ...query } });
  if (res.status !== 200) throw new Error(`${res.status} ${JSON.stringify(res.body)}`);
  return res.body.data as { records: Genius[]; total: number; current: number; size: number };
};
const byName = async (name: string, token = admin) => {
  const row = (await list({ name }, token)).records.find((r) => r.name === name);
  if (!row) throw new Error(`no genius ${name}`);
  return row;
};
const newGenius = (name: string, more: Record<string, unknown> = {}) => ({ name, category: 1, title: '设计师', servicePrice: 50_000, ...more });

beforeAll(async () => {
  ts = await createTestServer({ plugins: [dictServer, commerceTopMenu, geniusServer] });
  admin = (await ts.signIn('admin', 'admin')).access_token;
  demoAdmin = (await ts.signIn('admin', 'admin', DEMO_TENANT.tenantId)).access_token;
  viewer = (await ts.signIn('demo', 'demo')).access_token;
});
afterAll(() => ts.close());

describe('genius: menus, demo data and the list', () => {
  test('达人列表, 达人订单 and 达人文章 hang under 达人管理, in that order', async () => {
    type Node = { code: string; name: string; path?: string; children?: Node[] };
    const routes = (await ts.get('/api/blade-system/menu/routes', { token: admin })).body.data as Node[];
    const group = routes.find((m) => m.code === 'genius_manage');
    expect(group?.children?.map((m) => [m.code, m.name, m.path])).toEqual([
      ['genius', '达人列表', '/genius/list'],
      ['genius_order', '达人订单', '/genius/order'],
      ['genius_info', '达人文章', '/genius/article'],
    ]);
  });

  test('each demo tenant has eight geniuses of its own with avatars, prices in fen, tags, one unlisted, and order counts', async () => {
    const own = await list();
    expect(own.total).toBe(8);
    expect(own.records.map((r) => r.name)).toContain('林思远');
    expect(own.records.find((r) => r.name === '何佳怡')).toMatchObject({ status: 2 });
    const lin = own.records.find((r) => r.name === '林思远')!;
    expect(lin).toMatchObject({ category: 1, title: '资深品牌设计师', tags: '品牌设计,VI系统,包装设计', servicePrice: 199_900, status: 1, sort: 1 });
    expect(String(lin.avatar)).toMatch(/^\/api\/blade-resource\/oss\/endpoint\/file\/[0-9a-f]{32}\.jpg$/);
    expect(own.records.some((r) => Number(r.orderCount) > 0)).toBe(true);

    const theirs = await list({}, demoAdmin);
    expect(theirs.total).toBe(8);
    expect(theirs.records.map((r) => r.name)).toContain('许清禾');
    expect(theirs.records.map((r) => r.name)).not.toContain('林思远');
  });

  test('the list pages with current and size, sorts by order, filters by category and status', async () => {
    const first = await ts.get(`${BASE}/list`, { token: admin, query: { current: 2, size: 3 } });
    expect(first.body.data).toMatchObject({ current: 2, size: 3, total: 8 });
    expect((first.body.data.records as Genius[]).map((r) => r.sort)).toEqual([4, 5, 6]);
    expect((await list({ category_equal: 2 })).records.map((r) => r.name).sort()).toEqual(['何佳怡', '周晓彤'].sort());
    expect((await list({ status_equal: 2 })).records.map((r) => r.name)).toEqual(['何佳怡']);
  });

  test('detail answers a genius by id, and nothing for another tenant’s', async () => {
    const lin = await byName('林思远');
    expect((await ts.get(`${BASE}/detail`, { token: admin, query: { id: lin.id } })).body.data).toMatchObject({ id: lin.id, name: '林思远' });
    expect((await ts.get(`${BASE}/detail`, { token: demoAdmin, query: { id: lin.id } })).body.data).toBeNull();
  });
});

describe('genius: saving', () => {
  test('save then update through the published bodies; tags are tidied; the order count is the server’s', async () => {
    const added = await save(newGenius('测试达人甲', { tags: ' 品牌 ，VI、品牌,,海报 ', orderCount: 99 }));
    expect(added.body).toMatchObject({ success: true });
    const row = await byName('测试达人甲');
    expect(row).toMatchObject({ tags: '品牌,VI,海报', orderCount: 0, status: 1, servicePrice: 50_000 });

    expect((await update({ id: row.id, name: '测试达人甲', servicePrice: 66_600, orderCount: 5, status: 2 })).body.success).toBe(true);
    expect(await byName('测试达人甲')).toMatchObject({ servicePrice: 66_600, orderCount: 0, status: 2 });
  });

  test.each([
    ['a missing name', { category: 1, servicePrice: 100 }, '请输入达人名称', 'Please enter the name'],
    ['a missing price', { name: '无价' }, '请输入服务价格', 'Please enter the service price'],
    ['a price of nothing', { name: '免费', servicePrice: 0 }, '服务价格须大于 0', 'The service price must be more than 0'],
    ['a price in yuan with decimals', { name: '小数', servicePrice: 12.5 }, 'servicePrice: 金额须为以元为单位、最多两位小数的数字', null],
    ['nine tags', { name: '九个标签', servicePrice: 100, tags: '一,二,三,四,五,六,七,八,九' }, '标签最多 8 个', 'At most 8 tags'],
    ['a tag of eleven characters', { name: '长标签', servicePrice: 100, tags: '短,一二三四五六七八九十一' }, '每个标签不超过 10 个字', 'Each tag has at most 10 characters'],
    ['an introduction over 2000 characters', { name: '长简介', servicePrice: 100, introduction: '字'.repeat(2001) }, 'introduction: 长度不能超过2000个字符', null],
  ])('refuses %s with a 400 in the caller’s language', async (_what, body, zh, english) => {
    const refused = await save(body);
    expect(refused.status).toBe(400);
    if (zh.startsWith('servicePrice')) expect(refused.body.msg).toContain('servicePrice');
    else expect(refused.body.msg).toBe(zh);
    if (english) expect((await save(body, admin, en)).body.msg).toBe(english);
  });

  test('the choices: any member reads the geniuses’ names and prices, status=1 the listed ones only', async () => {
    const all = (await ts.get(`${BASE}/select`, { token: viewer })).body.data as { name: string; servicePrice: number; status: number }[];
    expect(all.map((g) => g.name)).toEqual(expect.arrayContaining(['林思远', '何佳怡']));
    const listed = (await ts.get(`${BASE}/select`, { token: viewer, query: { status: 1 } })).body.data as { name: string; servicePrice: number; status: number }[];
    expect(listed.map((g) => g.name)).not.toContain('何佳怡');
    expect(listed.find((g) => g.name === '林思远')).toMatchObject({ servicePrice: 199_900, status: 1 });
    expect(Object.keys(listed[0]!).sort()).toEqual(['avatar', 'id', 'name', 'servicePrice', 'status']);
    expect((await ts.get(`${BASE}/select`, { token: demoAdmin })).body.data.map((g: { name: string }) => g.name)).not.toContain('林思远');
    expect((await ts.get(`${BASE}/select`, { token: viewer, query: { status: 'x' } })).status).toBe(400);
  });
});

describe('genius: removal', () => {
  test('a genius with an unfinished order is refused by name; once its orders are over, it goes', async () => {
    await save(newGenius('待删达人'));
    const genius = await byName('待删达人');
    const booked = await ts.post('/api/genius/order/submit', {
      token: admin,
      json: { geniusId: genius.id, customerName: '客户', customerMobile: '13800000000', service: '咨询', bookedTime: '2099-01-01 10:00:00' },
    });
    expect(booked.body.success).toBe(true);
    const order = ((await ts.get('/api/genius/order/list', { token: admin, query: { geniusId_equal: genius.id } })).body.data.records as { id: string }[])[0]!;

    const refused = await remove(genius.id);
    expect(refused.status).toBe(400);
    expect(refused.body.msg).toBe('达人「待删达人」有未完成的订单，不能删除');
    expect((await remove(genius.id, admin, en)).body.msg).toBe('The genius “待删达人” has orders not yet finished and cannot be removed');

    expect((await ts.post('/api/genius/order/update/status', { token: admin, query: { id: order.id, status: 4 } })).body.success).toBe(true);
    expect((await remove(genius.id)).body.success).toBe(true);
    expect((await list({ name: '待删达人' })).records).toEqual([]);
  });
});

describe('genius: tenants and permissions', () => {
  test('another tenant’s administrator neither updates nor removes a genius of 000000', async () => {
    const lin = await byName('林思远');
    expect((await update({ id: lin.id, name: '改名' }, demoAdmin)).status).toBe(400);
    expect((await remove(lin.id, demoAdmin)).body.success).toBe(false);
    expect(await byName('林思远')).toMatchObject({ name: '林思远' });
  });

  test('the view-only user role lists and reads, and is refused every write with a 403', async () => {
    expect((await list({}, viewer)).total).toBeGreaterThan(0);
    const lin = await byName('林思远');
    for (const refused of [await save(newGenius('不许'), viewer), await update({ id: lin.id, name: '不许' }, viewer), await remove(lin.id, viewer)]) {
      expect(refused.status).toBe(403);
    }
  });
});
