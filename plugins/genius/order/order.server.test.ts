import { afterAll, beforeAll, describe, expect, test } from '@rstest/core';
import { DEMO_TENANT, formatDateTime } from '../../../core/sdk/server';
import { clearOfMidnight, createTestServer, type TestServer } from '../../../core/sdk/server-testing';
import dictServer from '../../dict/server';
import geniusServer from '../server';
import { commerceTopMenu } from '../test-plugins';
import { geniusOrderMachine, ORDER_STATE } from './entity';

/**
 * Genius orders through their published paths (`/api/genius/order/*`: list, detail, submit, remove?ids=, and
 * `update/status?id=&status=`): the demo orders, the server-made number and amount, the rules of a new
 * order and of a change, every move of the state table allowed or refused naming both states, the
 * genius's order count, today's summary, tenant isolation and the permissions.
 */
const BASE = '/api/genius/order';
type Order = Record<string, unknown> & { id: string; orderNo: string; status: number; amount: number; geniusId: string; geniusName: string };

let ts: TestServer;
let admin: string;
let demoAdmin: string;
let viewer: string;
let mover: string;
let geniusId: string;
const en = { 'Accept-Language': 'en' };

const submit = (json: unknown, token = admin, headers?: Record<string, string>) => ts.post(`${BASE}/submit`, { token, json, headers });
const move = (id: string, status: number, token = admin, headers?: Record<string, string>) => ts.post(`${BASE}/update/status`, { token, query: { id, status }, headers });
const list = async (query: Record<string, string | number> = {}, token = admin) => {
  const res = await ts.get(`${BASE}/list`, { token, query: { size: 100, ...query } });
  if (res.status !== 200) throw new Error(`${res.status} ${JSON.stringify(res.body)}`);
  return res.body.data as { records: Order[]; total: number };
};
const detail = async (id: string, token = admin) => (await ts.get(`${BASE}/detail`, { token, query: { id } })).body.data as Order | null;
const orderCount = async (id = geniusId) => Number(((await ts.get('/api/genius/detail', { token: admin, query: { id } })).body.data as { orderCount: number }).orderCount);
const booking = (more: Record<string, unknown> = {}) => ({ geniusId, customerName: '测试客户', customerMobile: '13800001111', service: '品牌咨询', bookedTime: '2099-06-01 10:00:00', ...more });

/** A new pending order of the test genius; its row. */
async function newOrder(more: Record<string, unknown> = {}): Promise<Order> {
  const customerName = `客户${Math.random().toString(36).slice(2, 10)}`;
  const res = await submit(booking({ customerName, ...more }));
  if (!res.body.success) throw new Error(JSON.stringify(res.body));
  return (await list({ customerName })).records[0]!;
}

/** An order brought to `state` through the moves. */
async function orderIn(state: number): Promise<Order> {
  const order = await newOrder();
  const path: Record<number, number[]> = {
    [ORDER_STATE.pending]: [],
    [ORDER_STATE.paid]: [ORDER_STATE.paid],
    [ORDER_STATE.confirmed]: [ORDER_STATE.paid, ORDER_STATE.confirmed],
    [ORDER_STATE.completed]: [ORDER_STATE.paid, ORDER_STATE.confirmed, ORDER_STATE.completed],
    [ORDER_STATE.cancelled]: [ORDER_STATE.cancelled],
    [ORDER_STATE.refunded]: [ORDER_STATE.paid, ORDER_STATE.refunded],
  };
  for (const step of path[state]!) expect((await move(order.id, step)).body.success).toBe(true);
  return (await detail(order.id))!;
}

