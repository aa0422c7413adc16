import { afterAll, beforeAll, describe, expect, test } from '@rstest/core';
import { createPublicKey, generateKeyPairSync, randomBytes } from 'node:crypto';
import { DEMO_TENANT, type ServerPlugin } from '../../../core/sdk/server';
import { createTestServer, type TestServer } from '../../../core/sdk/server-testing';
import dictServer from '../../dict/server';
import { idCheckCharacter } from '../order/id-number';
import certificateServer from '../server';
import { paymentHistory } from './history';
import { PAY_LOG_TABLE, REFUND_TABLE } from './records';
import { SANDBOX_TXN } from './sandbox';
import { readCertificateSettings, SETTING_TABLE } from './settings';
import { type FakeWechatPay, startFakeWechatPay } from './wechatpay-fake';
import { wechatPayV3 } from './wechatpay-v3';

/**
 * The payment actions through the server, on the sandbox and on WeChat Pay API v3 (against the local
 * fake): pay, refund in part and in whole, settle, close, ship; every refusal in the caller's language;
 * the history; the settings with their sealed secrets; permissions and tenant isolation.
 */
const ORDER = '/api/xh/certificate/order';
const PAY = '/api/xh/pay';
const mallStub: ServerPlugin = { manifest: { id: 'mall', name: { zh: '商城管理', en: 'Mall' }, topMenus: [{ code: 'top_mall', name: { zh: '商城业务', en: 'Commerce' }, sort: 0, menus: [] }] } };
const en = { 'Accept-Language': 'en' };
type Row = Record<string, unknown>;
const ID_NUMBER = '11010119900307123' + idCheckCharacter('11010119900307123');

let ts: TestServer;
let admin: string;
let viewer: string;
let otherAdmin: string;

beforeAll(async () => {
  ts = await createTestServer({ plugins: [dictServer, mallStub, certificateServer] });
  admin = (await ts.signIn('admin', 'admin')).access_token;
  viewer = (await ts.signIn('demo', 'demo')).access_token;
  otherAdmin = (await ts.signIn('admin', 'admin', DEMO_TENANT.tenantId)).access_token;
}, 120_000);
afterAll(() => ts?.close());

/** A new unpaid order of `amount` fen, as the admin reads it. */
async function addOrder(amount = 20_000, token = admin): Promise<Row> {
  const name = `付款${Math.random().toString(36).slice(2, 8)}`;
  const saved = await ts.post(`${ORDER}/save`, { token, json: { name, idNumber: ID_NUMBER, mobile: '13912345678', certificateType: 1, amount } });
  expect(saved.body).toMatchObject({ success: true });
  return (await ts.get(`${ORDER}/page`, { token, query: { name } })).body.data.records[0] as Row;
}
const order = async (id: unknown, token = admin) => (await ts.get(`${ORDER}/detail`, { token, query: { id: String(id) } })).body.data as Row;
const pay = (id: unknown, token = admin, headers?: Record<string, string>) => ts.post(`${PAY}/sandbox/pay`, { token, query: { id: String(id) }, headers });
const refund = (id: unknown, amount: number | string, reason = '学员申请退款', headers?: Record<string, string>, token = admin) =>
  ts.get(`${PAY}/refundV3`, { token, query: { id: String(id), amount: String(amount), reason }, headers });
const query = (id: unknown, token = admin) => ts.get(`${PAY}/queryOrderV3`, { token, query: { id: String(id) } });
const close = (id: unknown, headers?: Record<string, string>, token = admin) => ts.get(`${PAY}/closeOrderV3`, { token, query: { id: String(id) }, headers });
const ship = (id: unknown, logisticsCompany = 'SF', logisticsNo = 'SF1403829475120', headers?: Record<string, string>, token = admin) =>
  ts.get(`${PAY}/uploadShippingInfo`, { token, query: { id: String(id), logisticsCompany, logisticsNo }, headers });
const history = (id: unknown, tenantId = '000000') => ts.ctx.db.system((tx) => paymentHistory(tx, tenantId, String(id)));
const settings = (json: Row, token = admin, headers?: Record<string, string>) => ts.post(`${PAY}/setting/submit`, { token, json, headers });

