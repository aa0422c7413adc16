import { afterAll, beforeAll, describe, expect, test } from '@rstest/core';
import { fireTogether, serverBackends, type TestServer } from '../../../core/sdk/server-testing';
import dictServer from '../../dict/server';
import geniusServer from '../server';
import { commerceTopMenu } from '../test-plugins';
import { ORDER_STATE } from './entity';

/**
 * The same move fired twenty times at once: one succeeds, nineteen are refused naming both states, and
 * the genius's order count moves once. On PGlite, and on PostgreSQL when TEST_DATABASE_URL is set, where
 * the twenty transactions really run side by side and only the row lock keeps them apart.
 */
const en = { 'Accept-Language': 'en' };

describe.each(serverBackends())('genius order moves racing on $name', (backend) => {
  let ts: TestServer;
  let admin: string;
  let geniusId: string;

  beforeAll(async () => {
    ts = await backend.start({ plugins: [dictServer, commerceTopMenu, geniusServer] });
    admin = (await ts.signIn('admin', 'admin')).access_token;
    await ts.post('/api/genius/save', { token: admin, json: { name: '并发测试达人', category: 2, servicePrice: 30_000 } });
    geniusId = ((await ts.get('/api/genius/list', { token: admin, query: { name: '并发测试达人' } })).body.data.records as { id: string }[])[0]!.id;
  }, 120_000);
  afterAll(async () => {
    await ts?.close();
  });

  const orderCount = async () => Number((await ts.get('/api/genius/detail', { token: admin, query: { id: geniusId } })).body.data.orderCount);
  const newOrder = async (customerName: string) => {
    await ts.post('/api/genius/order/submit', { token: admin, json: { geniusId, customerName, customerMobile: '13900002222', service: '并发', bookedTime: '2099-01-01 09:00:00' } });
    return ((await ts.get('/api/genius/order/list', { token: admin, query: { customerName } })).body.data.records as { id: string }[])[0]!.id;
  };
  const fire = (id: string, status: number) =>
    fireTogether(20, (i) => ts.post('/api/genius/order/update/status', { token: admin, query: { id, status }, headers: i % 2 ? en : undefined }));

  test('twenty payments of one order: one succeeds, the order count rises once', async () => {
    const id = await newOrder('并发支付');
    const before = await orderCount();
    const answers = (await fire(id, ORDER_STATE.paid)).map((a) => (a.status === 'fulfilled' ? a.value : undefined));
    expect(answers.filter((a) => a?.body.success === true)).toHaveLength(1);
    const refused = answers.filter((a) => a?.body.success !== true);
    expect(refused.map((a) => a?.status)).toEqual(Array(19).fill(400));
    for (const a of refused) expect(['订单状态不能从「已支付」变为「已支付」', 'The order cannot go from "Paid" to "Paid"']).toContain(a?.body.msg);
    expect(await orderCount()).toBe(before + 1);
  });

  test('twenty refunds of one paid order: one succeeds, the order count falls once', async () => {
    const id = await newOrder('并发退款');
    await ts.post('/api/genius/order/update/status', { token: admin, query: { id, status: ORDER_STATE.paid } });
    const before = await orderCount();
    const answers = await fire(id, ORDER_STATE.refunded);
    expect(answers.filter((a) => a.status === 'fulfilled' && a.value.body.success === true)).toHaveLength(1);
    expect(await orderCount()).toBe(before - 1);
  });
});
