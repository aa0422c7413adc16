import { afterAll, beforeAll, describe, expect, test } from '@rstest/core';
import { canMove, crudRepo, DEMO_TENANT, moveRefusal } from '../../../core/sdk/server';
import { clearOfMidnight, createTestServer, type TestServer } from '../../../core/sdk/server-testing';
import dictServer from '../../dict/server';
import { productEntity } from '../product/entity';
import mallServer from '../server';
import { ORDER_STATE, orderMachine, type OrderState } from './states';

/**
 * Orders through their published paths (`/api/mall/order/*`): the server-made number and prices, the lines,
 * the edit rules, every move of the state table (allowed and refused, in both languages) with the stock
 * taken and returned, removal, the home card's summary, the demo orders, tenant isolation and the
 * view-only `user` role.
 */
const BASE = '/api/mall/order';
type Row = Record<string, unknown> & { id: string; orderNo: string; status: number };
type Item = { productId: string; productName: string; price: number; quantity: number; amount: number };

let ts: TestServer;
let admin: string; // administrator of 000000
let demoAdmin: string; // admin of 100001
let viewer: string; // demo / demo: the `user` role, view codes only

const en = { 'Accept-Language': 'en' };
const buyer = { buyerName: '测试买家', buyerMobile: '13800001111', address: '上海市浦东新区测试路 1 号' };

const submit = (json: unknown, token = admin, headers?: Record<string, string>) => ts.post(`${BASE}/submit`, { token, json, headers });
const move = (id: string, status: number, extra: Record<string, string> = {}, token = admin, headers?: Record<string, string>) =>
  ts.post(`${BASE}/update/status`, { token, query: { id, status, ...extra }, headers });
const detail = async (id: string, token = admin) => (await ts.get(`${BASE}/detail`, { token, query: { id } })).body.data as (Row & { items: Item[] }) | null;
const page = async (query: Record<string, string | number> = {}, token = admin) => {
  const res = await ts.get(`${BASE}/page`, { token, query: { size: 100, ...query } });
  if (res.status !== 200) throw new Error(`${res.status} ${JSON.stringify(res.body)}`);
  return res.body.data as { records: Row[]; total: number };
};

let productSeq = 0;
/** A product of the tenant on sale, made straight in its table; answers its id. */
async function product(stock: number, price = 1990, tenantId = '000000'): Promise<{ id: string; name: string }> {
  const name = `测试商品${++productSeq}`;
  const id = await ts.ctx.db.system((tx) =>
    crudRepo(productEntity, ts.ctx.ids).insert(tx, { tenantId, userId: '', deptIds: [] }, { name, price, stock, sales: 0, status: 1, unit: '件', sort: 1 }, ts.ctx.now()),
  );
  return { id, name };
}
const stockOf = (id: string) =>
  ts.ctx.db.system(async (tx) => {
    const row = await tx.one<{ stock: number; sales: number }>('select stock, sales from mall_product where id = $1', [id]);
    return { stock: Number(row!.stock), sales: Number(row!.sales) };
  });

/** A new order of `lines` (product id → quantity); answers its row. */
async function order(lines: Record<string, number>, extra: Record<string, unknown> = {}, token = admin): Promise<Row> {
  const remark = `order-${++productSeq}`;
  const res = await submit({ ...buyer, remark, items: Object.entries(lines).map(([productId, quantity]) => ({ productId, quantity })), ...extra }, token);
  if (!res.body.success) throw new Error(`submit refused: ${res.body.msg}`);
  const found = (await ts.ctx.db.system((tx) => tx.one<{ id: string }>('select id::text as id from mall_order where remark = $1', [remark])))!;
  return (await detail(found.id, token))!;
}