describe('payment actions on the sandbox', () => {
  test('a simulated payment makes the order paid, with the sandbox transaction id and the time; twice is refused', async () => {
    const o = await addOrder(19_900);
    const paid = await pay(o.id);
    expect(paid.body).toMatchObject({ success: true, data: { id: o.id, payState: 1, tradeState: 'SUCCESS' } });
    const now = await order(o.id);
    expect(now).toMatchObject({ payState: 1, amount: 19_900 });
    expect(String(now.transactionId)).toMatch(/^4200\d{24}$/);
    expect(now.payTime).toMatch(/^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d$/);
    const again = await pay(o.id);
    expect([again.status, again.body.msg]).toEqual([400, '订单支付状态不能从「已支付」变为「已支付」']);
    expect((await pay(o.id, admin, en)).body.msg).toBe(`The order's payment cannot go from "Paid" to "Paid"`);
    expect((await history(o.id)).map((e) => [e.kind, e.status])).toEqual([
      ['query', 'success'],
      ['pay', 'success'],
    ]);
  });

  test('a refund in part, another in part, then one beyond what is left refused naming what is left; queried after the delay, refunded', async () => {
    const o = await addOrder(20_000);
    await pay(o.id);
    const first = await refund(o.id, 5_000, '加急费退回');
    expect(first.body).toMatchObject({ success: true, data: { id: o.id, status: 'PROCESSING', payState: 3 } });
    expect(await order(o.id)).toMatchObject({ payState: 3, refundAmount: 5_000, refundNo: first.body.data.outRefundNo });
    expect((await refund(o.id, 12_000)).body.data.payState).toBe(3);
    const tooMuch = await refund(o.id, 3_001);
    expect([tooMuch.status, tooMuch.body.msg]).toEqual([400, '退款金额超过可退金额（可退 ¥30.00）']);
    expect((await refund(o.id, 3_001, 'x', en)).body.msg).toBe('The refund is more than can still be refunded (¥30.00 left)');
    // Before the delay: still in progress.
    expect((await query(o.id)).body.data).toMatchObject({ payState: 3, refunds: [{ status: 'PROCESSING' }, { status: 'PROCESSING' }] });
    ts.advance(31_000);
    expect((await query(o.id)).body.data).toMatchObject({ payState: 1, refunds: [{ status: 'SUCCESS' }, { status: 'SUCCESS' }] });
    expect(await order(o.id)).toMatchObject({ payState: 1, refundAmount: 17_000 });
    expect((await refund(o.id, 3_000, '退余款')).body.data.payState).toBe(3);
    ts.advance(31_000);
    expect((await query(o.id)).body.data.payState).toBe(4);
    expect(await order(o.id)).toMatchObject({ payState: 4, refundAmount: 20_000 });
    // Nothing is left to refund, and the state says so first.
    expect((await refund(o.id, 1)).body.msg).toBe('订单支付状态不能从「已退款」变为「退款中」');
    const refunds = await ts.ctx.db.system((tx) => tx.query<Row>(`select amount::int as amount, reason, status, create_user::text as create_user, answer from ${REFUND_TABLE} where order_id = $1 order by create_time, id`, [o.id]));
    expect(refunds.map((r) => [r.amount, r.reason, r.status])).toEqual([
      [5_000, '加急费退回', 'SUCCESS'],
      [12_000, '学员申请退款', 'SUCCESS'],
      [3_000, '退余款', 'SUCCESS'],
    ]);
    // Who asked, and the provider's answer kept.
    expect(refunds.every((r) => /^\d+$/.test(String(r.create_user)) && String(r.answer).includes('"refund_id"'))).toBe(true);
    const events = await history(o.id);
    expect(events.filter((e) => e.kind === 'refund').map((e) => [e.amount, e.refundStatus, e.operatorName])).toEqual([
      [3_000, 'SUCCESS', '管理员'],
      [12_000, 'SUCCESS', '管理员'],
      [5_000, 'SUCCESS', '管理员'],
    ]);
  });

  test('a refund that fails at the provider leaves the order refund-failed; it may be refunded again', async () => {
    expect((await settings({ provider: 'sandbox', refundDelaySeconds: 5, sandboxRefundOutcome: 'ABNORMAL' })).body.success).toBe(true);
    try {
      const o = await addOrder(10_000);
      await pay(o.id);
      await refund(o.id, 10_000);
      ts.advance(6_000);
      expect((await query(o.id)).body.data).toMatchObject({ payState: 5, refunds: [{ status: 'ABNORMAL' }] });
      expect(await order(o.id)).toMatchObject({ payState: 5, refundAmount: 0 });
      expect((await settings({ provider: 'sandbox', refundDelaySeconds: 5, sandboxRefundOutcome: 'SUCCESS' })).body.success).toBe(true);
      expect((await refund(o.id, 10_000)).body.data.payState).toBe(3);
      ts.advance(6_000);
      expect((await query(o.id)).body.data.payState).toBe(4);
    } finally {
      await settings({ provider: 'sandbox', refundDelaySeconds: 30, sandboxRefundOutcome: 'SUCCESS' });
    }
  });

  test('closing: an unpaid order closes, and cannot then be paid; a paid one cannot be closed', async () => {
    const o = await addOrder();
    expect((await close(o.id)).body).toMatchObject({ success: true, msg: '操作成功' });
    expect((await order(o.id)).payState).toBe(2);
    expect((await close(o.id)).body.msg).toBe('订单支付状态不能从「已关闭」变为「已关闭」');
    expect((await pay(o.id)).body.msg).toBe('订单支付状态不能从「已关闭」变为「已支付」');
    const sandbox = await ts.ctx.db.system((tx) => tx.one<Row>(`select trade_state from ${SANDBOX_TXN} where out_trade_no = $1`, [o.orderNo]));
    expect(sandbox?.trade_state).toBe('CLOSED');
    const p = await addOrder();
    await pay(p.id);
    expect((await close(p.id, en)).body.msg).toBe(`The order's payment cannot go from "Paid" to "Closed"`);
    expect((await history(o.id)).map((e) => e.kind)).toEqual(['close']);
  });

  test('shipping: a paid order ships once with its carrier and number; an unpaid one, bad input and a second upload are refused', async () => {
    const unpaid = await addOrder();
    expect((await ship(unpaid.id)).body.msg).toBe('只有已支付且未全额退款的订单可以上传发货');
    const o = await addOrder();
    await pay(o.id);
    expect((await ship(o.id, 'NOPE')).body.msg).toBe('请选择物流公司');
    expect((await ship(o.id, 'SF', '12')).body.msg).toBe('物流单号须为 6–32 位字母、数字或 -');
    expect((await ship(o.id, 'SF', '<b>x</b>', en)).body.msg).toBe('The tracking number has 6–32 letters, digits or dashes');
    expect((await ship(o.id, 'SF', 'SF1403829475120')).body.success).toBe(true);
    expect(await order(o.id)).toMatchObject({ shipState: 1, logisticsCompany: 'SF', logisticsNo: 'SF1403829475120' });
    expect((await ship(o.id, 'EMS', '1189063527401')).body.msg).toBe('订单发货状态不能从「已发货」变为「已发货」');
    const sandbox = await ts.ctx.db.system((tx) => tx.one<Row>(`select logistics_company, tracking_no from ${SANDBOX_TXN} where out_trade_no = $1`, [o.orderNo]));
    expect(sandbox).toEqual({ logistics_company: 'SF', tracking_no: 'SF1403829475120' });
  });

  test('bad input is a 400 naming what is wrong, in the caller’s language', async () => {
    const o = await addOrder();
    await pay(o.id);
    for (const amount of ['0', '-5', '1.5', 'abc', '99999999999999']) expect((await refund(o.id, amount)).body.msg).toBe('退款金额须为大于 0 的整数（单位：分）');
    expect((await refund(o.id, 'abc', 'x', en)).body.msg).toBe('The refund amount must be a whole number of fen above 0');
    expect((await refund(o.id, 100, '')).body.msg).toBe('请输入退款原因');
    expect((await refund(o.id, 100, 'x'.repeat(81))).body.msg).toBe('退款原因不能超过 80 个字符');
    expect((await ts.get(`${PAY}/queryOrderV3`, { token: admin })).body.msg).toBe('缺少必要的请求参数: id');
    expect((await ts.get(`${PAY}/queryOrderV3`, { token: admin, query: { id: 'abc' } })).status).toBe(400);
    expect((await query('1999999999999999999')).body.msg).toBe('数据不存在');
    expect((await refund(o.id, 100)).body.success).toBe(true); // the order was fine all along
  });

  test('the demo user (view only) is refused every action (403); another tenant’s order does not exist for them', async () => {
    const o = await addOrder();
    for (const res of [await pay(o.id, viewer), await refund(o.id, 100, 'x', undefined, viewer), await query(o.id, viewer), await close(o.id, undefined, viewer), await ship(o.id, 'SF', 'SF1403829475120', undefined, viewer)]) {
      expect([res.status, res.body.code]).toEqual([403, 403]);
    }
    expect((await ts.get(`${PAY}/setting/detail`, { token: viewer })).status).toBe(403);
    expect((await settings({ provider: 'sandbox' }, viewer)).status).toBe(403);
    // The provider (shown to whoever sees the orders).
    expect((await ts.get(`${PAY}/provider`, { token: viewer })).body.data).toEqual({ provider: 'sandbox' });
    for (const res of [await pay(o.id, otherAdmin), await query(o.id, otherAdmin), await close(o.id, undefined, otherAdmin), await refund(o.id, 100, 'x', undefined, otherAdmin)]) {
      expect([res.status, res.body.msg]).toEqual([400, '数据不存在']);
    }
    expect((await order(o.id)).payState).toBe(0);
  });

  test('the demo orders carry their sandbox payments: refunds consistent with their states, one in progress for those being refunded', async () => {
    const rows = await ts.ctx.db.system((tx) =>
      tx.query<{ tenant_id: string; pay_state: number; refund_amount: string; amount: string; refunds: string; processing: string; txn: string | null }>(
        `select o.tenant_id, o.pay_state, o.refund_amount::text as refund_amount, o.amount::text as amount,
                (select count(*) from ${REFUND_TABLE} r where r.order_id = o.id)::text as refunds,
                (select count(*) from ${REFUND_TABLE} r where r.order_id = o.id and r.status = 'PROCESSING')::text as processing,
                (select trade_state from ${SANDBOX_TXN} t where t.tenant_id = o.tenant_id and t.out_trade_no = o.order_no) as txn
           from xh_certificate_order o where o.name not like '付款%' and o.name not like '测试%'`,
      ),
    );
    for (const tenant of ['000000', DEMO_TENANT.tenantId]) {
      const mine = rows.filter((r) => r.tenant_id === tenant);
      expect(mine.length).toBeGreaterThan(20);
      for (const r of mine) {
        const state = Number(r.pay_state);
        if (state === 0) expect(r.txn).toBeNull();
        if (state === 2) expect(r.txn).toBe('CLOSED');
        if (state === 1 || state === 3 || state === 4 || state === 5) expect(['SUCCESS', 'REFUND']).toContain(r.txn);
        if (state === 3) expect(r.processing).toBe('1');
        if (state === 4) expect(r.refund_amount).toBe(r.amount);
        if (state === 5) expect([r.refunds, r.refund_amount]).toEqual(['1', '0']);
      }
      expect(new Set(mine.map((r) => Number(r.pay_state)))).toEqual(new Set([0, 1, 2, 3, 4, 5]));
    }
    // Both demo tenants on the sandbox, each with its own issuer and seal.
    const demo = await ts.ctx.db.system(async (tx) => [await readCertificateSettings(tx, '000000'), await readCertificateSettings(tx, DEMO_TENANT.tenantId)]);
    expect(demo[0]!.issuerName).not.toBe(demo[1]!.issuerName);
    expect(demo.every((s) => s.sealImage.startsWith('/api/blade-resource/oss/endpoint/file/'))).toBe(true);
  });
});

