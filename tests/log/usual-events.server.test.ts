import { afterAll, beforeAll, expect, test } from '@rstest/core';
import { md5 } from '../../core/sdk/server';
import { createTestServer, type TestServer } from '../../core/sdk/server-testing';
import certificateServer from '../../plugins/certificate/server';
import { idCheckCharacter } from '../../plugins/certificate/order/id-number';
import deptServer from '../../plugins/dept/server';
import dictServer from '../../plugins/dict/server';
import mallServer from '../../plugins/mall/server';
import { ORDER_STATE } from '../../plugins/mall/order/states';
import postServer from '../../plugins/post/server';
import roleServer from '../../plugins/role/server';
import userServer from '../../plugins/user/server';

/**
 * The business events the usual log records, each from the place it happens: a password reset, a role's
 * grants changed, a refund (certificate payment, mall order move), a tenant's plugins switched, a sign-in
 * locked out. Each row names the event, the caller and the request it came from; its data holds ids, never
 * a secret.
 */
let ts: TestServer;
let admin: string;
let adminId: string;

beforeAll(async () => {
  ts = await createTestServer({ plugins: [dictServer, deptServer, postServer, roleServer, userServer, mallServer, certificateServer] });
  const session = await ts.signIn('admin', 'admin');
  admin = session.access_token;
  adminId = session.user_id;
}, 120_000);
afterAll(() => ts?.close());

interface UsualRow {
  tenant_id: string;
  user_id: string | null;
  create_by: string | null;
  log_level: string;
  log_data: string;
  request_id: string | null;
}

/** The usual-log rows of `event`, after the writer's queue is stored. */
async function events(event: string): Promise<(UsualRow & { data: Record<string, unknown> })[]> {
  await ts.ctx.logs.flush();
  const rows = await ts.ctx.db.system((tx) => tx.query<UsualRow>(`select tenant_id, user_id, create_by, log_level, log_data, request_id from blade_log_usual where log_id = $1 order by id`, [event]));
  return rows.map((r) => ({ ...r, data: JSON.parse(r.log_data) as Record<string, unknown> }));
}

const byAdmin = (requestId: string | null) => ({ tenant_id: '000000', user_id: adminId, create_by: 'admin', log_level: 'info', request_id: requestId });

test('password.reset: the users reset, by whom, from which request', async () => {
  const roleId = await ts.addRole({ tenantId: '000000', alias: 'log_reset', codes: [] });
  const demoId = await ts.addUser({ tenantId: '000000', account: 'log_reset', password: 'Reset@2024', roleId });
  const res = await ts.post('/api/blade-user/reset-password', { token: admin, query: { userIds: demoId } });
  expect(res.body.success).toBe(true);
  expect(await events('password.reset')).toEqual([{ ...byAdmin(res.headers.get('x-request-id')), log_data: expect.any(String), data: { userIds: [demoId], count: 1 } }]);
});

test("role.grant: the roles and how many menus and scopes they now hold among the caller's grantable ones", async () => {
  const roleId = await ts.addRole({ tenantId: '000000', alias: 'log_grant', codes: [] });
  const res = await ts.post('/api/blade-system/role/grant', { token: admin, query: { roleIds: roleId } });
  expect(res.body.success).toBe(true);
  expect(await events('role.grant')).toEqual([{ ...byAdmin(res.headers.get('x-request-id')), log_data: expect.any(String), data: { tenantId: '000000', roleIds: [roleId], menus: 0, dataScopes: 0, apiScopes: 0 } }]);
});

test('refund.made: a certificate order refunded through the payment provider', async () => {
  const name = `退款日志${Date.now() % 100_000}`;
  const idNumber = '11010119900307123' + idCheckCharacter('11010119900307123');
  await ts.post('/api/xh/certificate/order/save', { token: admin, json: { name, idNumber, mobile: '13912345678', certificateType: 1, amount: 5000 } });
  const order = (await ts.get('/api/xh/certificate/order/page', { token: admin, query: { name } })).body.data.records[0] as { id: string };
  expect((await ts.post('/api/xh/pay/sandbox/pay', { token: admin, query: { id: order.id } })).body.success).toBe(true);
  const res = await ts.get('/api/xh/pay/refundV3', { token: admin, query: { id: order.id, amount: '2000', reason: '学员申请退款' } });
  expect(res.body.success).toBe(true);
  const [row] = (await events('refund.made')).filter((r) => r.data.kind === 'certificate');
  expect(row).toEqual({ ...byAdmin(res.headers.get('x-request-id')), log_data: expect.any(String), data: { kind: 'certificate', orderId: order.id, outRefundNo: expect.stringMatching(/^RF/), amount: 2000, status: expect.any(String) } });
});

test('refund.made: a mall order moved to refunded (the state move records it once committed; other moves are not events)', async () => {
  const paid = (await ts.ctx.db.system((tx) => tx.one<{ id: string }>(`select id::text as id from mall_order where tenant_id = '000000' and status = $1 and is_deleted = 0 limit 1`, [ORDER_STATE.paid])))!;
  const refused = await ts.post('/api/mall/order/update/status', { token: admin, query: { id: paid.id, status: ORDER_STATE.completed } });
  expect(refused.status).toBe(400);
  const res = await ts.post('/api/mall/order/update/status', { token: admin, query: { id: paid.id, status: ORDER_STATE.refunded } });
  expect(res.body.success).toBe(true);
  expect((await events('refund.made')).filter((r) => r.data.table === 'mall_order')).toEqual([
    { ...byAdmin(res.headers.get('x-request-id')), log_data: expect.any(String), data: { table: 'mall_order', id: paid.id, from: ORDER_STATE.paid, to: ORDER_STATE.refunded } },
  ]);
});

test("plugin.switched: a tenant's plugins set by the administrators' tenant", async () => {
  const res = await ts.post('/api/blade-system/tenant/setting', { token: admin, query: { ids: '100001', plugins: 'dict,mall' } });
  expect(res.body.success).toBe(true);
  expect(await events('plugin.switched')).toEqual([{ ...byAdmin(res.headers.get('x-request-id')), log_data: expect.any(String), data: { tenantIds: ['100001'], plugins: 'dict,mall' } }]);
  await ts.post('/api/blade-system/tenant/setting', { token: admin, query: { ids: '100001', plugins: '*' } });
});

test('signin.locked: a sign-in refused by the lock-out, filed in the tenant it names, with the account and never the password', async () => {
  const wrong = md5('not-the-password');
  for (let i = 0; i < 6; i++) await ts.token({ tenantId: '100001', username: 'admin', password: wrong, grant_type: 'password' }, { 'Tenant-Id': '100001' }, { ip: '198.51.100.77' });
  const rows = await events('signin.locked');
  expect(rows).toEqual([{ tenant_id: '100001', user_id: null, create_by: null, log_level: 'warn', request_id: null, log_data: expect.any(String), data: { account: 'admin' } }]);
  expect(JSON.stringify(rows)).not.toContain(wrong);
});