/** Moves a new order along the shortest way to `state`. */
async function orderIn(state: OrderState, productId: string): Promise<Row> {
  const row = await order({ [productId]: 1 });
  const path: Record<OrderState, OrderState[]> = {
    [ORDER_STATE.pending]: [],
    [ORDER_STATE.paid]: [ORDER_STATE.paid],
    [ORDER_STATE.shipped]: [ORDER_STATE.paid, ORDER_STATE.shipped],
    [ORDER_STATE.completed]: [ORDER_STATE.paid, ORDER_STATE.shipped, ORDER_STATE.completed],
    [ORDER_STATE.cancelled]: [ORDER_STATE.cancelled],
    [ORDER_STATE.refunded]: [ORDER_STATE.paid, ORDER_STATE.refunded],
  };
  for (const to of path[state]) {
    const res = await move(row.id, to, to === ORDER_STATE.shipped ? { logisticsNo: 'SF1234567890' } : {});
    if (!res.body.success) throw new Error(`move to ${to} refused: ${res.body.msg}`);
  }
  return { ...row, status: state };
}

beforeAll(async () => {
  ts = await createTestServer({ plugins: [dictServer, mallServer] });
  clearOfMidnight(ts); // the demo orders and the summary are today's and yesterday's
  admin = (await ts.signIn('admin', 'admin')).access_token;
  demoAdmin = (await ts.signIn('admin', 'admin', DEMO_TENANT.tenantId)).access_token;
  viewer = (await ts.signIn('demo', 'demo')).access_token;
});
afterAll(() => ts.close());

describe('orders: menu and demo data', () => {
  test('订单管理 hangs under 商城管理 with its buttons and 状态流转; the user role may only view', async () => {
    type Node = { code: string; name: string; path?: string; source?: string; children?: Node[] };
    const routes = (await ts.get('/api/blade-system/menu/routes', { token: admin })).body.data as Node[];
    expect(routes.find((m) => m.code === 'mall')?.children?.find((m) => m.code === 'mall_order')).toMatchObject({ name: '订单管理', path: '/mall/order', source: 'list' });
    const buttons = (await ts.get('/api/blade-system/menu/buttons', { token: admin })).body.data as Node[];
    expect(buttons.find((m) => m.code === 'mall_order')?.children?.map((b) => b.code)).toEqual(['mall_order_add', 'mall_order_edit', 'mall_order_delete', 'mall_order_view', 'mall_order_status']);
    const viewerButtons = (await ts.get('/api/blade-system/menu/buttons', { token: viewer })).body.data as Node[];
    expect(viewerButtons.find((m) => m.code === 'mall_order')?.children?.map((b) => b.code)).toEqual(['mall_order_view']);
  });

  test.each(['000000', DEMO_TENANT.tenantId])('tenant %s has about thirty demo orders in every state, today and yesterday among them, amounts adding up', async (tenantId) => {
    const token = tenantId === '000000' ? admin : demoAdmin;
    const { records } = await page({ size: 200 }, token);
    const demo = records.filter((r) => !String(r.remark).startsWith('order-'));
    expect(demo.length).toBeGreaterThanOrEqual(25);
    expect(new Set(demo.map((r) => r.status))).toEqual(new Set(Object.values(ORDER_STATE)));
    const day = (offset: number) => {
      const d = ts.ctx.now();
      const at = new Date(d.getFullYear(), d.getMonth(), d.getDate() + offset);
      return `${at.getFullYear()}-${String(at.getMonth() + 1).padStart(2, '0')}-${String(at.getDate()).padStart(2, '0')}`;
    };
    expect(demo.some((r) => String(r.createTime).startsWith(day(0)))).toBe(true);
    expect(demo.some((r) => String(r.createTime).startsWith(day(-1)))).toBe(true);
    for (const row of demo) {
      const full = (await detail(row.id, token))!;
      expect(full.orderNo).toMatch(/^MO\d{26}$/);
      expect(full.items.length).toBeGreaterThanOrEqual(1);
      expect(full.items.length).toBeLessThanOrEqual(3);
      expect(full.amount).toBe(full.items.reduce((sum, i) => sum + i.amount, 0));
      expect(full.itemCount).toBe(full.items.reduce((sum, i) => sum + i.quantity, 0));
      expect(full.payAmount).toBe(Number(full.amount) + Number(full.freight));
      expect(Boolean(full.logisticsNo)).toBe(Boolean(full.shipTime));
      if ([ORDER_STATE.shipped, ORDER_STATE.completed].includes(full.status as 2 | 3)) expect(full.logisticsNo).toBeTruthy();
      if (full.status !== ORDER_STATE.pending && full.status !== ORDER_STATE.cancelled) expect(full.payTime).toBeTruthy();
      for (const later of ['payTime', 'shipTime', 'completeTime', 'refundTime', 'cancelTime'] as const) {
        if (full[later]) expect(String(full[later]) >= String(full.createTime)).toBe(true);
      }
    }
    // The two tenants' shops differ.
    const other = await page({ size: 200 }, tenantId === '000000' ? demoAdmin : admin);
    expect(other.records.map((r) => r.orderNo)).not.toEqual(expect.arrayContaining(demo.map((r) => r.orderNo)));
  });

  test('the demo stock is what the paid demo orders left: no product below zero, sales at least what they took', async () => {
    const rows = await ts.ctx.db.system((tx) =>
      tx.query<{ id: string; stock: number; sales: number; taken: number }>(
        `select p.id::text as id, p.stock, p.sales,
                coalesce((select sum(i.quantity) from mall_order_item i join mall_order o on o.id = i.order_id
                           where i.product_id = p.id and o.status in (1, 2, 3) and o.is_deleted = 0 and o.remark not like 'order-%'), 0)::int as taken
           from mall_product p where p.name not like '测试商品%'`,
      ),
    );
    expect(rows.length).toBeGreaterThan(0);
    for (const row of rows) {
      expect(row.stock).toBeGreaterThanOrEqual(0);
      expect(row.sales).toBeGreaterThanOrEqual(row.taken);
    }
    expect(rows.some((r) => r.taken > 0)).toBe(true);
  });
});

