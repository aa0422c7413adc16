import { afterAll, beforeAll, describe, expect, test } from '@rstest/core';
import { DEMO_TENANT } from '../../../core/sdk/server';
import { createTestServer, type TestServer } from '../../../core/sdk/server-testing';
import dictServer from '../../dict/server';
import mallServer from '../server';
import { DEMO_PRODUCT_NAMES } from './seed';

/**
 * Products through their published paths (`/api/mall/product/*`): the engine's page, detail, submit and remove
 * with the price and removal rules, the order form's `list`, the demo products of both demo tenants, the
 * category dictionary, tenant isolation and the view-only `user` role.
 */
const BASE = '/api/mall/product';
type Row = Record<string, unknown> & { id: string; name: string };

let ts: TestServer;
let admin: string; // administrator of 000000
let demoAdmin: string; // admin of 100001
let viewer: string; // demo / demo: the `user` role, view codes only
let nobody: string; // 000000, no codes at all

const en = { 'Accept-Language': 'en' };
const submit = (json: unknown, token = admin, headers?: Record<string, string>) => ts.post(`${BASE}/submit`, { token, json, headers });
const remove = (ids: string, token = admin, headers?: Record<string, string>) => ts.post(`${BASE}/remove`, { token, query: { ids }, headers });
const detail = async (id: string, token = admin) => (await ts.get(`${BASE}/detail`, { token, query: { id } })).body.data as Row | null;
const rows = async (query: Record<string, string> = {}, token = admin): Promise<Row[]> => {
  const res = await ts.get(`${BASE}/page`, { token, query: { size: 100, ...query } });
  if (res.status !== 200) throw new Error(`${res.status} ${JSON.stringify(res.body)}`);
  return res.body.data.records;
};
const byName = async (name: string, token = admin) => {
  const row = (await rows({ name }, token)).find((r) => r.name === name);
  if (!row) throw new Error(`no product ${name}`);
  return row;
};
/** Saves a product and answers its row. */
const made = async (json: Record<string, unknown>, token = admin): Promise<Row> => {
  const res = await submit(json, token);
  if (!res.body.success) throw new Error(`submit refused: ${res.body.msg}`);
  return byName(String(json.name), token);
};

beforeAll(async () => {
  ts = await createTestServer({ plugins: [dictServer, mallServer] });
  admin = (await ts.signIn('admin', 'admin')).access_token;
  demoAdmin = (await ts.signIn('admin', 'admin', DEMO_TENANT.tenantId)).access_token;
  viewer = (await ts.signIn('demo', 'demo')).access_token;
  const noneId = await ts.addRole({ tenantId: '000000', alias: 'nobody', codes: [] });
  await ts.addUser({ tenantId: '000000', account: 'nobody', password: 'nobody', roleId: noneId });
  nobody = (await ts.signIn('nobody', 'nobody')).access_token;
});
afterAll(() => ts.close());