describe('the settings', () => {
  const merchant = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const privatePem = merchant.privateKey.export({ type: 'pkcs8', format: 'pem' }).toString();
  const serial = randomBytes(20).toString('hex').toUpperCase();
  const apiV3Key = randomBytes(16).toString('hex');

  test('a tenant without a row reads the defaults: the sandbox, 30 s, its own name as the issuer', async () => {
    await ts.ctx.db.system((tx) => tx.query(`delete from ${SETTING_TABLE} where tenant_id = $1`, [DEMO_TENANT.tenantId]));
    const read = await ts.get(`${PAY}/setting/detail`, { token: otherAdmin });
    expect(read.body.data).toMatchObject({ provider: 'sandbox', refundDelaySeconds: 30, privateKeySet: false, apiV3KeySet: false, appSecretSet: false, payApiBase: 'https://api.mch.weixin.qq.com' });
    expect(read.body.data.issuerName).not.toBe('');
  });

  test('WeChat Pay needs its credentials; keys must parse; secrets are sealed, never answered, and kept when left empty', async () => {
    expect((await settings({ provider: 'wechatpay-v3', mchId: '1900000109' }, otherAdmin)).body.msg).toBe('使用微信支付时请填写AppID');
    expect((await settings({ provider: 'wechatpay-v3' }, otherAdmin, en)).body.msg).toBe('WeChat Pay needs the merchant id');
    expect((await settings({ provider: 'sandbox', mchId: '19000x' }, otherAdmin)).body.msg).toBe('商户号须为 1–32 位数字');
    expect((await settings({ provider: 'sandbox', privateKey: '-----BEGIN PRIVATE KEY-----\nnope\n-----END PRIVATE KEY-----' }, otherAdmin)).body.msg).toBe('商户私钥不是有效的 RSA 私钥（PEM 格式）');
    expect((await settings({ provider: 'sandbox', apiV3Key: 'short' }, otherAdmin)).body.msg).toBe('APIv3 密钥须为 32 个字符');
    expect((await settings({ provider: 'sandbox', platformCertificate: privatePem }, otherAdmin)).body.msg).toBe('平台证书 / 公钥不是有效的 RSA 证书或公钥（PEM 格式）');
    const refused = '接口地址须为微信支付的 https:// 地址（或服务器 WECHATPAY_HOSTS 允许的主机）';
    expect((await settings({ provider: 'sandbox', payApiBase: 'http://10.0.0.1/' }, otherAdmin)).body.msg).toBe(refused);
    // https is not enough: a host of the tenant's choosing would aim the server at any network.
    expect((await settings({ provider: 'sandbox', payApiBase: 'https://10.0.0.1/' }, otherAdmin)).body.msg).toBe(refused);
    expect((await settings({ provider: 'sandbox', wxApiBase: 'https://internal.example.com' }, otherAdmin)).body.msg).toBe(refused);
    expect((await settings({ provider: 'sandbox', sealImage: 'https://example.com/seal.png' }, otherAdmin)).body.msg).toBe('印章图片须为本系统上传的图片');
    expect((await settings({ provider: 'sandbox', refundDelaySeconds: 86_401 }, otherAdmin)).body.msg).toBe('退款到账延迟须为 0 到 86400 之间的整数（秒）');
    expect((await settings({ provider: 'paypal' }, otherAdmin)).body.msg).toBe('请选择支付渠道');

    const full = { provider: 'wechatpay-v3', mchId: '1900000109', appId: 'wx1234567890abcdef', merchantSerialNo: serial, privateKey: privatePem, apiV3Key, platformCertificate: merchant.publicKey.export({ type: 'spki', format: 'pem' }).toString(), appSecret: 'abc123' };
    expect((await settings(full, otherAdmin)).body.success).toBe(true);
    const read = await ts.get(`${PAY}/setting/detail`, { token: otherAdmin });
    expect(read.body.data).toMatchObject({ provider: 'wechatpay-v3', mchId: '1900000109', merchantSerialNo: serial, privateKeySet: true, apiV3KeySet: true, appSecretSet: true });
    const answered = JSON.stringify(read.body);
    expect(answered).not.toContain('PRIVATE KEY');
    expect(answered).not.toContain(apiV3Key);
    const stored = await ts.ctx.db.system((tx) => tx.one<Row>(`select * from ${SETTING_TABLE} where tenant_id = $1`, [DEMO_TENANT.tenantId]));
    expect(JSON.stringify(stored)).not.toContain('PRIVATE KEY');
    expect(JSON.stringify(stored)).not.toContain(apiV3Key);
    expect(ts.ctx.secrets.open('pay-setting', String(stored!.private_key_sealed))).toBe(privatePem.trim());

    // Saved again without the secrets: they are kept.
    const { privateKey: _k, apiV3Key: _a, appSecret: _s, ...rest } = full;
    expect((await settings({ ...rest, issuerName: '启航教育' }, otherAdmin)).body.success).toBe(true);
    expect((await ts.get(`${PAY}/setting/detail`, { token: otherAdmin })).body.data).toMatchObject({ privateKeySet: true, apiV3KeySet: true, appSecretSet: true, issuerName: '启航教育' });
    const again = await ts.ctx.db.system((tx) => tx.one<Row>(`select private_key_sealed from ${SETTING_TABLE} where tenant_id = $1`, [DEMO_TENANT.tenantId]));
    expect(ts.ctx.secrets.open('pay-setting', String(again!.private_key_sealed))).toBe(privatePem.trim());
    // On WeChat Pay there is no simulated payment.
    const o = await addOrder(10_000, otherAdmin);
    expect((await pay(o.id, otherAdmin)).body.msg).toBe('当前租户未使用沙箱支付，不能模拟支付');
    expect((await settings({ provider: 'sandbox' }, otherAdmin)).body.success).toBe(true);
  });
});

