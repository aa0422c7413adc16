import { afterAll, beforeAll, describe, expect, test } from '@rstest/core';
import { createPublicKey, generateKeyPairSync, randomBytes } from 'node:crypto';
import { ProviderError, type PaymentProvider } from './provider';
import { type FakeWechatPay, startFakeWechatPay } from './wechatpay-fake';
import { wechatPayV3, type WechatPayConfig } from './wechatpay-v3';

/**
 * The WeChat Pay API v3 provider against the local fake server, which checks each request as WeChat
 * does (signature with the merchant's public key, merchant id, serial, timestamp window) and signs its
 * answers with a platform key of its own.
 */
const merchant = generateKeyPairSync('rsa', { modulusLength: 2048 });
const MCH_ID = '1900000109';
const APP_ID = 'wx1234567890abcdef';
const SERIAL = randomBytes(20).toString('hex').toUpperCase();
const APP_SECRET = 'a1b2c3d4e5f60718293a4b5c6d7e8f90';

let fake: FakeWechatPay;
let config: WechatPayConfig;
let provider: PaymentProvider;

/** The provider's refusal of a call, as the error it threw. */
async function refusal(call: Promise<unknown>): Promise<ProviderError> {
  const error = await call.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(ProviderError);
  return error as ProviderError;
}

beforeAll(async () => {
  fake = await startFakeWechatPay({ mchId: MCH_ID, appId: APP_ID, serialNo: SERIAL, publicKey: merchant.publicKey, appSecret: APP_SECRET });
  config = {
    mchId: MCH_ID,
    appId: APP_ID,
    serialNo: SERIAL,
    privateKey: merchant.privateKey,
    platformKey: createPublicKey(fake.platformPublicKeyPem),
    appSecret: APP_SECRET,
    payApiBase: fake.base,
    wxApiBase: fake.base,
    now: () => new Date(),
  };
  provider = wechatPayV3(config);
}, 60_000);
afterAll(() => fake?.close());