describe('products: menu, dictionary and demo data', () => {
  test('商品管理 hangs under 商城管理 with its four buttons; the user role may only view', async () => {
    type Node = { code: string; name: string; path?: string; source?: string; children?: Node[] };
    const routes = (await ts.get('/api/blade-system/menu/routes', { token: admin })).body.data as Node[];
    expect(routes.find((m) => m.code === 'mall')?.children?.find((m) => m.code === 'mall_product')).toMatchObject({ name: '商品管理', path: '/mall/product', source: 'shop' });
    const buttons = (await ts.get('/api/blade-system/menu/buttons', { token: admin })).body.data as Node[];
    expect(buttons.find((m) => m.code === 'mall_product')?.children?.map((b) => b.code)).toEqual(['mall_product_add', 'mall_product_edit', 'mall_product_delete', 'mall_product_view']);
    const viewerButtons = (await ts.get('/api/blade-system/menu/buttons', { token: viewer })).body.data as Node[];
    expect(viewerButtons.find((m) => m.code === 'mall_product')?.children?.map((b) => b.code)).toEqual(['mall_product_view']);
  });

  test('the category dictionary answers in the caller’s language', async () => {
    const read = async (headers?: Record<string, string>) =>
      ((await ts.get('/api/blade-system/dict/dictionary', { token: admin, query: { code: 'mall_category' }, headers })).body.data as { dictKey: string; dictValue: string }[]).map((d) => [d.dictKey, d.dictValue]);
    expect(await read()).toEqual([
      ['1', '数码'],
      ['2', '家居'],
      ['3', '食品'],
      ['4', '服饰'],
      ['5', '文创'],
    ]);
    expect((await read(en)).map(([, value]) => value)).toEqual(['Digital', 'Home', 'Food', 'Apparel', 'Stationery & gifts']);
  });

  test('each demo tenant has a shop of its own: pictures stored, prices in fen, one sold out and one off sale', async () => {
    for (const [token, tenantId] of [
      [admin, '000000'],
      [demoAdmin, DEMO_TENANT.tenantId],
    ] as const) {
      const shop = await rows({}, token);
      expect(shop.map((r) => r.name)).toEqual(DEMO_PRODUCT_NAMES[tenantId]);
      for (const row of shop) {
        expect(row.cover).toMatch(/^\/api\/blade-resource\/oss\/endpoint\/file\/[0-9a-f]{32}\.jpg$/);
        expect(row.images).toBe(row.cover);
        expect(Number.isInteger(row.price) && (row.price as number) >= 1_990 && (row.price as number) <= 299_900).toBe(true);
        if (row.originalPrice !== null) expect(row.originalPrice as number).toBeGreaterThanOrEqual(row.price as number);
        expect(String(row.description)).toContain('<ul><li>');
      }
      expect(shop.filter((r) => r.stock === 0 && r.status === 1)).toHaveLength(1);
      expect(shop.filter((r) => r.status === 2)).toHaveLength(1);
    }
    expect(DEMO_PRODUCT_NAMES['000000']).toHaveLength(12);
    expect(DEMO_PRODUCT_NAMES['000000']!.some((name) => DEMO_PRODUCT_NAMES[DEMO_TENANT.tenantId]!.includes(name))).toBe(false);
    const picture = await ts.get(String((await byName('百花蜂蜜')).cover));
    expect([picture.status, picture.headers.get('content-type')]).toEqual([200, 'image/jpeg']);
    expect(await byName('百花蜂蜜')).toMatchObject({ price: 1_990, originalPrice: 2_990, category: 3, unit: '瓶' });
    expect(await byName('智能运动手表 S2')).toMatchObject({ price: 299_900 });
  });
});