beforeAll(async () => {
  ts = await createTestServer({ plugins: [dictServer, commerceTopMenu, geniusServer] });
  clearOfMidnight(ts); // the summary counts today's and yesterday's orders
  admin = (await ts.signIn('admin', 'admin')).access_token;
  demoAdmin = (await ts.signIn('admin', 'admin', DEMO_TENANT.tenantId)).access_token;
  viewer = (await ts.signIn('demo', 'demo')).access_token;
  const roleId = await ts.addRole({ tenantId: '000000', alias: 'order_mover', codes: ['genius_order', 'genius_order_view'] });
  await ts.addUser({ tenantId: '000000', account: 'mover', password: 'mover1234', roleId });
  mover = (await ts.signIn('mover', 'mover1234')).access_token;
  await ts.post('/api/genius/save', { token: admin, json: { name: '订单测试达人', category: 1, servicePrice: 88_800 } });
  const found = (await ts.get('/api/genius/list', { token: admin, query: { name: '订单测试达人' } })).body.data.records as { id: string }[];
  geniusId = found[0]!.id;
});
afterAll(() => ts.close());

describe('genius orders: demo data and the list', () => {
  test('each demo tenant has about twenty orders of its own, in every state, some today and some yesterday', async () => {
    const own = await list();
    expect(own.total).toBeGreaterThanOrEqual(18);
    expect(new Set(own.records.map((r) => r.status))).toEqual(new Set([0, 1, 2, 3, 4, 5]));
    const today = formatDateTime(ts.ctx.now()).slice(0, 10);
    expect(own.records.some((r) => String(r.createTime).startsWith(today))).toBe(true);
    for (const r of own.records) {
      expect(r.orderNo).toMatch(/^GO\d{26}$/);
      expect(r.geniusName).not.toBe('');
      expect(Number.isInteger(r.amount) && r.amount > 0).toBe(true);
      if (r.status === ORDER_STATE.completed) expect(r.completeTime).not.toBe('');
      if (r.status === ORDER_STATE.pending) expect(r.payTime).toBe('');
    }
    const theirs = await list({}, demoAdmin);
    expect(theirs.total).toBeGreaterThanOrEqual(18);
    expect(theirs.records.map((r) => r.customerName)).not.toContain('张伟');
  });

  test('a genius’s order count is its paid orders, as the demo left it', async () => {
    const lin = ((await ts.get('/api/genius/list', { token: admin, query: { name: '林思远' } })).body.data.records as { id: string; orderCount: number }[])[0]!;
    const paid = (await list({ geniusId_equal: lin.id })).records.filter((r) => [1, 2, 3].includes(r.status));
    expect(lin.orderCount).toBe(paid.length);
  });
});

describe('genius orders: a new order', () => {
  test('is numbered by the server, pending, at the genius’s price when no amount is sent, with the genius’s name', async () => {
    const order = await newOrder({ orderNo: 'MINE', status: 3, payTime: '2020-01-01 00:00:00' });
    expect(order).toMatchObject({ status: ORDER_STATE.pending, amount: 88_800, geniusId, geniusName: '订单测试达人', payTime: '' });
    expect(order.orderNo).toMatch(/^GO\d{26}$/);
    expect((await newOrder({ amount: 50_000 })).amount).toBe(50_000);
  });

  test.each([
    ['no genius', { geniusId: undefined }, '请选择达人', 'Please choose the genius'],
    ['no customer', { customerName: '' }, '请输入客户姓名', 'Please enter the customer'],
    ['no mobile', { customerMobile: '' }, '手机号码不能为空', 'The mobile number is required'],
    ['a mobile of ten digits', { customerMobile: '1380000111' }, '手机号码长度不为11位', 'The mobile number must have 11 digits'],
    ['a mobile of twelve digits', { customerMobile: '138000011112' }, '手机号码长度不为11位', 'The mobile number must have 11 digits'],
    ['a mobile not starting with 1', { customerMobile: '23800001111' }, '手机号码格式不正确', 'The mobile number is not valid'],
    ['no service', { service: '' }, '请输入服务内容', 'Please enter the service'],
    ['a service over 100 characters', { service: '字'.repeat(101) }, 'service: 长度不能超过100个字符', 'service: length must not exceed 100 characters'],
    ['no booked time', { bookedTime: '' }, '请选择预约时间', 'Please choose the booked time'],
    ['a booked time in the past', { bookedTime: '2020-01-01 10:00:00' }, '预约时间不能早于当前时间', 'The booked time cannot be in the past'],
    ['an amount of nothing', { amount: 0 }, '订单金额须大于 0', 'The amount must be more than 0'],
    ['an unknown genius', { geniusId: '123456789' }, '达人不存在', 'The genius does not exist'],
  ])('refuses %s with a 400 in the caller’s language', async (_what, change, zh, english) => {
    const body = booking(change);
    const refused = await submit(body);
    expect(refused.status).toBe(400);
    expect(refused.body.msg).toBe(zh);
    const inEnglish = await submit(body, admin, en);
    if (english.startsWith('service:')) expect(inEnglish.body.msg).toMatch(/^service: /);
    else expect(inEnglish.body.msg).toBe(english);
  });

  test('an unlisted genius cannot be booked, and it is named', async () => {
    const he = ((await ts.get('/api/genius/list', { token: admin, query: { name: '何佳怡' } })).body.data.records as { id: string }[])[0]!;
    const refused = await submit(booking({ geniusId: he.id }));
    expect(refused.body.msg).toBe('达人「何佳怡」已下架，不能预约');
    expect((await submit(booking({ geniusId: he.id }), admin, en)).body.msg).toBe('The genius “何佳怡” is not listed and cannot be booked');
  });
});

