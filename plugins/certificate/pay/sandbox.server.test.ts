import { afterAll, beforeAll, describe, expect, test } from '@rstest/core';
import { DEMO_TENANT, type ServerPlugin } from '../../../core/sdk/server';
import { createTestServer, type TestServer } from '../../../core/sdk/server-testing';
import dictServer from '../../dict/server';
import certificateServer from '../server';
import { ProviderError } from './provider';
import { sandboxProvider } from './sandbox';

/**
 * The sandbox as a provider on its own, as WeChat Pay behaves: a payment once, closing only what is
 * unpaid, refunds in progress until the tenant's delay is over, refunds beyond what was paid refused
 * (NOT_ENOUGH) even when asked directly, and each tenant's transactions its own.
 */
const mallStub: ServerPlugin = { manifest: { id: 'mall', name: { zh: '商城管理', en: 'Mall' }, topMenus: [{ code: 'top_mall', name: { zh: '商城业务', en: 'Commerce' }, sort: 0, menus: [] }] } };

let ts: TestServer;
beforeAll(async () => {
  ts = await createTestServer({ plugins: [dictServer, mallStub, certificateServer] });
}, 120_000);
afterAll(() => ts?.close());

async function refusal(call: Promise<unknown>): Promise<[number, string]> {
  const error = await call.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(ProviderError);
  return [(error as ProviderError).status, (error as ProviderError).code];
}

describe('the sandbox provider', () => {
  test('a payment once; its refunds in progress until the delay, then settled; beyond the paid amount NOT_ENOUGH; the same refund number answers the same refund', async () => {
    const sandbox = sandboxProvider(ts.ctx, '000000', { refundDelaySeconds: 10, outcome: 'SUCCESS' });
    expect(await refusal(sandbox.queryOrder({ outTradeNo: 'SBX-1' }))).toEqual([404, 'ORDER_NOT_EXIST']);
    const paid = await sandbox.pay({ outTradeNo: 'SBX-1', total: 10_000, payerOpenid: 'osbx_1' });
    expect(paid).toMatchObject({ trade_state: 'SUCCESS', amount: { total: 10_000, payer_total: 10_000, currency: 'CNY' }, payer: { openid: 'osbx_1' } });
    expect(await refusal(sandbox.pay({ outTradeNo: 'SBX-1', total: 10_000, payerOpenid: 'osbx_1' }))).toEqual([400, 'ORDERPAID']);

    const first = await sandbox.refund({ outTradeNo: 'SBX-1', outRefundNo: 'RF-SBX-1', amount: { refund: 7_000, total: 10_000, currency: 'CNY' }, reason: '部分退款' });
    expect(first).toMatchObject({ status: 'PROCESSING', amount: { refund: 7_000, total: 10_000 }, transaction_id: paid.transaction_id });
    expect(await refusal(sandbox.refund({ outTradeNo: 'SBX-1', outRefundNo: 'RF-SBX-2', amount: { refund: 3_001, total: 10_000, currency: 'CNY' }, reason: '超额' }))).toEqual([403, 'NOT_ENOUGH']);
    expect(await refusal(sandbox.refund({ outTradeNo: 'SBX-1', outRefundNo: 'RF-SBX-3', amount: { refund: 100, total: 9_000, currency: 'CNY' }, reason: '总额不符' }))).toEqual([400, 'INVALID_REQUEST']);
    expect((await sandbox.refund({ outTradeNo: 'SBX-1', outRefundNo: 'RF-SBX-1', amount: { refund: 7_000, total: 10_000, currency: 'CNY' }, reason: '部分退款' })).refund_id).toBe(first.refund_id);
    expect((await sandbox.queryOrder({ outTradeNo: 'SBX-1' })).trade_state).toBe('REFUND');

    expect((await sandbox.queryRefund({ outRefundNo: 'RF-SBX-1' })).status).toBe('PROCESSING');
    ts.advance(10_000);
    const settled = await sandbox.queryRefund({ outRefundNo: 'RF-SBX-1' });
    expect(settled.status).toBe('SUCCESS');
    expect(settled.success_time).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d[+-]\d\d:\d\d$/);
    expect(await refusal(sandbox.queryRefund({ outRefundNo: 'RF-NONE' }))).toEqual([404, 'RESOURCE_NOT_EXISTS']);
  });

  test('a failed refund gives its money back to what may be refunded', async () => {
    const failing = sandboxProvider(ts.ctx, '000000', { refundDelaySeconds: 0, outcome: 'ABNORMAL' });
    await failing.pay({ outTradeNo: 'SBX-2', total: 5_000, payerOpenid: 'osbx_2' });
    expect((await failing.refund({ outTradeNo: 'SBX-2', outRefundNo: 'RF-SBX-21', amount: { refund: 5_000, total: 5_000, currency: 'CNY' }, reason: '失败' })).status).toBe('ABNORMAL');
    const ok = sandboxProvider(ts.ctx, '000000', { refundDelaySeconds: 0, outcome: 'SUCCESS' });
    expect((await ok.refund({ outTradeNo: 'SBX-2', outRefundNo: 'RF-SBX-22', amount: { refund: 5_000, total: 5_000, currency: 'CNY' }, reason: '再退' })).status).toBe('SUCCESS');
  });

  test('closing: unpaid (or never opened) closes and can no longer be paid; a paid one is refused; shipping needs a payment', async () => {
    const sandbox = sandboxProvider(ts.ctx, '000000', { refundDelaySeconds: 30, outcome: 'SUCCESS' });
    await sandbox.closeOrder({ outTradeNo: 'SBX-3' });
    await sandbox.closeOrder({ outTradeNo: 'SBX-3' });
    expect((await sandbox.queryOrder({ outTradeNo: 'SBX-3' })).trade_state).toBe('CLOSED');
    expect(await refusal(sandbox.pay({ outTradeNo: 'SBX-3', total: 100, payerOpenid: 'o' }))).toEqual([400, 'ORDERCLOSED']);
    await sandbox.pay({ outTradeNo: 'SBX-4', total: 100, payerOpenid: 'o' });
    expect(await refusal(sandbox.closeOrder({ outTradeNo: 'SBX-4' }))).toEqual([400, 'ORDERPAID']);
    expect(await refusal(sandbox.uploadShippingInfo({ transactionId: '4200000000000000000000000000', outTradeNo: 'SBX-3', logisticsCompany: 'SF', trackingNo: 'SF123456', itemDesc: 'x' }))).toEqual([200, '10060001']);
  });

  test('each tenant its own transactions', async () => {
    await sandboxProvider(ts.ctx, '000000', { refundDelaySeconds: 30, outcome: 'SUCCESS' }).pay({ outTradeNo: 'SBX-5', total: 100, payerOpenid: 'o' });
    const other = sandboxProvider(ts.ctx, DEMO_TENANT.tenantId, { refundDelaySeconds: 30, outcome: 'SUCCESS' });
    expect(await refusal(other.queryOrder({ outTradeNo: 'SBX-5' }))).toEqual([404, 'ORDER_NOT_EXIST']);
    expect(await refusal(other.refund({ outTradeNo: 'SBX-5', outRefundNo: 'RF-SBX-5', amount: { refund: 100, total: 100, currency: 'CNY' }, reason: 'x' }))).toEqual([404, 'ORDER_NOT_EXIST']);
  });
});