describe('products: submit, detail, page, remove', () => {
  test('the body is checked, money included, in the caller’s language', async () => {
    const cases: [unknown, string, string][] = [
      [{ price: 100 }, '请输入商品名称', 'Please enter the name'],
      [{ name: '甲' }, '请输入售价', 'Please enter the price'],
      [{ name: '甲', price: 0 }, '售价必须大于0', 'The price must be greater than 0'],
      [{ name: '甲', price: -100 }, 'price: 不能小于0', 'price: must not be less than 0'],
      [{ name: '甲', price: 19.9 }, 'price: 金额须为整数（单位：分）', 'price: must be a whole number of fen'],
      [{ name: '甲', price: '19.90' }, '请求参数格式错误: price', 'Malformed parameter: price'],
      [{ name: '甲', price: 10_000_000_001 }, 'price: 不能大于10000000000', 'price: must not be greater than 10000000000'],
      [{ name: '甲', price: 1000, originalPrice: 999 }, '原价不能低于售价', 'The original price cannot be below the price'],
      [{ name: '甲', price: 1000, stock: -1 }, 'stock: 不能小于0', 'stock: must not be less than 0'],
      [{ name: '甲', price: 1000, stock: 1.5 }, '请求参数格式错误: stock', 'Malformed parameter: stock'],
      [{ name: '甲', price: 1000, unit: '一二三四五六七八九十一' }, 'unit: 长度不能超过10个字符', 'unit: at most 10 characters'],
      [{ name: '甲', price: 1000, status: 3 }, '请求参数格式错误: status', 'Malformed parameter: status'],
      [{ name: '甲', price: 1000, category: 'food' }, '请求参数格式错误: category', 'Malformed parameter: category'],
      [{ name: '甲', price: 1000, cover: 'javascript:alert(1)' }, '请求参数格式错误: cover', 'Malformed parameter: cover'],
      [{ name: '甲', price: 1000, images: Array.from({ length: 10 }, (_, i) => `https://img.example.com/${i}.jpg`) }, '', ''],
      [{ name: 'x'.repeat(101), price: 1000 }, 'name: 长度不能超过100个字符', 'name: at most 100 characters'],
    ];
    for (const [body, zh, english] of cases) {
      const cn = await submit(body);
      expect(cn.status, JSON.stringify(body)).toBe(400);
      const inEnglish = await submit(body, admin, en);
      expect(inEnglish.status).toBe(400);
      if (zh) expect([cn.body.msg, inEnglish.body.msg.toLowerCase()], JSON.stringify(body)).toEqual([zh, english.toLowerCase()]);
      else expect(inEnglish.body.msg).not.toBe(cn.body.msg);
    }
    expect(await rows({ name: '甲' })).toEqual([]);
  });

  test('saves with its defaults, reads, filters, updates and removes; sales are never written; the description is cleaned', async () => {
    const hostile = '<p onclick="steal()">好<script>alert(1)</script>茶<a href="javascript:alert(1)">看</a></p><iframe src="https://x.example.com"></iframe><img src="x" onerror="alert(1)">';
    const row = await made({ name: '白瓷盖碗', category: 2, price: 12_800, originalPrice: 12_800, sales: 999, description: hostile, images: ['https://img.example.com/a.jpg', 'https://img.example.com/b.jpg'] });
    expect(row).toMatchObject({ price: 12_800, originalPrice: 12_800, stock: 0, sales: 0, unit: '件', status: 1, sort: 100, category: 2, images: 'https://img.example.com/a.jpg,https://img.example.com/b.jpg' });
    const description = String(row.description);
    for (const bad of ['script', 'onclick', 'javascript:', 'iframe', 'onerror']) expect(description).not.toContain(bad);
    expect(description).toContain('好');

    expect((await rows({ category_equal: '2', name: '盖碗' })).map((r) => r.name)).toEqual(['白瓷盖碗']);
    expect((await rows({ status_equal: '2', name: '盖碗' })).map((r) => r.name)).toEqual([]);

    // An edit that lowers the original price below the stored price, or raises the price above the stored original price: refused.
    expect((await submit({ id: row.id, originalPrice: 12_700 })).body.msg).toBe('原价不能低于售价');
    expect((await submit({ id: row.id, price: 12_900 })).body.msg).toBe('原价不能低于售价');
    expect((await submit({ id: row.id, price: 0 }, admin, en)).body.msg).toBe('The price must be greater than 0');
    // What has a default is never blanked; the original price may be.
    expect((await submit({ id: row.id, stock: '' })).body.msg).toBe('请输入库存');
    expect((await submit({ id: row.id, status: null }, admin, en)).body.msg).toBe('Please choose the status');
    const updated = await submit({ id: row.id, price: 15_800, originalPrice: null, stock: 5, status: 2, sales: 42 });
    expect(updated.body.success).toBe(true);
    expect(await detail(row.id)).toMatchObject({ price: 15_800, originalPrice: null, stock: 5, status: 2, sales: 0 });

    expect((await remove(row.id)).body.success).toBe(true);
    expect(await detail(row.id)).toBeNull();
  });

  test('another tenant’s products do not exist here', async () => {
    const lamp = await byName('黑胡桃木台灯', demoAdmin);
    expect(await detail(lamp.id)).toBeNull();
    expect((await rows({ name: '黑胡桃木台灯' })).length).toBe(0);
    expect((await submit({ id: lamp.id, name: '改名', price: 1 })).body.msg).toBe('数据不存在');
    expect((await remove(lamp.id)).body.success).toBe(false);
    expect(await detail(lamp.id, demoAdmin)).toMatchObject({ name: '黑胡桃木台灯', price: 89_900 });
  });

  test('the user role reads but may not write (403); a user without codes may not read', async () => {
    const mug = await byName('定制陶瓷马克杯');
    expect((await rows({ name: '马克杯' }, viewer)).map((r) => r.name)).toEqual(['定制陶瓷马克杯']);
    for (const res of [await submit({ name: '越权商品', price: 100 }, viewer), await submit({ id: mug.id, price: 1 }, viewer), await remove(mug.id, viewer)]) {
      expect([res.status, res.body.msg]).toEqual([403, '没有权限执行此操作']);
    }
    expect((await ts.get(`${BASE}/page`, { token: nobody })).status).toBe(403);
    expect(await byName('定制陶瓷马克杯')).toMatchObject({ price: 4_900 });
  });
});

