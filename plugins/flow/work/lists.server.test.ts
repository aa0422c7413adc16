import { afterAll, beforeAll, describe, expect, test } from '@rstest/core';
import { createTestServer, type TestServer } from '../../../core/sdk/server-testing';
import dictServer from '../../dict/server';
import type { BladeFlow } from '../../../core/sdk/shared';
import { insertDefinition, insertInstance, insertTask, workOnlyServer } from './test-rows';

/**
 * The work lists over rows written straight into the flow tables: each answers only the caller's items
 * (two users of one tenant, and a user of another tenant holding the same role alias), in BladeX's
 * BladeFlow shape, filtered and paged; the waiting tasks of the top bar; what may be started.
 */
const WORK = '/api/blade-flow/work';
const T = '300001';
const U = '300002';
const at = (day: number, hour: number, minute = 0) => new Date(2026, 0, day, hour, minute);

let ts: TestServer;
const token: Record<'alice' | 'bob' | 'carol' | 'dave', string> = { alice: '', bob: '', carol: '', dave: '' };
const userId: Record<'alice' | 'bob' | 'carol' | 'dave', string> = { alice: '', bob: '', carol: '', dave: '' };
const ids: Record<string, string> = {};

type Page = { records: BladeFlow[]; total: number; size: number; current: number; pages: number };
async function list(path: string, who: string, query: Record<string, string> = {}, headers?: Record<string, string>): Promise<Page> {
  const res = await ts.get(`${WORK}/${path}`, { token: who, query, headers });
  if (res.status !== 200) throw new Error(`${path}: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body.data as Page;
}
const taskIds = (p: Page) => p.records.map((r) => r.taskId);

beforeAll(async () => {
  ts = await createTestServer({ plugins: [dictServer, workOnlyServer] });
  await ts.addTenant(T, '流程租户');
  await ts.addTenant(U, '另一租户');
  const approverT = await ts.addRole({ tenantId: T, alias: 'approver', codes: [] });
  const plainT = await ts.addRole({ tenantId: T, alias: 'plain', codes: [] });
  const approverU = await ts.addRole({ tenantId: U, alias: 'approver', codes: [] });
  userId.alice = await ts.addUser({ tenantId: T, account: 'alice', password: 'alice', roleId: approverT, realName: '爱丽丝' });
  userId.bob = await ts.addUser({ tenantId: T, account: 'bob', password: 'bob', roleId: approverT, realName: '鲍勃' });
  userId.carol = await ts.addUser({ tenantId: T, account: 'carol', password: 'carol', roleId: plainT, realName: '卡罗尔' });
  userId.dave = await ts.addUser({ tenantId: U, account: 'dave', password: 'dave', roleId: approverU, realName: '戴夫' });
  token.alice = (await ts.signIn('alice', 'alice', T)).access_token;
  token.bob = (await ts.signIn('bob', 'bob', T)).access_token;
  token.carol = (await ts.signIn('carol', 'carol', T)).access_token;
  token.dave = (await ts.signIn('dave', 'dave', U)).access_token;

  const leave1 = await insertDefinition(ts.ctx, { tenantId: T, key: 'Leave', name: 'Leave request', category: 'flow_1', version: 1, deployTime: at(1, 9) });
  ids.leave2 = await insertDefinition(ts.ctx, { tenantId: T, key: 'Leave', name: 'Leave request', category: 'flow_1', version: 2, deployTime: at(2, 9) });
  await insertDefinition(ts.ctx, { tenantId: T, key: 'Leave', name: 'Leave request', category: 'flow_1', version: 3, suspended: true, deployTime: at(3, 9) });
  ids.general = await insertDefinition(ts.ctx, { tenantId: T, key: 'General', name: 'General approval', category: 'flow_2', deployTime: at(1, 8) });
  await insertDefinition(ts.ctx, { tenantId: T, key: 'Purchase', name: 'Purchase', category: 'flow_2', suspended: true });
  const leaveU = await insertDefinition(ts.ctx, { tenantId: U, key: 'Leave', name: 'Leave request', category: 'flow_1' });

  const general = ids.general!;
  // alice started i1 (running) and i2 (ended); carol started i3 and i4.
  ids.i1 = await insertInstance(ts.ctx, { tenantId: T, definitionId: general, startUser: userId.alice, startTime: at(5, 9), variables: { title: '采购申请', createUser: 'alice' } });
  ids.i2 = await insertInstance(ts.ctx, {
    tenantId: T,
    definitionId: leave1,
    startUser: userId.alice,
    startTime: at(10, 9),
    status: 'finished',
    endTime: at(11, 9),
    businessKey: 'blade_process_leave:42',
    variables: { days: 2 },
  });
  ids.i3 = await insertInstance(ts.ctx, { tenantId: T, definitionId: general, startUser: userId.carol, startTime: at(7, 9) });
  ids.i4 = await insertInstance(ts.ctx, { tenantId: T, definitionId: ids.leave2!, startUser: userId.carol, startTime: at(6, 9), businessKey: 'blade_process_leave:43', variables: { days: 5 } });

  const task = (instanceId: string, definitionId: string, rest: Omit<Parameters<typeof insertTask>[1], 'tenantId' | 'instanceId' | 'definitionId'>) =>
    insertTask(ts.ctx, { tenantId: T, instanceId, definitionId, ...rest });
  ids.claim1 = await task(ids.i3!, general, { name: '部门审批', status: 'claim', candidateGroups: ['approver', 'manager'], createTime: at(7, 10) });
  ids.claimHr = await task(ids.i1!, general, { name: '人事审批', activityId: 'hr', status: 'claim', candidateGroups: ['hr'], createTime: at(5, 12) });
  ids.claimCarol = await task(ids.i1!, general, { name: '会签', activityId: 'countersign', status: 'claim', candidateUsers: [userId.carol], createTime: at(5, 11) });
  ids.todoA1 = await task(ids.i1!, general, { name: '经理审批', status: 'todo', assignee: userId.alice, createTime: at(5, 10) });
  ids.todoA2 = await task(ids.i4!, ids.leave2!, { name: '审批人审批', status: 'todo', assignee: userId.alice, createTime: at(6, 11) });
  ids.todoB = await task(ids.i3!, general, { name: '经理审批', status: 'todo', assignee: userId.bob, createTime: at(7, 11) });
  ids.doneA1 = await task(ids.i2!, leave1, { name: '审批人审批', status: 'done', assignee: userId.alice, createTime: at(10, 10), endTime: at(11, 9), comment: '同意', pass: true });
  ids.doneA2 = await task(ids.i1!, general, { name: '初审', status: 'done', assignee: userId.alice, createTime: at(5, 9), endTime: at(5, 9, 30), comment: '驳回', pass: false });

  const iu = await insertInstance(ts.ctx, { tenantId: U, definitionId: leaveU, startUser: userId.dave, startTime: at(8, 9) });
  ids.claimU = await insertTask(ts.ctx, { tenantId: U, instanceId: iu, definitionId: leaveU, name: '部门审批', status: 'claim', candidateGroups: ['approver'], createTime: at(8, 10) });
  ids.todoU = await insertTask(ts.ctx, { tenantId: U, instanceId: iu, definitionId: leaveU, name: '经理审批', status: 'todo', assignee: userId.dave, createTime: at(8, 11) });
});
afterAll(() => ts.close());

describe('each list is the caller’s own', () => {
  test('to do: tasks assigned to the caller, oldest first, as BladeFlow items', async () => {
    const alice = await list('todo-list', token.alice);
    expect(taskIds(alice)).toEqual([ids.todoA1, ids.todoA2]);
    expect(alice).toMatchObject({ total: 2, current: 1, size: 10, pages: 1 });
    expect(alice.records[1]).toMatchObject({
      taskName: '审批人审批',
      taskDefinitionKey: 'approve',
      assignee: `taskUser_${userId.alice}`,
      assigneeName: '爱丽丝',
      status: 'todo',
      createTime: '2026-01-06 11:00:00',
      processInstanceId: ids.i4,
      historyProcessInstanceId: ids.i4,
      processDefinitionId: ids.leave2,
      processDefinitionKey: 'Leave',
      processDefinitionName: 'Leave request',
      processDefinitionVersion: 2,
      processIsFinished: 'unfinished',
      category: 'flow_1',
      categoryName: '请假流程',
      businessTable: 'blade_process_leave',
      businessId: '43',
      variables: { days: 5 },
      endTime: '',
      historyTaskEndTime: '',
      pass: false,
    });
    expect(Object.keys(alice.records[0]!).sort()).toEqual(Object.keys(alice.records[1]!).sort());
    expect(taskIds(await list('todo-list', token.bob))).toEqual([ids.todoB]);
    expect(taskIds(await list('todo-list', token.carol))).toEqual([]);
    expect(taskIds(await list('todo-list', token.dave))).toEqual([ids.todoU]);
    const english = await list('todo-list', token.alice, {}, { 'Accept-Language': 'en' });
    expect(english.records[1]?.categoryName).toBe('Leave');
  });

  test('to claim: tasks whose candidate groups meet the caller’s role aliases, in the caller’s tenant only', async () => {
    const alice = await list('claim-list', token.alice);
    expect(taskIds(alice)).toEqual([ids.claim1]);
    expect(alice.records[0]).toMatchObject({ status: 'claim', assignee: '', assigneeName: '', taskName: '部门审批', categoryName: '通用审批', businessTable: 'flow_general', businessId: ids.i3 });
    expect(taskIds(await list('claim-list', token.bob))).toEqual([ids.claim1]);
    // carol has no role among any task's groups, but one task names her among its candidate users.
    expect(taskIds(await list('claim-list', token.carol))).toEqual([ids.claimCarol]);
    // dave holds the same alias in another tenant: he sees his tenant's task only.
    expect(taskIds(await list('claim-list', token.dave))).toEqual([ids.claimU]);
  });

  test('sent: the instances the caller started, newest first, with the latest open task', async () => {
    const alice = await list('send-list', token.alice);
    expect(alice.records.map((r) => r.processInstanceId)).toEqual([ids.i2, ids.i1]);
    expect(alice.records[0]).toMatchObject({ status: 'finish', processIsFinished: 'finished', taskId: '', createTime: '2026-01-10 09:00:00', endTime: '2026-01-11 09:00:00', businessId: '42' });
    expect(alice.records[1]).toMatchObject({
      status: 'finish',
      processIsFinished: 'unfinished',
      taskId: ids.claimHr,
      taskName: '人事审批',
      taskDefinitionKey: 'hr',
      historyActivityName: 'General approval',
      variables: { title: '采购申请', createUser: 'alice' },
    });
    expect((await list('send-list', token.carol)).records.map((r) => r.processInstanceId)).toEqual([ids.i3, ids.i4]);
    expect((await list('send-list', token.bob)).total).toBe(0);
    expect((await list('send-list', token.dave)).records.map((r) => r.processInstanceId)).not.toContain(ids.i1);
  });

  test('done: the tasks the caller completed, the latest first, with comment and outcome', async () => {
    const alice = await list('done-list', token.alice);
    expect(taskIds(alice)).toEqual([ids.doneA1, ids.doneA2]);
    expect(alice.records[0]).toMatchObject({ status: 'finish', comment: '同意', pass: true, flag: 'ok', historyTaskEndTime: '2026-01-11 09:00:00', processIsFinished: 'finished' });
    expect(alice.records[1]).toMatchObject({ comment: '驳回', pass: false, flag: '', processIsFinished: 'unfinished' });
    expect((await list('done-list', token.bob)).total).toBe(0);
    expect((await list('done-list', token.dave)).total).toBe(0);
  });

  test('waiting: to do and to claim together, oldest first, and their count', async () => {
    const alice = await list('waiting', token.alice);
    expect(taskIds(alice)).toEqual([ids.todoA1, ids.todoA2, ids.claim1]);
    expect(alice.records.map((r) => r.status)).toEqual(['todo', 'todo', 'claim']);
    expect((await ts.get(`${WORK}/waiting-count`, { token: token.alice })).body.data).toBe(3);
    expect((await ts.get(`${WORK}/waiting-count`, { token: token.carol })).body.data).toBe(1);
    expect((await ts.get(`${WORK}/waiting-count`, { token: token.bob })).body.data).toBe(2);
    expect((await ts.get(`${WORK}/waiting-count`, { token: token.dave })).body.data).toBe(2);
    const second = await list('waiting', token.alice, { size: '2', current: '2' });
    expect(second).toMatchObject({ total: 3, pages: 2 });
    expect(taskIds(second)).toEqual([ids.claim1]);
  });

  test('start: the latest active version of each process of the tenant', async () => {
    const res = await ts.get(`${WORK}/start-list`, { token: token.carol, query: { mode: '1' } });
    const processes = res.body.data.records as { id: string; key: string; version: number; suspensionState: number; categoryName: string; tenantId: string }[];
    expect(processes.map((p) => `${p.key}:${p.version}`)).toEqual(['Leave:2', 'General:1']);
    expect(processes[0]).toMatchObject({ id: ids.leave2, tenantId: T, categoryName: '请假流程', suspensionState: 1, deploymentTime: '2026-01-02 09:00:00', resourceName: 'Leave.bpmn20.xml' });
    const filtered = await ts.get(`${WORK}/start-list`, { token: token.carol, query: { category: 'flow_2', processDefinitionName: 'APPROVAL' } });
    expect(filtered.body.data.records.map((p: { key: string }) => p.key)).toEqual(['General']);
    const other = await ts.get(`${WORK}/start-list`, { token: token.dave });
    expect(other.body.data.records.map((p: { id: string }) => p.id)).not.toContain(ids.leave2);
  });
});

describe('filters and paging', () => {
  test('category, name (contains, any case) and dates narrow a list; total counts what the filters keep', async () => {
    expect(taskIds(await list('todo-list', token.alice, { category: 'flow_1' }))).toEqual([ids.todoA2]);
    expect(taskIds(await list('todo-list', token.alice, { processDefinitionName: 'LEAVE' }))).toEqual([ids.todoA2]);
    expect(taskIds(await list('todo-list', token.alice, { processDefinitionName: '%' }))).toEqual([]);
    expect(taskIds(await list('todo-list', token.alice, { beginDate: '2026-01-06' }))).toEqual([ids.todoA2]);
    expect(taskIds(await list('todo-list', token.alice, { endDate: '2026-01-05' }))).toEqual([ids.todoA1]);
    expect(taskIds(await list('todo-list', token.alice, { beginDate: '2026-01-05 10:00:01', endDate: '2026-01-06 11:00:00' }))).toEqual([ids.todoA2]);
    // done filters on when the task was done; sent on when the instance started.
    expect(taskIds(await list('done-list', token.alice, { beginDate: '2026-01-11', endDate: '2026-01-11' }))).toEqual([ids.doneA1]);
    expect((await list('send-list', token.alice, { endDate: '2026-01-09' })).records.map((r) => r.processInstanceId)).toEqual([ids.i1]);
    expect((await list('send-list', token.alice, { category: 'flow_1' })).total).toBe(1);
  });

  test('pages hold size items; total and pages are the whole list’s; past the end is empty', async () => {
    const first = await list('todo-list', token.alice, { size: '1' });
    expect(first).toMatchObject({ total: 2, size: 1, current: 1, pages: 2 });
    expect(taskIds(first)).toEqual([ids.todoA1]);
    expect(taskIds(await list('todo-list', token.alice, { size: '1', current: '2' }))).toEqual([ids.todoA2]);
    const beyond = await list('todo-list', token.alice, { size: '1', current: '3' });
    expect(beyond).toMatchObject({ total: 2, records: [] });
    expect(taskIds(await list('done-list', token.alice, { size: '1', current: '2' }))).toEqual([ids.doneA2]);
  });
});

describe('bad input and callers', () => {
  const refusals: [string, Record<string, string>, string, string][] = [
    ['todo-list', { size: '101' }, 'size', 'size'],
    ['claim-list', { size: 'ten' }, '请求参数格式错误: size', 'Malformed parameter: size'],
    ['done-list', { current: '0' }, 'current', 'current'],
    ['send-list', { beginDate: '2026-02-30' }, '日期格式应为 yyyy-MM-dd 或 yyyy-MM-dd HH:mm:ss', 'Dates are written yyyy-MM-dd or yyyy-MM-dd HH:mm:ss'],
    ['todo-list', { endDate: '2026-01-05 25:00:00' }, '日期格式应为', 'Dates are written'],
    ['todo-list', { beginDate: '2026-01-06', endDate: '2026-01-05' }, '开始日期不能晚于结束日期', 'The begin date must not be after the end date'],
    ['todo-list', { category: 'x'.repeat(65) }, 'category: 长度不能超过64个字符', 'category: at most 64 characters'],
    ['start-list', { mode: '3' }, '模式只能是 1（通用）或 2（租户）', 'The mode is 1 (common) or 2 (tenant)'],
    ['waiting', { size: '500' }, 'size', 'size'],
  ];
  test.each(refusals)('%s %j → 400 in Chinese and English', async (path, query, zh, en) => {
    const chinese = await ts.get(`${WORK}/${path}`, { token: token.alice, query });
    expect(chinese.status).toBe(400);
    expect(chinese.body.msg).toContain(zh);
    const english = await ts.get(`${WORK}/${path}`, { token: token.alice, query, headers: { 'Accept-Language': 'en' } });
    expect(english.status).toBe(400);
    expect(english.body.msg).toContain(en);
  });

  test('no token is 401; a guest (signed in through a third party, no user yet) is refused', async () => {
    expect((await ts.get(`${WORK}/todo-list`)).status).toBe(401);
    const render = await ts.get('/api/blade-auth/oauth/render/demo', { query: { state: 's' } });
    const code = new URL(render.headers.get('location')!, 'http://x').searchParams.get('code')!;
    const guest = await ts.token({ grant_type: 'social', source: 'demo', code, state: 's' });
    expect(guest.status).toBe(200);
    for (const path of ['todo-list', 'claim-list', 'send-list', 'done-list', 'start-list', 'waiting', 'waiting-count'])
      expect((await ts.get(`${WORK}/${path}`, { token: guest.body.access_token })).status).toBe(403);
    expect((await ts.post(`${WORK}/claim-task`, { token: guest.body.access_token, query: { taskId: ids.claim1 } })).status).toBe(403);
  });

  test('delete-task refuses a task of a running process, and another’s task as not found', async () => {
    const running = await ts.post(`${WORK}/delete-task`, { token: token.alice, query: { taskId: ids.todoA1!, reason: '不要了' } });
    expect(running.status).toBe(400);
    expect(running.body.msg).toBe('任务属于运行中的流程，不能删除');
    const english = await ts.post(`${WORK}/delete-task`, { token: token.alice, query: { taskId: ids.claim1! }, headers: { 'Accept-Language': 'en' } });
    expect(english.body.msg).toBe('The task belongs to a running process and cannot be deleted');
    for (const [who, taskId] of [
      [token.alice, ids.todoB],
      [token.carol, ids.claim1],
      [token.alice, ids.claimCarol],
      [token.alice, ids.doneA1],
      [token.alice, ids.todoU],
      [token.alice, '123'],
    ] as const) {
      const res = await ts.post(`${WORK}/delete-task`, { token: who, query: { taskId: taskId! } });
      expect(res.status).toBe(400);
      expect(res.body.msg).toBe('任务不存在或已被处理');
    }
    expect((await ts.post(`${WORK}/delete-task`, { token: token.alice, query: { taskId: 'abc' } })).body.msg).toBe('任务主键格式错误');
    expect((await ts.post(`${WORK}/delete-task`, { token: token.alice })).body.msg).toBe('缺少必要的请求参数: taskId');
    const rows = await ts.ctx.db.system((tx) => tx.query<{ status: string }>(`select status from flow_task where id = $1`, [ids.todoA1]));
    expect(rows).toEqual([{ status: 'todo' }]);
  });
});
