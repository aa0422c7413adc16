import { afterAll, beforeAll, describe, expect, test } from '@rstest/core';
import readXlsxFile from 'read-excel-file/node';
import { clearOfMidnight, fireTogether, serverBackends, type TestServer } from '../../../core/sdk/server-testing';
import dictServer from '../../dict/server';
import certificateServer from '../server';
import { ORDER_CODE } from './codes';
import { ordersToExport } from './export';
import { idCheckCharacter, maskIdNumber } from './id-number';
import { type AuthUser, crudRepo, DEMO_TENANT, type ServerPlugin } from '../../../core/sdk/server';
import { REFUND_TABLE } from '../pay/records';
import { tenantAdministrator } from './administrator';
import { certificateOrderEntity } from './entity';

/** The super administrator as the export sees a caller (every code, no data scope). */
const ADMINISTRATOR = tenantAdministrator('000000', '');

/**
 * The certificate orders' server: the engine's endpoints with the order's rules (its number, the ID
 * number's check and mask, what stays fixed once paid, no removal of a paid order), the order info, the
 * export read back, the home cards' summary, the permissions, and the same order changed by several
 * callers at once (on PostgreSQL too when TEST_DATABASE_URL is set).
 */

const BASE = '/api/xh/certificate/order';
/** The commerce top menu the certificate menus join, declared by the mall (not needed here beyond that). */
const mallStub: ServerPlugin = { manifest: { id: 'mall', name: { zh: '商城管理', en: 'Mall' }, topMenus: [{ code: 'top_mall', name: { zh: '商城业务', en: 'Commerce' }, sort: 0, menus: [] }] } };
const en = { 'Accept-Language': 'en' };
type Row = Record<string, unknown>;

/** A valid ID number from 17 digits. */
const idNumber = (first17: string) => first17 + idCheckCharacter(first17);
const ID_A = idNumber('11010119900307123');
const ID_B = idNumber('31010419851123456');