describe('orders: the table', () => {
  test('the list’s filters each have an index of the tenant’s live orders (state, create time, number, mobile, pay time)', async () => {
    const indexes = await ts.ctx.db.system((tx) => tx.query<{ indexdef: string }>(`select indexdef from pg_indexes where tablename = 'mall_order'`));
    const defs = indexes.map((i) => i.indexdef.replace(/\s+/g, ' '));
    const led = (column: string) => defs.some((d) => d.includes(`(tenant_id, ${column}`) && d.includes('is_deleted = 0'));
    for (const column of ['create_time', 'status', 'order_no', 'buyer_mobile', 'pay_time']) expect([column, led(column)]).toEqual([column, true]);
    expect(defs.some((d) => /UNIQUE INDEX .*\(tenant_id, order_no\)/.test(d))).toBe(true);
    const lines = await ts.ctx.db.system((tx) => tx.query<{ indexdef: string }>(`select indexdef from pg_indexes where tablename = 'mall_order_item'`));
    expect(lines.some((i) => i.indexdef.includes('(tenant_id, order_id, sort)'))).toBe(true);
  });
});

describe('orders: saving', () => {
  test('a new order gets its number, waits for payment, and is priced from the products whatever the client says', async () => {
    const a = await product(10, 1990);
    const b = await product(10, 500);
    const res = await submit({ ...buyer, remark: 'priced', freight: 800, amount: 1, payAmount: 1, status: 3, orderNo: 'MOHACK', items: [{ productId: a.id, quantity: 2, price: 1 }, { productId: b.id, quantity: 3 }, { productId: a.id, quantity: 1 }] });
    expect(res.body).toMatchObject({ success: true });
    const id = (await ts.ctx.db.system((tx) => tx.one<{ id: string }>("select id::text as id from mall_order where remark = 'priced'")))!.id;
    const row = (await detail(id))!;
    expect(row).toMatchObject({ status: ORDER_STATE.pending, amount: 1990 * 3 + 500 * 3, freight: 800, payAmount: 1990 * 3 + 1500 + 800, itemCount: 6, payTime: '' });
    expect(row.orderNo).toMatch(/^MO\d{26}$/);
    expect(row.items).toEqual([
      { productId: a.id, productName: a.name, productCover: '', price: 1990, quantity: 3, amount: 5970 },
      { productId: b.id, productName: b.name, productCover: '', price: 500, quantity: 3, amount: 1500 },
    ]);
    // The list filters by number (equal and contained) and by mobile.
    expect((await page({ orderNo_equal: row.orderNo })).records.map((r) => r.id)).toEqual([id]);
    expect((await page({ orderNo: row.orderNo.slice(-8) })).records.map((r) => r.id)).toEqual([id]);
    expect((await page({ buyerMobile_equal: buyer.buyerMobile, status_equal: 0 })).records.map((r) => r.id)).toContain(id);
    expect((await page({ buyerMobile: '0001111', createTime_dategt: '2000-01-01 00:00:00', createTime_datelt: '2999-01-01 00:00:00' })).records.map((r) => r.id)).toContain(id);
  });

  test.each([
    [{ ...buyer }, '请选择商品', 'Please choose the products'],
    [{ ...buyer, items: [] }, '请选择商品', 'Please choose the products'],
    [{ ...buyer, items: 'x' }, '请求参数格式错误: items', 'Malformed parameter: items'],
    [{ ...buyer, buyerMobile: '' , items: [{ productId: '1', quantity: 1 }] }, '手机号码不能为空', 'The mobile number is required'],
    [{ ...buyer, buyerMobile: '1380000111', items: [{ productId: '1', quantity: 1 }] }, '手机号码长度不为11位', 'The mobile number must have 11 digits'],
    [{ ...buyer, buyerMobile: '23800001111', items: [{ productId: '1', quantity: 1 }] }, '手机号码格式不正确', 'The mobile number is not valid'],
    [{ ...buyer, items: [{ productId: '1', quantity: 1 }] }, '第1个商品不存在或已下架', 'Product 1 does not exist or is off sale'],
    [{ ...buyer, items: [{ productId: 'abc', quantity: 1 }] }, '第1个商品不存在或已下架', 'Product 1 does not exist or is off sale'],
  ])('a bad body is refused with 400 and its message in both languages (%#)', async (body, zh, english) => {
    const inZh = await submit(body);
    expect(inZh.status).toBe(400);
    expect(inZh.body.msg).toBe(zh);
    expect((await submit(body, admin, en)).body.msg).toBe(english);
  });

  test('quantities, stock and other tenants’ products are checked; nothing is saved', async () => {
    const p = await product(2);
    const theirs = await product(5, 100, DEMO_TENANT.tenantId);
    const before = (await page()).total;
    for (const [quantity, zh] of [
      [0, '第1个商品的数量须为1到9999之间的整数'],
      [1.5, '第1个商品的数量须为1到9999之间的整数'],
      [3, `商品「${p.name}」库存不足`],
    ] as const) {
      const res = await submit({ ...buyer, items: [{ productId: p.id, quantity }] });
      expect([res.status, res.body.msg]).toEqual([400, zh]);
    }
    expect((await submit({ ...buyer, items: [{ productId: theirs.id, quantity: 1 }] }, admin, en)).body.msg).toBe('Product 1 does not exist or is off sale');
    expect((await submit({ ...buyer, items: Array.from({ length: 51 }, (_, i) => ({ productId: String(i + 1), quantity: 1 })) })).body.msg).toBe('每个订单最多50种商品');
    expect((await page()).total).toBe(before);
  });

  test('while pending everything may change (the lines re-priced); once paid only the logistics and the remark', async () => {
    const a = await product(10, 1000);
    const b = await product(10, 300);
    const row = await order({ [a.id]: 1 });
    // The product's price changes: lines sent back unchanged keep the price they were sold at.
    await ts.ctx.db.system((tx) => tx.query('update mall_product set price = 1200 where id = $1', [a.id]));
    expect((await submit({ ...row, freight: 500 })).body.success).toBe(true);
    expect(await detail(row.id)).toMatchObject({ amount: 1000, freight: 500, payAmount: 1500 });
    expect((await submit({ id: row.id, items: [{ productId: a.id, quantity: 2 }, { productId: b.id, quantity: 1 }] })).body.success).toBe(true);
    expect(await detail(row.id)).toMatchObject({ amount: 2700, freight: 500, payAmount: 3200, itemCount: 3 });

    expect((await move(row.id, ORDER_STATE.paid)).body.success).toBe(true);
    const paid = (await detail(row.id))!;
    // The form sends the whole row back: unchanged values are fine.
    expect((await submit({ ...paid, logisticsCompany: '顺丰速运', logisticsNo: 'SF0001', remark: '加急' })).body.success).toBe(true);
    expect(await detail(row.id)).toMatchObject({ logisticsCompany: '顺丰速运', logisticsNo: 'SF0001', remark: '加急', payAmount: 3200 });
    for (const change of [{ address: '别处' }, { freight: 0 }, { buyerName: '别人' }, { items: [{ productId: a.id, quantity: 1 }] }]) {
      const res = await submit({ id: row.id, ...change });
      expect([res.status, res.body.msg]).toEqual([400, '订单「已支付」后只能修改物流信息和备注']);
    }
    expect((await submit({ id: row.id, address: '别处' }, admin, en)).body.msg).toBe('Once the order is “Paid”, only its logistics and remark may change');
    expect((await submit({ id: row.id, logisticsNo: 'SF 0001' })).body.msg).toBe('物流单号只能包含字母、数字和短横线');
    expect((await detail(row.id))!.address).toBe(buyer.address);
  });

  test('a paid or shipped order is not removed; a pending or finished one is', async () => {
    const p = await product(10);
    const paid = await orderIn(ORDER_STATE.paid, p.id);
    const shipped = await orderIn(ORDER_STATE.shipped, p.id);
    const pending = await orderIn(ORDER_STATE.pending, p.id);
    const done = await orderIn(ORDER_STATE.completed, p.id);
    const refused = await ts.post(`${BASE}/remove`, { token: admin, query: { ids: `${pending.id},${paid.id}` } });
    expect([refused.status, refused.body.msg]).toEqual([400, `订单「${paid.orderNo}」为「已支付」状态，请先完成或退款后再删除`]);
    expect((await ts.post(`${BASE}/remove`, { token: admin, query: { ids: shipped.id }, headers: en })).body.msg).toBe(`The order “${shipped.orderNo}” is “Shipped”: complete or refund it before removing it`);
    expect(await detail(pending.id)).not.toBeNull();
    expect((await ts.post(`${BASE}/remove`, { token: admin, query: { ids: `${pending.id},${done.id}` } })).body.success).toBe(true);
    expect(await detail(pending.id)).toBeNull();
    expect(await detail(done.id)).toBeNull();
  });
});