describe('genius orders: changes and removal', () => {
  test('a pending order is changed (not its genius); a paid one is refused, naming its state', async () => {
    const order = await newOrder();
    const other = (await ts.get('/api/genius/list', { token: admin, query: { name: '林思远' } })).body.data.records[0].id as string;
    expect((await submit({ id: order.id, geniusId: other, customerName: '新名字', amount: 70_000, status: 3 })).body.success).toBe(true);
    expect(await detail(order.id)).toMatchObject({ customerName: '新名字', amount: 70_000, geniusId, status: ORDER_STATE.pending });

    await move(order.id, ORDER_STATE.paid);
    const refused = await submit({ id: order.id, customerName: '再改' });
    expect(refused.status).toBe(400);
    expect(refused.body.msg).toBe('订单状态为「已支付」，不能修改');
    expect((await submit({ id: order.id, customerName: '再改' }, admin, en)).body.msg).toBe('The order is “Paid” and cannot be changed');
  });

  test('an order holding the customer’s money is not removed; a pending or finished one is', async () => {
    const paid = await orderIn(ORDER_STATE.confirmed);
    const refused = await ts.post(`${BASE}/remove`, { token: admin, query: { ids: paid.id } });
    expect(refused.status).toBe(400);
    expect(refused.body.msg).toBe(`订单「${paid.orderNo}」已确认，请先退款再删除`);
    const pending = await newOrder();
    const done = await orderIn(ORDER_STATE.completed);
    expect((await ts.post(`${BASE}/remove`, { token: admin, query: { ids: `${pending.id},${done.id}` } })).body.success).toBe(true);
    expect(await detail(pending.id)).toBeNull();
  });
});

