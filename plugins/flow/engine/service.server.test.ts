import { afterAll, beforeAll, describe, expect, test } from '@rstest/core';
import { createTestServer, type TestServer } from '../../../core/sdk/server-testing';
import dictServer from '../../dict/server';
import { cancelInstance, workflowService as wf } from './service';
import { asTenant, leaveActors, type LeaveActors } from './testing/actors';
import { engineOnlyServer } from './testing/engine-plugin';
import { FLOWABLE_XML, PARALLEL_XML } from './testing/leave-process';

/** The leave-shaped process through the service: every path, and the rows it leaves. */
describe('the engine runs a leave-shaped process', () => {
  let ts: TestServer;
  let a: LeaveActors;
  beforeAll(async () => {
    ts = await createTestServer({ plugins: [dictServer, engineOnlyServer] });
    a = await leaveActors(ts);
  });
  afterAll(() => ts.close());

  const startLeave = (days: number) =>
    asTenant(ts.ctx, a.applicant, (tx) => wf.start(ts.ctx, tx, a.applicant, { processDefinitionId: a.definitionId, businessKey: `blade_process_leave:${days}`, variables: { taskUser: `taskUser_${a.approver.userId}`, days } }));
  const tasks = (id: string) => asTenant(ts.ctx, a.applicant, (tx) => wf.openTasks(ts.ctx, tx, a.applicant.tenantId, id));
  const summary = (id: string) => asTenant(ts.ctx, a.applicant, (tx) => wf.instance(ts.ctx, tx, a.applicant.tenantId, id));
  const history = (id: string) =>
    ts.ctx.db.system((tx) => tx.query<{ activity_id: string; activity_type: string; assignee: string | null; end_time: Date | null; comment: string; task_id: string | null }>(
      'select activity_id, activity_type, assignee::text, end_time, comment, task_id::text from flow_activity where instance_id = $1 order by start_time, id', [id]));

  test('deploy makes version 1, then 2, with the BladeX id shape', async () => {
    expect(a.definitionId).toMatch(/^TestLeave:1:\d{19}$/);
    const again = await ts.ctx.db.system((tx) => wf.deploy(ts.ctx, tx, { xml: FLOWABLE_XML, category: 'flow_1', tenantIds: ['000000'], name: 'Flowable leave' }));
    expect(again.definitions[0]).toMatchObject({ key: 'TestLeaveFlowable', version: 1, tenantId: '000000', category: 'flow_1', name: '测试请假' });
    const latest = await ts.ctx.db.system((tx) => wf.latest(ts.ctx, tx, '000000', 'TestLeave'));
    expect(latest?.id).toBe(a.definitionId);
  });

  test('deploying for two tenants at once gives each a deployment of its own, so both may be at version 1', async () => {
    const { definitions } = await ts.ctx.db.system((tx) => wf.deploy(ts.ctx, tx, { xml: PARALLEL_XML, category: 'flow_2', tenantIds: ['000000', '100001'] }));
    expect(definitions.map((d) => [d.tenantId, d.version])).toEqual([['000000', 1], ['100001', 1]]);
    expect(new Set(definitions.map((d) => d.deploymentId)).size).toBe(2);
    expect(new Set(definitions.map((d) => d.id)).size).toBe(2);
    for (const d of definitions) expect(d.id).toBe(`${d.key}:1:${d.deploymentId}`);
  });

  test('five days: the approver, then a claim for hr, then finished with a complete history', async () => {
    const { processInstanceId: id } = await startLeave(5);
    const [first] = await tasks(id);
    expect(first).toMatchObject({ taskName: '审批人审批', taskDefinitionKey: 'approve', assignee: a.approver.userId, candidateGroups: [] });
    expect(await summary(id)).toMatchObject({ processIsFinished: 'unfinished', currentTaskNames: ['审批人审批'], startUserId: a.applicant.userId, startUserName: 'applicant-name', businessKey: 'blade_process_leave:5' });

    await asTenant(ts.ctx, a.approver, (tx) => wf.complete(ts.ctx, tx, a.approver, { taskId: first!.taskId, pass: true, comment: '同意' }));
    const [hrTask] = await tasks(id);
    expect(hrTask).toMatchObject({ taskDefinitionKey: 'hrApprove', assignee: '', candidateGroups: ['hr'] });

    await expect(asTenant(ts.ctx, a.other, (tx) => wf.claim(ts.ctx, tx, a.other, hrTask!.taskId))).rejects.toMatchObject({ status: 400, text: { zh: '任务不存在或已被处理' } });
    await asTenant(ts.ctx, a.hr, (tx) => wf.claim(ts.ctx, tx, a.hr, hrTask!.taskId));
    expect((await tasks(id))[0]).toMatchObject({ taskId: hrTask!.taskId, assignee: a.hr.userId });
    await asTenant(ts.ctx, a.hr, (tx) => wf.complete(ts.ctx, tx, a.hr, { taskId: hrTask!.taskId, pass: true, comment: '同意' }));

    expect(await tasks(id)).toEqual([]);
    expect(await summary(id)).toMatchObject({ processIsFinished: 'finished', currentTaskNames: [] });
    const rows = await history(id);
    // Every element passed, gateways and the sequence flows taken included (the diagram draws the path).
    expect(rows.map((r) => [r.activity_id, r.activity_type, r.assignee, r.comment])).toEqual([
      ['start', 'startEvent', a.applicant.userId, ''],
      ['toApprove', 'sequenceFlow', null, ''],
      ['approve', 'userTask', a.approver.userId, '同意'],
      ['toDecide', 'sequenceFlow', null, ''],
      ['decide', 'exclusiveGateway', null, ''],
      ['toHr', 'sequenceFlow', null, ''],
      ['hrApprove', 'userTask', a.hr.userId, '同意'],
      ['toHrDecide', 'sequenceFlow', null, ''],
      ['hrDecide', 'exclusiveGateway', null, ''],
      ['hrApproved', 'sequenceFlow', null, ''],
      ['approved', 'endEvent', null, ''],
    ]);
    expect(rows.every((r) => r.end_time instanceof Date)).toBe(true);
    const instance = await ts.ctx.db.system((tx) => tx.one<{ status: string; engine_state: unknown; revision: number; variables: Record<string, unknown> }>('select status, engine_state, revision, variables from flow_instance where id = $1', [id]));
    expect(instance).toMatchObject({ status: 'finished', engine_state: null, revision: 3, variables: { days: 5, pass: true, createUser: 'applicant' } });
  });

  test('a rejection ends at once; two days end after the approver', async () => {
    const rejected = (await startLeave(7)).processInstanceId;
    const [t1] = await tasks(rejected);
    await asTenant(ts.ctx, a.approver, (tx) => wf.complete(ts.ctx, tx, a.approver, { taskId: t1!.taskId, pass: false, comment: '驳回' }));
    expect(await tasks(rejected)).toEqual([]);
    expect((await history(rejected)).at(-1)?.activity_id).toBe('rejected');

    const short = (await startLeave(2)).processInstanceId;
    const [t2] = await tasks(short);
    await asTenant(ts.ctx, a.approver, (tx) => wf.complete(ts.ctx, tx, a.approver, { taskId: t2!.taskId, pass: true, comment: 'ok' }));
    expect((await summary(short))?.processIsFinished).toBe('finished');
    expect((await history(short)).at(-1)?.activity_id).toBe('approved');
  });

  test('only the assignee completes, only once; a missing approver is refused naming the task', async () => {
    const { processInstanceId: id } = await startLeave(1);
    const [t] = await tasks(id);
    await expect(asTenant(ts.ctx, a.other, (tx) => wf.complete(ts.ctx, tx, a.other, { taskId: t!.taskId, pass: true, comment: '' }))).rejects.toMatchObject({ status: 400, text: { en: 'The task does not exist or was handled already' } });
    await asTenant(ts.ctx, a.approver, (tx) => wf.complete(ts.ctx, tx, a.approver, { taskId: t!.taskId, pass: true, comment: '' }));
    await expect(asTenant(ts.ctx, a.approver, (tx) => wf.complete(ts.ctx, tx, a.approver, { taskId: t!.taskId, pass: true, comment: '' }))).rejects.toMatchObject({ status: 400 });
    await expect(asTenant(ts.ctx, a.approver, (tx) => wf.complete(ts.ctx, tx, a.approver, { taskId: 'x; drop', pass: true, comment: '' }))).rejects.toMatchObject({ status: 400 });

    const noApprover = asTenant(ts.ctx, a.applicant, (tx) => wf.start(ts.ctx, tx, a.applicant, { processDefinitionId: a.definitionId, businessKey: 'k', variables: { days: 1 } }));
    await expect(noApprover).rejects.toMatchObject({ status: 400, text: { zh: expect.stringContaining('审批人审批') } });
  });

  test('another tenant cannot start, read or complete; a suspended process refuses start, claim and complete', async () => {
    const stranger = { ...a.approver, tenantId: '100001' };
    await expect(asTenant(ts.ctx, stranger, (tx) => wf.start(ts.ctx, tx, stranger, { processDefinitionId: a.definitionId, businessKey: 'k', variables: {} }))).rejects.toMatchObject({ status: 400, text: { zh: '流程定义不存在' } });
    const { processInstanceId: id } = await startLeave(9);
    expect(await asTenant(ts.ctx, stranger, (tx) => wf.instance(ts.ctx, tx, '100001', id))).toBeUndefined();
    const [t] = await tasks(id);
    await expect(asTenant(ts.ctx, stranger, (tx) => wf.complete(ts.ctx, tx, stranger, { taskId: t!.taskId, pass: true, comment: '' }))).rejects.toMatchObject({ status: 400 });

    await ts.ctx.db.system((tx) => tx.query('update flow_definition set suspension_state = 2 where id = $1', [a.definitionId]));
    try {
      await expect(startLeave(1)).rejects.toMatchObject({ status: 400, text: { zh: '流程已挂起', en: 'The process is suspended' } });
      await expect(asTenant(ts.ctx, a.approver, (tx) => wf.complete(ts.ctx, tx, a.approver, { taskId: t!.taskId, pass: true, comment: '' }))).rejects.toMatchObject({ text: { zh: '流程已挂起' } });
    } finally {
      await ts.ctx.db.system((tx) => tx.query('update flow_definition set suspension_state = 1 where id = $1', [a.definitionId]));
    }
    expect(ts.logged).toEqual([]);
  });

  test('cancelling ends the instance, its waiting task and its open activities; twice is refused', async () => {
    const { processInstanceId: id } = await startLeave(4);
    await ts.ctx.db.system((tx) => cancelInstance(ts.ctx, tx, '000000', id, '测试撤销'));
    expect(await tasks(id)).toEqual([]);
    expect(await summary(id)).toMatchObject({ processIsFinished: 'finished', currentTaskNames: [] });
    expect((await history(id)).every((r) => r.end_time instanceof Date)).toBe(true);
    const row = await ts.ctx.db.system((tx) => tx.one('select status, delete_reason from flow_instance where id = $1', [id]));
    expect(row).toEqual({ status: 'deleted', delete_reason: '测试撤销' });
    await expect(ts.ctx.db.system((tx) => cancelInstance(ts.ctx, tx, '000000', id, 'again'))).rejects.toMatchObject({ status: 400, text: { zh: '流程实例不存在或已结束' } });
    await expect(ts.ctx.db.system((tx) => cancelInstance(ts.ctx, tx, '100001', id, 'elsewhere'))).rejects.toMatchObject({ status: 400 });
  });

  test('a parallel fork waits for both tasks, in either order', async () => {
    const { definitions } = await ts.ctx.db.system((tx) => wf.deploy(ts.ctx, tx, { xml: PARALLEL_XML, category: 'flow_2', tenantIds: ['000000'] }));
    const { processInstanceId: id } = await asTenant(ts.ctx, a.applicant, (tx) =>
      wf.start(ts.ctx, tx, a.applicant, { processDefinitionId: definitions[0]!.id, businessKey: 'k', variables: { taskUser: `taskUser_${a.approver.userId}` } }),
    );
    const both = await tasks(id);
    expect(both.map((t) => t.taskDefinitionKey).sort()).toEqual(['first', 'second']);
    const second = both.find((t) => t.taskDefinitionKey === 'second')!;
    await asTenant(ts.ctx, a.hr, (tx) => wf.claim(ts.ctx, tx, a.hr, second.taskId));
    await asTenant(ts.ctx, a.hr, (tx) => wf.complete(ts.ctx, tx, a.hr, { taskId: second.taskId, pass: true, comment: '' }));
    expect((await tasks(id)).map((t) => t.taskDefinitionKey)).toEqual(['first']);
    expect((await summary(id))?.processIsFinished).toBe('unfinished');
    const first = both.find((t) => t.taskDefinitionKey === 'first')!;
    await asTenant(ts.ctx, a.approver, (tx) => wf.complete(ts.ctx, tx, a.approver, { taskId: first.taskId, pass: true, comment: '' }));
    expect(await tasks(id)).toEqual([]);
    expect((await summary(id))?.processIsFinished).toBe('finished');
    expect((await history(id)).filter((r) => r.activity_type === 'endEvent')).toHaveLength(1);
  });
});