describe('orders: the state table', () => {
  const states = orderMachine.states.map((s) => s.value);
  test.each(states)('from %s every declared move is allowed and every other refused, naming both states', async (from) => {
    const p = await product(100);
    for (const to of states) {
      const row = await orderIn(from, p.id);
      const extra: Record<string, string> = to === ORDER_STATE.shipped ? { logisticsNo: 'YT0000001' } : {};
      const res = await move(row.id, to, extra, admin, to % 2 ? en : undefined);
      if (canMove(orderMachine, from, to)) {
        expect(res.body).toMatchObject({ success: true, data: { id: row.id, status: to } });
        expect((await detail(row.id))!.status).toBe(to);
      } else {
        const refusal = moveRefusal(orderMachine, from, to);
        expect([res.status, res.body.msg]).toEqual([400, to % 2 ? refusal.en : refusal.zh]);
        expect((await detail(row.id))!.status).toBe(from);
      }
    }
  });

  test('the refusal names both states: 订单状态不能从「已支付」变为「待支付」', async () => {
    const p = await product(5);
    const row = await orderIn(ORDER_STATE.paid, p.id);
    expect((await move(row.id, ORDER_STATE.pending)).body.msg).toBe('订单状态不能从「已支付」变为「待支付」');
    expect((await move(row.id, ORDER_STATE.pending, {}, admin, en)).body.msg).toBe('The order cannot go from "Paid" to "Unpaid"');
    expect((await move(row.id, ORDER_STATE.paid)).body.msg).toBe('订单状态不能从「已支付」变为「已支付」');
    expect((await move(row.id, 9)).body.msg).toBe('请求参数格式错误: status');
    expect((await move('123', ORDER_STATE.paid)).body.msg).toBe('数据不存在');
  });

  test('paying takes the stock and raises the sales; refunding gives them back; cancelling a pending order touches nothing', async () => {
    const a = await product(10);
    const b = await product(4);
    const paid = await order({ [a.id]: 3, [b.id]: 4 });
    expect((await move(paid.id, ORDER_STATE.paid)).body.success).toBe(true);
    expect([await stockOf(a.id), await stockOf(b.id)]).toEqual([{ stock: 7, sales: 3 }, { stock: 0, sales: 4 }]);
    expect((await detail(paid.id))!.payTime).toMatch(/^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d$/);

    const cancelled = await order({ [a.id]: 2 });
    expect((await move(cancelled.id, ORDER_STATE.cancelled)).body.success).toBe(true);
    expect(await stockOf(a.id)).toEqual({ stock: 7, sales: 3 });
    expect((await detail(cancelled.id))!.cancelTime).not.toBe('');

    expect((await move(paid.id, ORDER_STATE.shipped, { logisticsCompany: '中通快递', logisticsNo: 'ZT778899' })).body.success).toBe(true);
    expect((await move(paid.id, ORDER_STATE.refunded)).body.success).toBe(true);
    expect([await stockOf(a.id), await stockOf(b.id)]).toEqual([{ stock: 10, sales: 0 }, { stock: 4, sales: 0 }]);
    expect(await detail(paid.id)).toMatchObject({ status: ORDER_STATE.refunded, logisticsCompany: '中通快递', logisticsNo: 'ZT778899' });
    expect((await detail(paid.id))!.refundTime).not.toBe('');
  });

  test('a short product refuses the payment, naming it, and nothing is taken (the other products included)', async () => {
    const plenty = await product(10);
    const few = await product(5);
    const row = await order({ [plenty.id]: 2, [few.id]: 5 });
    await ts.ctx.db.system((tx) => tx.query('update mall_product set stock = 4 where id = $1', [few.id]));
    const res = await move(row.id, ORDER_STATE.paid);
    expect([res.status, res.body.msg]).toEqual([400, `商品「${few.name}」库存不足`]);
    expect((await move(row.id, ORDER_STATE.paid, {}, admin, en)).body.msg).toBe(`Not enough stock of “${few.name}”`);
    expect([await stockOf(plenty.id), await stockOf(few.id)]).toEqual([{ stock: 10, sales: 0 }, { stock: 4, sales: 0 }]);
    expect(await detail(row.id)).toMatchObject({ status: ORDER_STATE.pending, payTime: '' });
  });

  test('shipping needs a tracking number: given with the move, or already on the order', async () => {
    const p = await product(10);
    const row = await orderIn(ORDER_STATE.paid, p.id);
    for (const headers of [undefined, en]) {
      const res = await move(row.id, ORDER_STATE.shipped, { logisticsNo: '  ' }, admin, headers);
      expect([res.status, res.body.msg]).toEqual([400, headers ? 'Please enter the tracking number first' : '请先填写物流单号']);
    }
    expect((await move(row.id, ORDER_STATE.shipped, { logisticsNo: 'SF 12' })).body.msg).toBe('物流单号只能包含字母、数字和短横线');
    expect((await detail(row.id))!.status).toBe(ORDER_STATE.paid);
    expect((await submit({ id: row.id, logisticsNo: 'JD0001' })).body.success).toBe(true);
    expect((await move(row.id, ORDER_STATE.shipped)).body.success).toBe(true);
    expect(await detail(row.id)).toMatchObject({ status: ORDER_STATE.shipped, logisticsNo: 'JD0001' });
    expect((await detail(row.id))!.shipTime).not.toBe('');
    // A JSON body is taken too.
    const json = await ts.post(`${BASE}/update/status`, { token: admin, json: { id: row.id, status: ORDER_STATE.completed } });
    expect(json.body).toMatchObject({ success: true, data: { status: ORDER_STATE.completed } });
  });
});

