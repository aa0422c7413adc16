import { afterAll, beforeAll, describe, expect, test } from '@rstest/core';
import { DEMO_TENANT, SEED } from '../../core/sdk/server';
import { createTestServer, type TestServer } from '../../core/sdk/server-testing';
import dictServer from '../dict/server';
import flowServer from '../flow/server';
import leaveServer from './server';

/**
 * The leave request on the real server with the workflow: start-process saves the row and starts the
 * shipped process in one go; the approver and hr decide through the work endpoints; the detail is read by
 * the people of the request only; bad input is refused in the caller's language.
 */
const BASE = '/api/blade-desk/process/leave';
const WORK = '/api/blade-flow/work';

let ts: TestServer;
let admin: string;
let demo: string;
let hr: string;
let other: string;
let otherTenantAdmin: string;
let leaveDefinition: string;
/** The demo's leaves per tenant, counted before the tests add theirs. */
let demoLeaves: { tenant_id: string; n: number }[];

const pad = (n: number) => String(n).padStart(2, '0');
/** A wall-clock time `days` from a fixed day at `hour`. */
const at = (days: number, hour = 9) => {
  const d = new Date(2031, 2, 3 + days, hour, 0, 0);
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())} ${pad(d.getHours())}:00:00`;
};

interface LeaveRow {
  id: string;
  process_instance_id: string;
  days: number;
  task_user: string;
  create_user: string;
}

/** The leave rows the demo user made, newest first. */
const rowsOf = (userId: string) =>
  ts.ctx.db.system((tx) =>
    tx.query<LeaveRow>(
      'select id::text as id, process_instance_id, days, task_user::text as task_user, create_user::text as create_user from blade_process_leave where create_user = $1 order by create_time desc, id desc',
      [userId],
    ),
  );

async function apply(token: string, body: Record<string, unknown>, language = 'zh') {
  return ts.post(`${BASE}/start-process`, { token, json: body, headers: { 'Accept-Language': language } });
}

/** Applies as the demo user with admin as the approver; answers the new row. */
async function demoApplies(days: number, reason = `请假${days}天`): Promise<LeaveRow> {
  const res = await apply(demo, { processDefinitionId: leaveDefinition, taskUser: `taskUser_${SEED.adminUserId}`, startTime: at(0), endTime: at(days), reason });
  expect(res.body).toMatchObject({ success: true });
  return (await rowsOf(SEED.demoUserId))[0]!;
}

async function taskOf(token: string, list: 'todo' | 'claim', instanceId: string): Promise<string> {
  const res = await ts.get(`${WORK}/${list}-list`, { token, query: { size: '100' } });
  const item = (res.body.data.records as { taskId: string; processInstanceId: string }[]).find((r) => r.processInstanceId === instanceId);
  if (!item) throw new Error(`no ${list} task of ${instanceId}: ${JSON.stringify(res.body)}`);
  return item.taskId;
}

async function decide(token: string, instanceId: string, pass: boolean, comment: string): Promise<void> {
  const taskId = await taskOf(token, 'todo', instanceId);
  const res = await ts.post(`${WORK}/complete-task`, { token, json: { taskId, processInstanceId: instanceId, flag: pass ? 'ok' : '', comment } });
  expect(res.body).toMatchObject({ success: true });
}

const detail = (token: string, businessId: string, language = 'zh') => ts.get(`${BASE}/detail`, { token, query: { businessId }, headers: { 'Accept-Language': language } });
const history = async (instanceId: string) =>
  (await ts.get('/api/blade-flow/process/history-flow-list', { token: admin, query: { processInstanceId: instanceId } })).body.data as { historyActivityName: string; comment: string }[];

beforeAll(async () => {
  ts = await createTestServer({ plugins: [dictServer, flowServer, leaveServer] });
  demoLeaves = await ts.ctx.db.system((tx) => tx.query('select tenant_id, count(*)::int as n from blade_process_leave group by tenant_id order by tenant_id'));
  admin = (await ts.signIn('admin', 'admin')).access_token;
  demo = (await ts.signIn('demo', 'demo')).access_token;
  hr = (await ts.signIn('hr', 'hr')).access_token;
  await ts.addUser({ tenantId: '000000', account: 'bystander', password: 'bystander1', roleId: SEED.userRoleId });
  other = (await ts.signIn('bystander', 'bystander1')).access_token;
  otherTenantAdmin = (await ts.signIn('admin', 'admin', DEMO_TENANT.tenantId)).access_token;
  const start = await ts.get(`${WORK}/start-list`, { token: demo, query: { size: '100' } });
  leaveDefinition = (start.body.data.records as { id: string; key: string }[]).find((p) => p.key === 'Leave')!.id;
}, 120_000);
afterAll(async () => {
  await ts?.close();
});

describe('the leave request', () => {
  test('five days: the approver approves, hr claims and approves, and the process ends after four steps', async () => {
    const row = await demoApplies(5, '回老家参加婚礼');
    expect(row).toMatchObject({ days: 5, task_user: SEED.adminUserId });
    expect(row.process_instance_id).toMatch(/^\d+$/);

    let seen = (await detail(demo, row.id)).body.data;
    expect(seen).toMatchObject({ id: row.id, reason: '回老家参加婚礼', days: 5, startTime: at(0), endTime: at(5), processInstanceId: row.process_instance_id });
    expect(seen.flow).toMatchObject({ assigneeName: '演示用户', processIsFinished: 'unfinished', taskName: '审批人审批', businessTable: 'blade_process_leave', businessId: row.id });

    await decide(admin, row.process_instance_id, true, '同意，注意交接');
    seen = (await detail(demo, row.id)).body.data;
    expect(seen.flow).toMatchObject({ processIsFinished: 'unfinished', taskName: '人事审批' });

    const claimable = await taskOf(hr, 'claim', row.process_instance_id);
    expect((await ts.post(`${WORK}/claim-task`, { token: hr, query: { taskId: claimable } })).body).toMatchObject({ success: true, msg: '签收事务成功' });
    await decide(hr, row.process_instance_id, true, '人事已备案');

    seen = (await detail(demo, row.id)).body.data;
    expect(seen.flow).toMatchObject({ processIsFinished: 'finished', taskName: '' });
    const steps = await history(row.process_instance_id);
    expect(steps.map((s) => s.historyActivityName)).toEqual(['开始', '审批人审批', '人事审批', '通过结束']);
    expect(steps.map((s) => s.comment)).toEqual(['', '同意，注意交接', '人事已备案', '']);
  });

  test('two days end after the approver; a rejection ends it at once', async () => {
    const short = await demoApplies(2);
    await decide(admin, short.process_instance_id, true, '同意');
    expect((await detail(demo, short.id)).body.data.flow).toMatchObject({ processIsFinished: 'finished' });
    expect((await history(short.process_instance_id)).map((s) => s.historyActivityName)).toEqual(['开始', '审批人审批', '通过结束']);

    const long = await demoApplies(8);
    await decide(admin, long.process_instance_id, false, '项目上线，请改期');
    expect((await detail(demo, long.id)).body.data.flow).toMatchObject({ processIsFinished: 'finished' });
    expect((await history(long.process_instance_id)).map((s) => s.historyActivityName)).toEqual(['开始', '审批人审批', '驳回结束']);
  });

  test('the applicant, the approver and hr (waiting, then after deciding) read the detail; another member and another tenant do not', async () => {
    const row = await demoApplies(4);
    for (const token of [demo, admin]) expect((await detail(token, row.id)).body.success).toBe(true);
    // Before the approver decides, hr has nothing to do with it.
    expect((await detail(hr, row.id)).body).toMatchObject({ success: false, msg: '请假申请不存在' });
    await decide(admin, row.process_instance_id, true, '同意');
    // Waiting for hr to claim: any member of hr may look at it.
    expect((await detail(hr, row.id)).body.success).toBe(true);
    const taskId = await taskOf(hr, 'claim', row.process_instance_id);
    await ts.post(`${WORK}/claim-task`, { token: hr, query: { taskId } });
    await decide(hr, row.process_instance_id, true, '同意');
    // Decided: hr took part in it.
    expect((await detail(hr, row.id)).body.success).toBe(true);

    const bystander = await detail(other, row.id, 'en');
    expect([bystander.status, bystander.body.msg]).toEqual([400, 'The leave request does not exist']);
    const elsewhere = await detail(otherTenantAdmin, row.id);
    expect([elsewhere.status, elsewhere.body.msg]).toEqual([400, '请假申请不存在']);
    expect((await detail(demo, '123456789')).body.msg).toBe('请假申请不存在');
    expect((await detail(demo, 'x')).status).toBe(400);
  });

  test('bad input is refused in the caller’s language and leaves nothing behind', async () => {
    const before = (await rowsOf(SEED.demoUserId)).length;
    const good = { processDefinitionId: leaveDefinition, taskUser: SEED.adminUserId, startTime: at(0), endTime: at(2), reason: '事假' };
    const refused = async (body: Record<string, unknown>, language: 'zh' | 'en') => {
      const res = await apply(demo, body, language);
      expect(res.status).toBe(400);
      return res.body.msg as string;
    };
    expect(await refused({ ...good, endTime: at(-1) }, 'zh')).toBe('结束时间必须晚于开始时间');
    expect(await refused({ ...good, endTime: at(-1) }, 'en')).toBe('The end must be after the start');
    expect(await refused({ ...good, endTime: at(400) }, 'zh')).toBe('请假不能超过365天');
    expect(await refused({ ...good, startTime: '2031-02-30 09:00:00' }, 'en')).toBe('Please enter the start as yyyy-MM-dd HH:mm:ss');
    expect(await refused({ ...good, taskUser: '123456789' }, 'zh')).toBe('审批人不存在');
    // A user of another tenant is no approver here.
    expect(await refused({ ...good, taskUser: DEMO_TENANT.adminUserId }, 'en')).toBe('The approver does not exist');
    expect(await refused({ ...good, taskUser: '' }, 'zh')).toBe('请选择审批人');
    expect(await refused({ ...good, reason: '  ' }, 'zh')).toBe('请输入请假理由');
    expect(await refused({ ...good, reason: undefined }, 'en')).toBe('Please enter the reason');
    expect(await refused({ ...good, reason: 'x'.repeat(501) }, 'zh')).toBe('请假理由不能超过500个字');

    // Another tenant's leave process: same key, not this tenant's definition.
    const elsewhere = await ts.get(`${WORK}/start-list`, { token: otherTenantAdmin, query: { size: '100' } });
    const theirs = (elsewhere.body.data.records as { id: string; key: string }[]).find((p) => p.key === 'Leave')!.id;
    expect(theirs).not.toBe(leaveDefinition);
    expect(await refused({ ...good, processDefinitionId: theirs }, 'zh')).toMatch(/^开启流程失败：/);
    expect(await refused({ ...good, processDefinitionId: theirs }, 'en')).toMatch(/^Failed to start the process: /);
    expect(await refused({ ...good, processDefinitionId: 'Nope:1:1' }, 'zh')).toBe('开启流程失败：不是本租户的请假流程');
    expect((await ts.post(`${BASE}/start-process`, { token: demo, body: 'not json', headers: { 'Content-Type': 'application/json' } })).status).toBe(400);

    expect((await rowsOf(SEED.demoUserId)).length).toBe(before);
  });

  test('the demo: both tenants have the process, the hr user and leaves in every state', async () => {
    expect(demoLeaves).toEqual([
      { tenant_id: '000000', n: 4 },
      { tenant_id: DEMO_TENANT.tenantId, n: 4 },
    ]);
    // admin has the first demo leave to approve; hr can claim the second.
    const todo = (await ts.get(`${WORK}/todo-list`, { token: admin })).body.data.records as { processDefinitionName: string }[];
    expect(todo.some((t) => t.processDefinitionName === '请假流程')).toBe(true);
    const claim = (await ts.get(`${WORK}/claim-list`, { token: hr })).body.data.records as unknown[];
    expect(claim.length).toBeGreaterThan(0);
    const hrElsewhere = (await ts.signIn('hr', 'hr', DEMO_TENANT.tenantId)).access_token;
    expect(((await ts.get(`${WORK}/claim-list`, { token: hrElsewhere })).body.data.records as unknown[]).length).toBeGreaterThan(0);
  });
});