describe.each(serverBackends())('certificate orders on $name', (backend) => {
  let ts: TestServer;
  let admin: string;
  /** The demo `user` role: the menu and its view button only. */
  let viewer: string;
  /** May see ID numbers whole, and nothing else beyond viewing. */
  let sensitive: string;
  let otherAdmin: string;

  beforeAll(async () => {
    ts = await backend.start({ plugins: [dictServer, mallStub, certificateServer] });
    clearOfMidnight(ts); // the summary counts today's and yesterday's orders
    admin = (await ts.signIn('admin', 'admin')).access_token;
    viewer = (await ts.signIn('demo', 'demo')).access_token;
    const roleId = await ts.addRole({ tenantId: '000000', alias: 'auditor', codes: [ORDER_CODE.menu, ORDER_CODE.view, ORDER_CODE.viewSensitive] });
    await ts.addUser({ tenantId: '000000', account: 'auditor', password: 'auditor1', roleId });
    sensitive = (await ts.signIn('auditor', 'auditor1')).access_token;
    otherAdmin = (await ts.signIn('admin', 'admin', DEMO_TENANT.tenantId)).access_token;
  }, 120_000);
  afterAll(async () => {
    await ts?.close();
  });

  /** Adds an order as the admin and answers it as the admin reads it (whole). */
  async function addOrder(fields: Row = {}): Promise<Row> {
    const name = `测试${Math.random().toString(36).slice(2, 8)}`;
    const saved = await ts.post(`${BASE}/save`, { token: admin, json: { name, idNumber: ID_A, mobile: '13912345678', certificateType: 1, amount: 19_900, ...fields } });
    expect(saved.body).toMatchObject({ success: true });
    const page = await ts.get(`${BASE}/page`, { token: admin, query: { name } });
    return page.body.data.records[0] as Row;
  }
  const setColumns = (id: unknown, set: string) => ts.ctx.db.system((tx) => tx.query(`update xh_certificate_order set ${set} where id = $1`, [id]));
  const stored = async (id: unknown) => (await ts.ctx.db.system((tx) => tx.one<Row>('select * from xh_certificate_order where id = $1', [id])))!;

  test('a new order gets its number and starting states from the server, whatever the body says', async () => {
    const order = await addOrder({ orderNo: 'MINE', payState: 1, shipState: 1, refundAmount: 500, certificateNo: 'X' });
    expect(order.orderNo).toMatch(/^CO\d{26}$/);
    expect(order).toMatchObject({ payState: 0, shipState: 0, refundAmount: 0, amount: 19_900, certificateNo: '', idNumber: ID_A });
    const second = await addOrder();
    expect(second.orderNo).not.toBe(order.orderNo);
  });

  test('the ID number is checked to its check character, in the caller’s language; a lower-case x is stored upper-case', async () => {
    const body = { name: '张三', mobile: '13912345678', certificateType: 2, amount: 100 };
    const wrongCheck = ID_A.slice(0, 17) + (ID_A[17] === '1' ? '2' : '1');
    for (const bad of [wrongCheck, '11010119900230123X', '1101011990030712', '11010119900307123Y']) {
      const zh = await ts.post(`${BASE}/save`, { token: admin, json: { ...body, idNumber: bad } });
      expect([zh.status, zh.body.msg]).toEqual([400, '身份证号码格式不正确']);
    }
    const english = await ts.post(`${BASE}/save`, { token: admin, json: { ...body, idNumber: wrongCheck }, headers: en });
    expect(english.body.msg).toBe('The ID number is not valid');
    const x = idNumber('11010519491231002');
    expect(x.endsWith('X')).toBe(true);
    const order = await addOrder({ idNumber: x.toLowerCase() });
    expect(order.idNumber).toBe(x);
  });

  test('the other rules: the mobile number (length first), the amount above 0 and in whole fen, the required fields', async () => {
    const body = { name: '李四', idNumber: ID_A, mobile: '13912345678', certificateType: 1, amount: 100 };
    const refused = async (json: Row, headers?: Record<string, string>) => {
      const res = await ts.post(`${BASE}/save`, { token: admin, json, headers });
      expect(res.status).toBe(400);
      return res.body.msg as string;
    };
    expect(await refused({ ...body, mobile: '1391234567' })).toBe('手机号码长度不为11位');
    expect(await refused({ ...body, mobile: '23912345678' })).toBe('手机号码格式不正确');
    expect(await refused({ ...body, amount: 0 })).toBe('订单金额必须大于0');
    expect(await refused({ ...body, amount: 0 }, en)).toBe('The amount must be more than 0');
    expect(await refused({ ...body, amount: 12.5 })).toContain('分');
    expect(await refused({ ...body, name: '' })).toBe('请输入申请人');
    expect(await refused({ ...body, certificateType: undefined })).toBe('请选择证书类型');
  });

  test('the ID number is masked in page, detail, order info and export without the sensitive code, and whole with it', async () => {
    const order = await addOrder({ idNumber: ID_B });
    const masked = maskIdNumber(ID_B);
    expect(masked).toBe(`${ID_B.slice(0, 3)}***********${ID_B.slice(-4)}`);
    const readAs = async (token: string) => {
      const page = await ts.get(`${BASE}/page`, { token, query: { orderNo: String(order.orderNo) } });
      const detail = await ts.get(`${BASE}/detail`, { token, query: { id: String(order.id) } });
      const info = await ts.get(`${BASE}/getOrderInfo`, { token, query: { id: String(order.id) } });
      return [page.body.data.records[0].idNumber, detail.body.data.idNumber, info.body.data.idNumber];
    };
    expect(await readAs(viewer)).toEqual([masked, masked, masked]);
    expect(await readAs(sensitive)).toEqual([ID_B, ID_B, ID_B]);
    expect(await readAs(admin)).toEqual([ID_B, ID_B, ID_B]);
  });

  test('an edit that sends the masked number back keeps the stored one; a whole new number replaces it', async () => {
    const order = await addOrder({ idNumber: ID_B });
    const asViewerSees = { ...order, idNumber: maskIdNumber(ID_B), remark: '改备注' };
    expect((await ts.post(`${BASE}/update`, { token: admin, json: asViewerSees })).body.success).toBe(true);
    expect(await stored(order.id)).toMatchObject({ id_number: ID_B, remark: '改备注' });
    // Another masked value is no ID number at all.
    const other = await ts.post(`${BASE}/update`, { token: admin, json: { ...order, idNumber: maskIdNumber(ID_A) } });
    expect([other.status, other.body.msg]).toEqual([400, '身份证号码格式不正确']);
    expect((await ts.post(`${BASE}/update`, { token: admin, json: { ...order, idNumber: ID_A } })).body.success).toBe(true);
    expect((await stored(order.id)).id_number).toBe(ID_A);
  });

  test('once paid, what the order was paid for stays: the remark may change, the amount and the applicant may not', async () => {
    const order = await addOrder({ amount: 38_000 });
    await setColumns(order.id, 'pay_state = 1');
    const amount = await ts.post(`${BASE}/update`, { token: admin, json: { ...order, amount: 100 } });
    expect([amount.status, amount.body.msg]).toEqual([400, '订单已支付，不能再修改订单金额']);
    const name = await ts.post(`${BASE}/update`, { token: admin, json: { ...order, name: '王五' }, headers: en });
    expect(name.body.msg).toBe('The applicant can change only while the order is not paid (it is “Paid”)');
    // The form sends every field back as it was, with the new remark.
    expect((await ts.post(`${BASE}/update`, { token: admin, json: { ...order, remark: '已电话确认' } })).body.success).toBe(true);
    expect(await stored(order.id)).toMatchObject({ remark: '已电话确认', name: order.name, pay_state: 1 });
    await setColumns(order.id, 'pay_state = 2');
    const closed = await ts.post(`${BASE}/update`, { token: admin, json: { ...order, certificateType: 3 } });
    expect(closed.body.msg).toBe('订单已关闭，不能再修改证书类型');
  });

  test('an order holding the customer’s money is not removed; an unpaid or closed one is', async () => {
    for (const state of [1, 3, 5]) {
      const order = await addOrder();
      await setColumns(order.id, `pay_state = ${state}`);
      const res = await ts.post(`${BASE}/remove`, { token: admin, query: { ids: String(order.id) } });
      expect([res.status, res.body.msg]).toEqual([400, '已支付的订单不能删除']);
      expect((await stored(order.id)).is_deleted).toBe(0);
    }
    const unpaid = await addOrder();
    const closed = await addOrder();
    await setColumns(closed.id, 'pay_state = 2');
    const paid = await addOrder();
    await setColumns(paid.id, 'pay_state = 1');
    // Several at once: one paid among them refuses the whole removal.
    expect((await ts.post(`${BASE}/remove`, { token: admin, query: { ids: `${unpaid.id},${paid.id}` }, headers: en })).body.msg).toBe('A paid order cannot be removed');
    expect((await ts.post(`${BASE}/remove`, { token: admin, query: { ids: `${unpaid.id},${closed.id}` } })).body.success).toBe(true);
    expect((await stored(unpaid.id)).is_deleted).toBe(1);
    expect((await stored(closed.id)).is_deleted).toBe(1);
  });

  test('the export: every filtered order (not one page) read back, masked as the list, headed in the caller’s language', async () => {
    const mark = `导出${Math.random().toString(36).slice(2, 6)}`;
    for (let i = 0; i < 12; i++) await addOrder({ name: `${mark}${String(i).padStart(2, '0')}`, idNumber: ID_B, amount: 123_456 + i, remark: '=1+1' });
    const download = async (token: string, query: Record<string, string>, headers: Record<string, string> = {}) => {
      const res = await ts.app.request(`${BASE}/export?${new URLSearchParams(query)}`, { method: 'POST', headers: { 'Blade-Auth': `bearer ${token}`, ...headers } });
      expect([res.status, res.status === 200 ? '' : await res.text()]).toEqual([200, '']);
      expect(res.headers.get('content-type')).toBe('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
      return { disposition: res.headers.get('content-disposition'), sheet: (await readXlsxFile(Buffer.from(await res.arrayBuffer())))[0]!.data };
    };
    const { disposition, sheet } = await download(admin, { name: mark, ascs: 'amount', size: '10', current: '1' });
    expect(disposition).toMatch(/^attachment; filename="certificate-orders-\d{8}\.xlsx"; filename\*=UTF-8''/);
    const [head, ...rows] = sheet;
    expect(head!.slice(0, 6)).toEqual(['订单编号', '申请人', '身份证号', '手机号码', '证书类型', '订单金额（元）']);
    expect(rows.map((r) => r[1])).toEqual(Array.from({ length: 12 }, (_, i) => `${mark}${String(i).padStart(2, '0')}`));
    expect(rows[0]!.slice(2, 7)).toEqual([ID_B, '13912345678', '职业技能证书', '1234.56', '未支付']);
    expect(rows[0]![16]).toBe('=1+1'); // text, never a formula
    const masked = await download(viewerExport(), { name: mark }, en);
    expect(masked.sheet[0]!.slice(0, 3)).toEqual(['Order no.', 'Applicant', 'ID number']);
    expect(masked.sheet[1]!.slice(2, 7)).toEqual([maskIdNumber(ID_B), '13912345678', 'Vocational skill', '1234.67', 'Not paid']);
    expect((await ts.post(`${BASE}/export`, { token: admin, query: { nope: '1' } })).status).toBe(400);
  });
  /** A user who may export but not see ID numbers. */
  let exporter = '';
  const viewerExport = () => exporter;
  beforeAll(async () => {
    const roleId = await ts.addRole({ tenantId: '000000', alias: 'exporter', codes: [ORDER_CODE.menu, ORDER_CODE.view, ORDER_CODE.export] });
    await ts.addUser({ tenantId: '000000', account: 'exporter', password: 'exporter1', roleId });
    exporter = (await ts.signIn('exporter', 'exporter1')).access_token;
  });

  test('an export beyond the cap is refused with a 400 asking for narrower filters', async () => {
    const repo = crudRepo(certificateOrderEntity, ts.ctx.ids);
    const me: AuthUser = { ...ADMINISTRATOR, tenantId: '000000' };
    const all = await ts.ctx.db.tenant('000000', (tx) => ordersToExport(tx, ts.ctx, repo, me, {}));
    expect(all.orders.length).toBeGreaterThan(5);
    await expect(ts.ctx.db.tenant('000000', (tx) => ordersToExport(tx, ts.ctx, repo, me, {}, 5))).rejects.toMatchObject({ status: 400 });
  });

  test('the summary: orders made today and yesterday, takings by pay time, refunds in progress', async () => {
    const before = (await ts.get(`${BASE}/summary`, { token: viewer })).body.data;
    const today = await addOrder({ amount: 10_000 });
    const now = ts.ctx.now();
    const at = (days: number) => {
      const d = new Date(now.getFullYear(), now.getMonth(), now.getDate() + days, 12);
      const pad = (n: number) => String(n).padStart(2, '0');
      return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())} 12:00:00`;
    };
    await setColumns(today.id, `pay_state = 1, pay_time = '${at(0)}'`);
    const yesterday = await addOrder({ amount: 7_000 });
    await setColumns(yesterday.id, `pay_state = 3, refund_amount = 4000, create_time = create_time - interval '1 day', pay_time = '${at(-1)}'`);
    // Its first refund settled; the second is being processed.
    for (const [no, amount, status] of [['RFA', 1500, 'SUCCESS'], ['RFB', 2500, 'PROCESSING']] as const) {
      await ts.ctx.db.system((tx) =>
        tx.query(
          `insert into ${REFUND_TABLE} (id, tenant_id, order_id, out_refund_no, amount, reason, status, create_time, update_time) values ($1, '000000', $2, $3, $4, '测试', $5, now(), now())`,
          [ts.ctx.ids.next(), yesterday.id, `${no}${yesterday.id}`, amount, status],
        ),
      );
    }
    const after = (await ts.get(`${BASE}/summary`, { token: viewer })).body.data;
    expect(after.today.orders).toBe(before.today.orders + 1);
    expect(after.today.takings).toBe(before.today.takings + 10_000);
    expect(after.yesterday.takings).toBe(before.yesterday.takings + 7_000);
    expect(after.refunding).toEqual({ count: before.refunding.count + 1, amount: before.refunding.amount + 2500 });
    // Another tenant's figures are its own.
    const theirs = (await ts.get(`${BASE}/summary`, { token: otherAdmin })).body.data;
    expect(theirs.refunding.count).toBeLessThan(after.refunding.count + 100);
    expect(theirs).not.toEqual(after);
  });

  test('the demo user may look (page, detail, order info, summary) but every write answers 403; another tenant’s order does not exist', async () => {
    const order = await addOrder();
    const id = String(order.id);
    expect((await ts.get(`${BASE}/page`, { token: viewer })).status).toBe(200);
    expect((await ts.get(`${BASE}/getOrderInfo`, { token: viewer, query: { id } })).status).toBe(200);
    expect((await ts.get(`${BASE}/summary`, { token: viewer })).status).toBe(200);
    for (const [path, options] of [
      ['save', { json: { name: 'x', idNumber: ID_A, mobile: '13912345678', certificateType: 1, amount: 1 } }],
      ['update', { json: { ...order, remark: 'x' } }],
      ['remove', { query: { ids: id } }],
      ['export', {}],
    ] as const) {
      const res = await ts.post(`${BASE}/${path}`, { token: viewer, ...options });
      expect([path, res.status, res.body.msg]).toEqual([path, 403, '没有权限执行此操作']);
    }
    expect((await ts.get(`${BASE}/summary`, { token: sensitive })).status).toBe(200);
    const info = await ts.get(`${BASE}/getOrderInfo`, { token: otherAdmin, query: { id } });
    expect([info.status, info.body.msg]).toEqual([400, '数据不存在']);
    expect((await ts.get(`${BASE}/detail`, { token: otherAdmin, query: { id } })).body.data).toBeNull();
  });

  test('the order info carries the payment history: none for a new order, the payment and a refund with who asked for it', async () => {
    const order = await addOrder();
    const info = await ts.get(`${BASE}/getOrderInfo`, { token: admin, query: { id: String(order.id) } });
    expect(info.body.data).toMatchObject({ id: order.id, orderNo: order.orderNo, payments: [] });

    // A demo order paid and untouched since, refunded in part by the administrator.
    const paid = (await ts.get(`${BASE}/page`, { token: admin, query: { payState_equal: 1, name: '王芳' } })).body.data.records[0] as Row;
    expect((await ts.get('/api/xh/pay/refundV3', { token: admin, query: { id: String(paid.id), amount: 1000, reason: '部分退款' } })).body.success).toBe(true);
    const history = (await ts.get(`${BASE}/getOrderInfo`, { token: admin, query: { id: String(paid.id) } })).body.data;
    expect(history.payState).toBe(3);
    expect(history.payments[0]).toMatchObject({ kind: 'refund', amount: 1000, status: 'processing', reason: '部分退款', operatorName: expect.any(String) });
    expect(history.payments.at(-1)).toMatchObject({ kind: 'pay', amount: paid.amount, status: 'success' });
  });

  test('the same order removed twenty times at once is removed once', async () => {
    const order = await addOrder();
    const answers = await fireTogether(20, () => ts.post(`${BASE}/remove`, { token: admin, query: { ids: String(order.id) } }));
    const bodies = answers.map((a) => (a.status === 'fulfilled' ? a.value.body : a.reason));
    expect(bodies.filter((b) => b.success === true)).toHaveLength(1);
  });

  test('an edit of the amount racing the payment of the order: it lands before the payment or is refused, never after it', async () => {
    const order = await addOrder({ amount: 20_000 });
    // The payment holds the order's row lock for a moment, as the payment actions do.
    const pay = ts.ctx.db.system(async (tx) => {
      await tx.query('select id from xh_certificate_order where id = $1 for update', [order.id]);
      await new Promise((resolve) => setTimeout(resolve, 300));
      await tx.query('update xh_certificate_order set pay_state = 1 where id = $1', [order.id]);
    });
    await new Promise((resolve) => setTimeout(resolve, 50));
    const [edit] = await Promise.all([ts.post(`${BASE}/update`, { token: admin, json: { ...order, amount: 100 } }), pay]);
    const row = await stored(order.id);
    expect(Number(row.pay_state)).toBe(1);
    if (edit.body.success === true) expect(Number(row.amount)).toBe(100);
    else {
      expect(edit.body.msg).toBe('订单已支付，不能再修改订单金额');
      expect(Number(row.amount)).toBe(20_000);
    }
    // Where transactions really run side by side, the edit waits for the payment's lock and sees it.
    if (backend.name === 'PostgreSQL') expect(edit.body.success).not.toBe(true);
  });

  test('the demo orders: both demo tenants, different people, every payment state', async () => {
    const states = async (tenantId: string) =>
      ts.ctx.db.system((tx) => tx.query<{ name: string; pay_state: number; ship_state: number }>('select name, pay_state, ship_state from xh_certificate_order where tenant_id = $1 and create_user is not null and is_deleted = 0 and order_no like $2', [tenantId, 'CO%']));
    const ours = await states('000000');
    const theirs = await states(DEMO_TENANT.tenantId);
    expect(theirs.length).toBeGreaterThanOrEqual(24);
    for (const rows of [ours, theirs]) expect(new Set(rows.map((r) => Number(r.pay_state)))).toEqual(new Set([0, 1, 2, 3, 4, 5]));
    expect(theirs.some((r) => Number(r.ship_state) === 1)).toBe(true);
    const names = new Set(ours.map((r) => r.name));
    expect(theirs.filter((r) => names.has(r.name))).toEqual([]);
  });
});