describe('genius orders: the state table', () => {
  const states = geniusOrderMachine.states.map((s) => s.value);
  const pairs = states.flatMap((from) => states.map((to) => [from, to] as const));
  const allowed = new Set(['0>1', '0>4', '1>2', '1>5', '2>3', '2>5']);

  test.each(pairs)('from %i to %i', async (from, to) => {
    const order = await orderIn(from);
    const res = await move(order.id, to);
    if (allowed.has(`${from}>${to}`)) {
      expect(res.body).toMatchObject({ success: true, data: { id: order.id, status: to } });
      expect((await detail(order.id))!.status).toBe(to);
    } else {
      const names = (s: number) => geniusOrderMachine.states.find((x) => x.value === s)!.label;
      expect(res.status).toBe(400);
      expect(res.body.msg).toBe(`订单状态不能从「${names(from).zh}」变为「${names(to).zh}」`);
      expect((await move(order.id, to, admin, en)).body.msg).toBe(`The order cannot go from "${names(from).en}" to "${names(to).en}"`);
      expect((await detail(order.id))!.status).toBe(from);
    }
  });

  test('the moves stamp their times; paying raises the genius’s order count, refunding lowers it', async () => {
    const before = await orderCount();
    const order = await newOrder();
    await move(order.id, ORDER_STATE.paid);
    const paid = (await detail(order.id))!;
    expect(paid.payTime).toBe(formatDateTime(ts.ctx.now()));
    expect(await orderCount()).toBe(before + 1);
    await move(order.id, ORDER_STATE.confirmed);
    expect((await detail(order.id))!.confirmTime).not.toBe('');
    await move(order.id, ORDER_STATE.refunded);
    expect(await orderCount()).toBe(before);

    const cancelled = await newOrder();
    await move(cancelled.id, ORDER_STATE.cancelled);
    expect(await orderCount()).toBe(before);
  });

  test('a state no one declared, a malformed id and an unknown order are 400s', async () => {
    const order = await newOrder();
    expect((await move(order.id, 9)).body.msg).toBe('请求参数格式错误: status');
    expect((await ts.post(`${BASE}/update/status`, { token: admin, query: { id: 'x', status: 1 } })).status).toBe(400);
    expect((await move('123456789', 1)).body.msg).toBe('数据不存在');
    expect((await ts.post(`${BASE}/update/status`, { token: admin, json: { id: order.id, status: ORDER_STATE.paid } })).body.success).toBe(true);
  });
});

describe('genius orders: today’s summary', () => {
  test('counts today’s new orders and takings (by pay time, refunds left out) against yesterday’s', async () => {
    const before = (await ts.get(`${BASE}/summary`, { token: admin })).body.data as { date: string; today: { orders: number; takings: number }; yesterday: { orders: number; takings: number } };
    expect(before.date).toBe(formatDateTime(ts.ctx.now()).slice(0, 10));
    expect(before.yesterday.orders).toBeGreaterThan(0);

    const kept = await newOrder({ amount: 12_345 });
    const refunded = await newOrder({ amount: 10_000 });
    await newOrder({ amount: 999 });
    await move(kept.id, ORDER_STATE.paid);
    await move(refunded.id, ORDER_STATE.paid);
    await move(refunded.id, ORDER_STATE.refunded);
    const after = (await ts.get(`${BASE}/summary`, { token: admin })).body.data as typeof before;
    expect(after.today).toEqual({ orders: before.today.orders + 3, takings: before.today.takings + 12_345 });
    expect(after.yesterday).toEqual(before.yesterday);

    const theirs = (await ts.get(`${BASE}/summary`, { token: demoAdmin })).body.data as typeof before;
    expect(theirs.today.orders).toBeLessThan(after.today.orders);
  });
});

describe('genius orders: tenants and permissions', () => {
  test('another tenant’s administrator neither reads, changes, moves nor removes an order of 000000', async () => {
    const order = await newOrder();
    expect(await detail(order.id, demoAdmin)).toBeNull();
    expect((await submit({ id: order.id, customerName: '别人' }, demoAdmin)).status).toBe(400);
    expect((await move(order.id, ORDER_STATE.paid, demoAdmin)).body.msg).toBe('数据不存在');
    expect((await ts.post(`${BASE}/remove`, { token: demoAdmin, query: { ids: order.id } })).body.success).toBe(false);
    expect(await detail(order.id)).toMatchObject({ status: ORDER_STATE.pending, customerName: order.customerName });
  });

  test('the view-only user role reads the list and the summary, and is refused every write with a 403', async () => {
    const order = await newOrder();
    expect((await list({}, viewer)).total).toBeGreaterThan(0);
    expect((await ts.get(`${BASE}/summary`, { token: viewer })).status).toBe(200);
    for (const refused of [await submit(booking(), viewer), await submit({ id: order.id, customerName: 'x' }, viewer), await move(order.id, 1, viewer), await ts.post(`${BASE}/remove`, { token: viewer, query: { ids: order.id } })]) {
      expect(refused.status).toBe(403);
    }
    // Reading the orders is not moving them: 状态流转 is a button of its own.
    expect((await move(order.id, 1, mover)).status).toBe(403);
    expect((await detail(order.id))!.status).toBe(ORDER_STATE.pending);
  });
});
