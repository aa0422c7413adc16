import { afterAll, beforeAll, describe, expect, test } from '@rstest/core';
import type { ServerPlugin } from '../../../core/sdk/server';
import { fireTogether, serverBackends, type TestServer } from '../../../core/sdk/server-testing';
import dictServer from '../../dict/server';
import { idCheckCharacter } from '../order/id-number';
import certificateServer from '../server';
import { REFUND_TABLE } from './records';

/**
 * The payment actions fired together: twenty identical refunds of the whole amount (one accepted), ten
 * partial refunds that could not all fit (never beyond the paid amount), twenty closes, twenty simulated
 * payments and twenty shipping uploads of one order (each once). On PGlite, and on PostgreSQL when
 * TEST_DATABASE_URL is set, where the transactions really run side by side and only the row lock holds.
 */
const ORDER = '/api/xh/certificate/order';
const PAY = '/api/xh/pay';
const mallStub: ServerPlugin = { manifest: { id: 'mall', name: { zh: '商城管理', en: 'Mall' }, topMenus: [{ code: 'top_mall', name: { zh: '商城业务', en: 'Commerce' }, sort: 0, menus: [] }] } };
const en = { 'Accept-Language': 'en' };
const ID_NUMBER = '11010119900307123' + idCheckCharacter('11010119900307123');


describe.each(serverBackends())('payment races on $name', (backend) => {
  let ts: TestServer;
  let admin: string;

  beforeAll(async () => {
    ts = await backend.start({ plugins: [dictServer, mallStub, certificateServer] });
    admin = (await ts.signIn('admin', 'admin')).access_token;
  }, 120_000);
  afterAll(async () => {
    await ts?.close();
  });

  async function paidOrder(amount: number): Promise<{ id: string; orderNo: string }> {
    const name = `竞速${Math.random().toString(36).slice(2, 8)}`;
    expect((await ts.post(`${ORDER}/save`, { token: admin, json: { name, idNumber: ID_NUMBER, mobile: '13912345678', certificateType: 2, amount } })).body.success).toBe(true);
    const row = (await ts.get(`${ORDER}/page`, { token: admin, query: { name } })).body.data.records[0] as { id: string; orderNo: string };
    return row;
  }
  const pay = (id: string, i = 0) => ts.post(`${PAY}/sandbox/pay`, { token: admin, query: { id }, headers: i % 2 ? en : undefined });
  const refund = (id: string, amount: number, i = 0) => ts.get(`${PAY}/refundV3`, { token: admin, query: { id, amount: String(amount), reason: `并发退款${i}` }, headers: i % 2 ? en : undefined });
  const stored = (id: string) =>
    ts.ctx.db.system(async (tx) => ({
      order: (await tx.one<{ pay_state: number; refund_amount: string; ship_state: number }>('select pay_state, refund_amount::text as refund_amount, ship_state from xh_certificate_order where id = $1', [id]))!,
      refunds: await tx.query<{ amount: string; status: string }>(`select amount::text as amount, status from ${REFUND_TABLE} where order_id = $1`, [id]),
    }));
  const succeeded = (answers: PromiseSettledResult<{ body: { success?: boolean } }>[]) => answers.filter((a) => a.status === 'fulfilled' && a.value.body.success === true).length;
  const refusedWith = (answers: PromiseSettledResult<{ status: number; body: { msg?: string; success?: boolean } }>[]) =>
    answers.filter((a) => a.status === 'fulfilled' && a.value.body.success !== true).map((a) => (a.status === 'fulfilled' ? [a.value.status, a.value.body.msg] : []));

  test('twenty identical simulated payments: one pays, nineteen are refused', async () => {
    const o = await paidOrder(12_300);
    const answers = await fireTogether(20, (i) => pay(o.id, i));
    expect(succeeded(answers)).toBe(1);
    expect(refusedWith(answers).every(([status]) => status === 400)).toBe(true);
    expect((await stored(o.id)).order.pay_state).toBe(1);
  });

  test('twenty identical refunds of the whole amount: exactly one is accepted, the rest refused naming what is left', async () => {
    const o = await paidOrder(19_900);
    await pay(o.id);
    const answers = await fireTogether(20, (i) => refund(o.id, 19_900, i));
    expect(succeeded(answers)).toBe(1);
    for (const [status, msg] of refusedWith(answers)) {
      expect(status).toBe(400);
      expect(['退款金额超过可退金额（可退 ¥0.00）', 'The refund is more than can still be refunded (¥0.00 left)']).toContain(msg);
    }
    const after = await stored(o.id);
    expect(after.refunds).toEqual([{ amount: '19900', status: 'PROCESSING' }]);
    expect(after.order).toMatchObject({ pay_state: 3, refund_amount: '19900' });
  });

  test('ten partial refunds of ¥30 on a ¥100 order at once: three fit, and what is refunded never exceeds what was paid', async () => {
    const o = await paidOrder(10_000);
    await pay(o.id);
    const answers = await fireTogether(10, (i) => refund(o.id, 3_000, i));
    expect(succeeded(answers)).toBe(3);
    const after = await stored(o.id);
    const total = after.refunds.reduce((sum, r) => sum + Number(r.amount), 0);
    expect(total).toBe(9_000);
    expect(after.order.refund_amount).toBe('9000');
    // The last ¥10 fits exactly, once.
    expect(succeeded(await fireTogether(5, (i) => refund(o.id, 1_000, i)))).toBe(1);
    expect((await stored(o.id)).refunds.reduce((sum, r) => sum + Number(r.amount), 0)).toBe(10_000);
  });

  test('twenty identical closes: one closes the order, nineteen are told it is closed already', async () => {
    const o = await paidOrder(5_000);
    const answers = await fireTogether(20, (i) => ts.get(`${PAY}/closeOrderV3`, { token: admin, query: { id: o.id }, headers: i % 2 ? en : undefined }));
    expect(succeeded(answers)).toBe(1);
    for (const [status, msg] of refusedWith(answers)) {
      expect(status).toBe(400);
      expect(['订单支付状态不能从「已关闭」变为「已关闭」', `The order's payment cannot go from "Closed" to "Closed"`]).toContain(msg);
    }
    expect((await stored(o.id)).order.pay_state).toBe(2);
  });

  test('twenty identical shipping uploads: the order ships once', async () => {
    const o = await paidOrder(8_800);
    await pay(o.id);
    const answers = await fireTogether(20, (i) => ts.get(`${PAY}/uploadShippingInfo`, { token: admin, query: { id: o.id, logisticsCompany: 'SF', logisticsNo: `SF14038294751${String(i).padStart(2, '0')}` } }));
    expect(succeeded(answers)).toBe(1);
    expect((await stored(o.id)).order.ship_state).toBe(1);
    const log = await ts.ctx.db.system((tx) => tx.query(`select 1 from xh_certificate_pay_log where order_id = $1 and kind = 'ship' and status = 'success'`, [o.id]));
    expect(log).toHaveLength(1);
  });
});