describe('products: the order form’s choices', () => {
  test('products on sale of one’s own tenant, with what an order needs, for any member', async () => {
    type Choice = { id: string; name: string; price: number; stock: number; unit: string; cover: string };
    const choices = (await ts.get(`${BASE}/list`, { token: nobody })).body.data as Choice[];
    const shop = await rows();
    const onSale = shop.filter((r) => r.status === 1);
    expect(choices.map((c) => c.name)).toEqual(onSale.map((r) => r.name));
    expect(choices.map((c) => c.name)).not.toContain('商务茶礼盒'); // off sale
    expect(choices.find((c) => c.name === '便携蓝牙音箱')).toMatchObject({ stock: 0 }); // sold out, still listed
    const honey = choices.find((c) => c.name === '百花蜂蜜')!;
    expect(Object.keys(honey).sort()).toEqual(['cover', 'id', 'name', 'price', 'stock', 'unit']);
    // The stock as the product holds it (the demo orders paid took some).
    expect(honey).toMatchObject({ price: 1_990, unit: '瓶', stock: shop.find((r) => r.name === '百花蜂蜜')!.stock });
    expect(honey.cover).toMatch(/\.jpg$/);

    const found = (await ts.get(`${BASE}/list`, { token: admin, query: { name: '蜂蜜' } })).body.data as Choice[];
    expect(found.map((c) => c.name)).toEqual(['百花蜂蜜']);
    const other = (await ts.get(`${BASE}/list`, { token: demoAdmin })).body.data as Choice[];
    expect(other.map((c) => c.name)).toContain('黑胡桃木台灯');
    expect(other.map((c) => c.name)).not.toContain('百花蜂蜜');

    const long = await ts.get(`${BASE}/list`, { token: admin, query: { name: 'x'.repeat(101) }, headers: en });
    expect(long.status).toBe(400);
    expect((await ts.get(`${BASE}/list`)).status).toBe(401);
  });
});

describe('products: removal while orders need them', () => {
  const order = async (productId: string, quantity = 1) => {
    const res = await ts.post('/api/mall/order/submit', { token: admin, json: { buyerName: '王小明', buyerMobile: '13800138000', address: '上海市浦东新区张江路 1 号', items: [{ productId, quantity }] } });
    if (!res.body.success) throw new Error(`order refused: ${res.body.msg}`);
    const page = (await ts.get('/api/mall/order/page', { token: admin, query: { size: 1 } })).body.data.records as { id: string }[];
    return page[0]!.id;
  };
  const move = (id: string, status: number, extra: Record<string, string> = {}) => ts.post('/api/mall/order/update/status', { token: admin, query: { id, status: String(status), ...extra } });

  test('refused while an order is pending, paid or shipped, naming the product; allowed once it is finished', async () => {
    const pot = await made({ name: '紫砂壶', price: 58_800, stock: 10 });
    const cup = await made({ name: '品茗杯', price: 3_800, stock: 10 });
    const pending = await order(pot.id);
    expect((await remove(pot.id)).body).toMatchObject({ success: false, msg: '商品「紫砂壶」有未完成的订单，不能删除' });
    expect((await remove(`${cup.id},${pot.id}`, admin, en)).body.msg).toBe('The product “紫砂壶” has unfinished orders and cannot be removed');
    expect(await detail(cup.id)).not.toBeNull(); // nothing of a refused removal is done

    expect((await move(pending, 1)).body.success).toBe(true); // paid
    expect((await remove(pot.id)).body.msg).toBe('商品「紫砂壶」有未完成的订单，不能删除');
    expect((await move(pending, 2, { logisticsCompany: '顺丰速运', logisticsNo: 'SF1234567890' })).body.success).toBe(true); // shipped
    expect((await remove(pot.id)).body.msg).toBe('商品「紫砂壶」有未完成的订单，不能删除');
    expect((await move(pending, 3)).body.success).toBe(true); // completed
    expect((await remove(pot.id)).body.success).toBe(true);

    const cancelled = await order(cup.id);
    expect((await move(cancelled, 4)).body.success).toBe(true);
    expect((await remove(cup.id)).body.success).toBe(true);
  });
});