describe('orders: access and the summary', () => {
  test('the user role reads orders and the summary, and every write answers 403', async () => {
    const p = await product(10);
    const row = await order({ [p.id]: 1 });
    expect((await ts.get(`${BASE}/page`, { token: viewer })).status).toBe(200);
    expect((await ts.get(`${BASE}/summary`, { token: viewer })).status).toBe(200);
    expect((await detail(row.id, viewer))!.id).toBe(row.id);
    expect((await submit({ ...buyer, items: [{ productId: p.id, quantity: 1 }] }, viewer)).status).toBe(403);
    expect((await submit({ id: row.id, remark: 'x' }, viewer)).status).toBe(403);
    expect((await move(row.id, ORDER_STATE.paid, {}, viewer)).status).toBe(403);
    expect((await ts.post(`${BASE}/remove`, { token: viewer, query: { ids: row.id } })).status).toBe(403);
    expect((await detail(row.id))!.status).toBe(ORDER_STATE.pending);
  });

  test('another tenant’s order does not exist for this tenant', async () => {
    const p = await product(10);
    const row = await order({ [p.id]: 1 });
    expect(await detail(row.id, demoAdmin)).toBeNull();
    expect((await move(row.id, ORDER_STATE.paid, {}, demoAdmin)).body.msg).toBe('数据不存在');
    expect((await submit({ id: row.id, remark: 'theirs' }, demoAdmin)).body.msg).toBe('数据不存在');
    await ts.post(`${BASE}/remove`, { token: demoAdmin, query: { ids: row.id } });
    expect(await detail(row.id)).toMatchObject({ status: ORDER_STATE.pending, remark: row.remark });
  });

  test('the summary counts the orders made and the amounts paid today and yesterday, per tenant', async () => {
    const counted = (tenantId: string) =>
      ts.ctx.db.system(async (tx) => {
        const now = ts.ctx.now();
        const midnight = (offset: number) => new Date(now.getFullYear(), now.getMonth(), now.getDate() + offset);
        const figures = async (from: Date, to: Date) => {
          const made = await tx.one<{ n: number }>('select count(*)::int as n from mall_order where tenant_id = $1 and is_deleted = 0 and create_time >= $2 and create_time < $3', [tenantId, from, to]);
          const paid = await tx.query<{ pay_amount: string; pay_time: Date }>('select pay_amount, pay_time from mall_order where tenant_id = $1 and is_deleted = 0 and pay_time is not null', [tenantId]);
          const takings = paid.filter((r) => r.pay_time >= from && r.pay_time < to).reduce((sum, r) => sum + Number(r.pay_amount), 0);
          return { orders: made!.n, takings };
        };
        return { today: await figures(midnight(0), midnight(1)), yesterday: await figures(midnight(-1), midnight(0)) };
      });
    const before = (await ts.get(`${BASE}/summary`, { token: admin })).body.data;
    expect(before).toEqual(await counted('000000'));
    expect(before.today.orders).toBeGreaterThan(0);
    expect(before.yesterday.takings).toBeGreaterThan(0);
    expect((await ts.get(`${BASE}/summary`, { token: demoAdmin })).body.data).toEqual(await counted(DEMO_TENANT.tenantId));

    const p = await product(10, 2500);
    const row = await order({ [p.id]: 2 }, { freight: 1000 });
    await move(row.id, ORDER_STATE.paid);
    const after = (await ts.get(`${BASE}/summary`, { token: admin })).body.data;
    expect(after.today).toEqual({ orders: before.today.orders + 1, takings: before.today.takings + 6000 });
    expect(after.yesterday).toEqual(before.yesterday);
  });
});