describe('payment actions on WeChat Pay API v3 (the local fake)', () => {
  const merchant = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const serial = randomBytes(20).toString('hex').toUpperCase();
  const appSecret = 'f0e1d2c3b4a5968778695a4b3c2d1e0f';
  let fake: FakeWechatPay;

  beforeAll(async () => {
    fake = await startFakeWechatPay({ mchId: '1900000109', appId: 'wx1234567890abcdef', serialNo: serial, publicKey: merchant.publicKey, appSecret }, { now: () => ts.ctx.now() });
    const saved = await settings(
      {
        provider: 'wechatpay-v3',
        mchId: '1900000109',
        appId: 'wx1234567890abcdef',
        merchantSerialNo: serial,
        privateKey: merchant.privateKey.export({ type: 'pkcs8', format: 'pem' }).toString(),
        apiV3Key: randomBytes(16).toString('hex'),
        platformCertificate: fake.platformPublicKeyPem,
        appSecret,
        payApiBase: fake.base,
        wxApiBase: fake.base,
      },
      otherAdmin,
    );
    expect(saved.body).toMatchObject({ success: true });
  }, 60_000);
  afterAll(async () => {
    await settings({ provider: 'sandbox' }, otherAdmin);
    await fake?.close();
  });

  test('paid at WeChat, queried, refunded in part beyond-the-rest refused, settled, shipped', async () => {
    const o = await addOrder(26_800, otherAdmin);
    // Before the customer opens the payment: unpaid, nothing changes.
    expect((await query(o.id, otherAdmin)).body.data).toMatchObject({ payState: 0, tradeState: '' });
    fake.open(String(o.orderNo), 26_800);
    const paid = fake.pay(String(o.orderNo));
    expect((await query(o.id, otherAdmin)).body.data).toMatchObject({ payState: 1, tradeState: 'SUCCESS' });
    expect(await order(o.id, otherAdmin)).toMatchObject({ payState: 1, transactionId: paid.transactionId });

    expect((await refund(o.id, 6_800, '优惠补差', undefined, otherAdmin)).body.data).toMatchObject({ status: 'PROCESSING', payState: 3 });
    expect((await refund(o.id, 20_001, 'x', undefined, otherAdmin)).body.msg).toBe('退款金额超过可退金额（可退 ¥200.00）');
    const [made] = fake.refunds().filter((r) => r.outTradeNo === o.orderNo);
    fake.settle(made!.outRefundNo, 'SUCCESS');
    expect((await query(o.id, otherAdmin)).body.data).toMatchObject({ payState: 1, refunds: [{ status: 'SUCCESS' }] });
    expect((await ship(o.id, 'JD', 'JDVA20394857261', undefined, otherAdmin)).body.success).toBe(true);
    expect(fake.shipments.at(-1)).toMatchObject({ order_key: { transaction_id: paid.transactionId }, payer: { openid: paid.openid }, shipping_list: [{ express_company: 'JD', tracking_no: 'JDVA20394857261', item_desc: '职业技能证书 × 1' }] });
    expect(fake.requests.every((r) => r.verified)).toBe(true);
  });

  test('a refund WeChat refuses (NOT_ENOUGH) is closed and leaves the order as it was; the history keeps it', async () => {
    const o = await addOrder(10_000, otherAdmin);
    fake.open(String(o.orderNo), 10_000);
    fake.pay(String(o.orderNo));
    await query(o.id, otherAdmin);
    // Most of it refunded at WeChat by another system: our books still allow ¥100.00, WeChat ¥10.00.
    const direct = wechatPayV3({
      mchId: '1900000109',
      appId: 'wx1234567890abcdef',
      serialNo: serial,
      privateKey: merchant.privateKey,
      platformKey: createPublicKey(fake.platformPublicKeyPem),
      payApiBase: fake.base,
      now: () => ts.ctx.now(),
    });
    await direct.refund({ outTradeNo: String(o.orderNo), outRefundNo: `RFX${Date.now()}`, amount: { refund: 9_000, total: 10_000, currency: 'CNY' }, reason: '线下退款' });
    const refused = await refund(o.id, 5_000, '再退', undefined, otherAdmin);
    expect([refused.status, refused.body.msg]).toEqual([400, '支付平台：退款金额超过订单可退金额（NOT_ENOUGH）']);
    expect(await order(o.id, otherAdmin)).toMatchObject({ payState: 1, refundAmount: 0 });
    const [event] = await history(o.id, DEMO_TENANT.tenantId);
    expect(event).toMatchObject({ kind: 'refund', amount: 5_000, status: 'failed', refundStatus: 'CLOSED' });
    expect(event!.answer).toContain('NOT_ENOUGH');
    // What WeChat still holds is refunded through us.
    expect((await refund(o.id, 1_000, '退余款', undefined, otherAdmin)).body.data.payState).toBe(3);
  });

  test('an answer changed on its way is refused: the order stays unpaid, the attempt is in the history', async () => {
    const o = await addOrder(5_000, otherAdmin);
    fake.open(String(o.orderNo), 5_000);
    try {
      fake.spoil('body');
      const res = await query(o.id, otherAdmin);
      expect([res.status, res.body.msg]).toEqual([400, '支付平台：支付平台应答签名验证失败，已拒绝该应答（UNVERIFIED）']);
      fake.spoil('signature');
      expect((await ts.get(`${PAY}/queryOrderV3`, { token: otherAdmin, query: { id: String(o.id) }, headers: en })).body.msg).toBe(
        'Payment provider: The provider’s answer failed its signature check and was refused (UNVERIFIED)',
      );
    } finally {
      fake.spoil('none');
    }
    expect((await order(o.id, otherAdmin)).payState).toBe(0);
    const events = await history(o.id, DEMO_TENANT.tenantId);
    expect(events.map((e) => [e.kind, e.status, e.answer.split(':')[0]])).toEqual([
      ['query', 'failed', 'UNVERIFIED'],
      ['query', 'failed', 'UNVERIFIED'],
    ]);
    const logged = await ts.ctx.db.system((tx) => tx.query(`select 1 from ${PAY_LOG_TABLE} where order_id = $1`, [o.id]));
    expect(logged).toHaveLength(2);
  });
});