describe('WeChat Pay API v3 against the fake server', () => {
  test('a payment the customer never opened is ORDER_NOT_EXIST; the request was signed and verified', async () => {
    const error = await refusal(provider.queryOrder({ outTradeNo: 'CO-NONE-1' }));
    expect([error.status, error.code]).toEqual([404, 'ORDER_NOT_EXIST']);
    expect(fake.requests.at(-1)).toEqual({ method: 'GET', path: `/v3/pay/transactions/out-trade-no/CO-NONE-1?mchid=${MCH_ID}`, verified: true });
  });

  test('a paid transaction is read in the V3 shape: state, transaction id, time, amount, payer', async () => {
    fake.open('CO-PAID-1', 19_900);
    expect((await provider.queryOrder({ outTradeNo: 'CO-PAID-1' })).trade_state).toBe('NOTPAY');
    const paid = fake.pay('CO-PAID-1', 'oPayer0000000000000000000001');
    const txn = await provider.queryOrder({ outTradeNo: 'CO-PAID-1' });
    expect(txn).toMatchObject({ out_trade_no: 'CO-PAID-1', trade_state: 'SUCCESS', transaction_id: paid.transactionId, amount: { total: 19_900, currency: 'CNY' }, payer: { openid: 'oPayer0000000000000000000001' } });
    expect(txn.success_time).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d[+-]\d\d:\d\d$/);
  });

  test('refunds: in part (PROCESSING, then SUCCESS when it settles), and beyond the paid amount refused NOT_ENOUGH', async () => {
    fake.open('CO-REFUND-1', 10_000);
    fake.pay('CO-REFUND-1');
    const first = await provider.refund({ outTradeNo: 'CO-REFUND-1', outRefundNo: 'RF-1', amount: { refund: 6_000, total: 10_000, currency: 'CNY' }, reason: '部分退款' });
    expect(first).toMatchObject({ out_refund_no: 'RF-1', status: 'PROCESSING', amount: { refund: 6_000, total: 10_000 } });
    const tooMuch = await refusal(provider.refund({ outTradeNo: 'CO-REFUND-1', outRefundNo: 'RF-2', amount: { refund: 4_001, total: 10_000, currency: 'CNY' }, reason: '再退' }));
    expect([tooMuch.status, tooMuch.code]).toEqual([403, 'NOT_ENOUGH']);
    const rest = await provider.refund({ outTradeNo: 'CO-REFUND-1', outRefundNo: 'RF-3', amount: { refund: 4_000, total: 10_000, currency: 'CNY' }, reason: '退余款' });
    expect(rest.status).toBe('PROCESSING');
    // The same refund number again answers the refund already made.
    expect((await provider.refund({ outTradeNo: 'CO-REFUND-1', outRefundNo: 'RF-3', amount: { refund: 4_000, total: 10_000, currency: 'CNY' }, reason: '退余款' })).refund_id).toBe(rest.refund_id);
    fake.settle('RF-1', 'SUCCESS');
    expect(await provider.queryRefund({ outRefundNo: 'RF-1' })).toMatchObject({ status: 'SUCCESS', refund_id: first.refund_id });
    expect((await provider.queryRefund({ outRefundNo: 'RF-3' })).status).toBe('PROCESSING');
    const unknown = await refusal(provider.queryRefund({ outRefundNo: 'RF-NONE' }));
    expect([unknown.status, unknown.code]).toEqual([404, 'RESOURCE_NOT_EXISTS']);
  });

  test('closing: an unpaid transaction closes (204), a paid one is refused ORDERPAID', async () => {
    fake.open('CO-CLOSE-1', 5_000);
    await provider.closeOrder({ outTradeNo: 'CO-CLOSE-1' });
    expect((await provider.queryOrder({ outTradeNo: 'CO-CLOSE-1' })).trade_state).toBe('CLOSED');
    fake.open('CO-CLOSE-2', 5_000);
    fake.pay('CO-CLOSE-2');
    expect((await refusal(provider.closeOrder({ outTradeNo: 'CO-CLOSE-2' }))).code).toBe('ORDERPAID');
  });

  test('a request signed with another key, or naming another merchant, or from a clock off by ten minutes, is refused by the fake (SIGN_ERROR)', async () => {
    const other = generateKeyPairSync('rsa', { modulusLength: 2048 });
    const forged = await refusal(wechatPayV3({ ...config, privateKey: other.privateKey }).queryOrder({ outTradeNo: 'CO-PAID-1' }));
    expect([forged.status, forged.code]).toEqual([401, 'SIGN_ERROR']);
    expect(fake.requests.at(-1)?.verified).toBe(false);
    expect((await refusal(wechatPayV3({ ...config, mchId: '1900000110' }).queryOrder({ outTradeNo: 'CO-PAID-1' }))).code).toBe('SIGN_ERROR');
    const late = () => new Date(Date.now() - 10 * 60_000);
    expect((await refusal(wechatPayV3({ ...config, now: late }).queryOrder({ outTradeNo: 'CO-PAID-1' }))).code).toBe('SIGN_ERROR');
    expect(fake.requests.at(-1)?.verified).toBe(false);
  });

  test('an answer changed after it was signed, or signed with another key, is refused (UNVERIFIED), whatever it says', async () => {
    fake.open('CO-TAMPER-1', 8_800);
    try {
      fake.spoil('body');
      const changed = await refusal(provider.queryOrder({ outTradeNo: 'CO-TAMPER-1' }));
      expect(changed.code).toBe('UNVERIFIED');
      fake.spoil('signature');
      expect((await refusal(provider.queryOrder({ outTradeNo: 'CO-TAMPER-1' }))).code).toBe('UNVERIFIED');
    } finally {
      fake.spoil('none');
    }
    expect((await provider.queryOrder({ outTradeNo: 'CO-TAMPER-1' })).trade_state).toBe('NOTPAY');
  });

  test('an answer signed by the platform ten minutes ago (replayed) is refused', async () => {
    try {
      fake.spoil('stale');
      expect((await refusal(provider.queryOrder({ outTradeNo: 'CO-PAID-1' }))).code).toBe('UNVERIFIED');
    } finally {
      fake.spoil('none');
    }
  });

  test('shipping information goes to the mini-program API with a token from the AppSecret; a wrong secret is refused', async () => {
    fake.open('CO-SHIP-1', 26_800);
    const paid = fake.pay('CO-SHIP-1', 'oShipper000000000000000000001');
    await provider.uploadShippingInfo({ transactionId: paid.transactionId, outTradeNo: 'CO-SHIP-1', logisticsCompany: 'SF', trackingNo: 'SF1403829475120', itemDesc: '职业技能证书 × 1', payerOpenid: 'oShipper000000000000000000001' });
    expect(fake.shipments.at(-1)).toMatchObject({
      order_key: { order_number_type: 2, transaction_id: paid.transactionId },
      logistics_type: 1,
      shipping_list: [{ tracking_no: 'SF1403829475120', express_company: 'SF', item_desc: '职业技能证书 × 1' }],
      payer: { openid: 'oShipper000000000000000000001' },
    });
    const wrong = await refusal(wechatPayV3({ ...config, appId: 'wx0000000000000000', appSecret: 'nope' }).uploadShippingInfo({ transactionId: paid.transactionId, outTradeNo: 'CO-SHIP-1', logisticsCompany: 'SF', trackingNo: 'SF1', itemDesc: 'x' }));
    expect(wrong.code).toBe('TOKEN_REFUSED');
    const unpaid = await refusal(provider.uploadShippingInfo({ transactionId: '4200000000000000000000000000', outTradeNo: 'CO-NONE', logisticsCompany: 'SF', trackingNo: 'SF14038294', itemDesc: 'x', payerOpenid: 'o' }));
    expect(unpaid.code).toBe('10060001');
  });

  test('a provider that cannot be reached is NETWORK', async () => {
    const error = await refusal(wechatPayV3({ ...config, payApiBase: 'http://127.0.0.1:9', timeoutMs: 2_000 }).queryOrder({ outTradeNo: 'CO-PAID-1' }));
    expect(error.code).toBe('NETWORK');
  });
});
