import { afterAll, beforeAll, describe, expect, test } from '@rstest/core';
import { createTestServer, type TestServer } from '../../../core/sdk/server-testing';
import dictServer from '../../dict/server';
import { activityName } from './process-routes';
import { workflowService as wf } from './service';
import { asTenant, leaveActors, type LeaveActors } from './testing/actors';
import { engineOnlyServer } from './testing/engine-plugin';

/** history-flow-list, model-view and resource-view: what they answer, and to whom. */
describe('an instance as its participants read it', () => {
  let ts: TestServer;
  let a: LeaveActors;
  const tokens: Record<string, string> = {};
  let instanceId: string;
  beforeAll(async () => {
    ts = await createTestServer({ plugins: [dictServer, engineOnlyServer] });
    a = await leaveActors(ts);
    await signInAll();
    instanceId = (
      await asTenant(ts.ctx, a.applicant, (tx) =>
        wf.start(ts.ctx, tx, a.applicant, { processDefinitionId: a.definitionId, businessKey: 'blade_process_leave:1', variables: { taskUser: `taskUser_${a.approver.userId}`, days: 5 } }),
      )
    ).processInstanceId;
  });
  afterAll(() => ts.close());

  /** Tokens expire as the clock moves on: everyone signs in again after it does. */
  async function signInAll() {
    for (const account of ['applicant', 'approver', 'hr', 'other', 'admin']) tokens[account] = (await ts.signIn(account, account)).access_token;
  }

  const history = (token: string, lang = 'zh') => ts.get('/api/blade-flow/process/history-flow-list', { token, query: { processInstanceId: instanceId }, headers: { 'Accept-Language': lang } });
  const taskOf = async () => (await asTenant(ts.ctx, a.applicant, (tx) => wf.openTasks(ts.ctx, tx, '000000', instanceId)))[0]!;

  test('while it waits for the approver: the start done, the task open; the diagram highlights it', async () => {
    const res = await history(tokens.applicant!);
    expect(res.status).toBe(200);
    expect(res.body.data.map((f: { historyActivityId: string }) => f.historyActivityId)).toEqual(['start', 'approve']);
    expect(res.body.data[0]).toMatchObject({ historyActivityName: '开始', assignee: `taskUser_${a.applicant.userId}`, assigneeName: 'applicant-name', historyActivityDurationTime: '0秒' });
    expect(res.body.data[1]).toMatchObject({ assignee: `taskUser_${a.approver.userId}`, assigneeName: 'approver-name', endTime: '', historyActivityDurationTime: '', pass: false, taskId: expect.stringMatching(/^\d+$/), businessTable: '', variables: {} });
    const view = await ts.get('/api/blade-flow/process/model-view', { token: tokens.approver!, query: { processInstanceId: instanceId } });
    expect(view.body.data).toMatchObject({ current: ['approve'], xml: expect.stringContaining('id="TestLeave"') });
    expect(view.body.data.flow).toHaveLength(2);
  });

  test('after the approver and hr: durations in the caller language, comments and pass', async () => {
    ts.advance(3_723_000);
    await signInAll();
    const approval = await taskOf();
    await asTenant(ts.ctx, a.approver, (tx) => wf.complete(ts.ctx, tx, a.approver, { taskId: approval.taskId, pass: true, comment: '同意' }));
    // Waiting for a claim: those who may claim it may read the instance.
    expect((await history(tokens.hr!)).status).toBe(200);
    const hrTask = await taskOf();
    await asTenant(ts.ctx, a.hr, (tx) => wf.claim(ts.ctx, tx, a.hr, hrTask.taskId));
    ts.advance(90_061_000);
    await asTenant(ts.ctx, a.hr, (tx) => wf.complete(ts.ctx, tx, a.hr, { taskId: hrTask.taskId, pass: false, comment: '不同意' }));
    await signInAll();

    const zh = (await history(tokens.applicant!)).body.data;
    // The clock moved on by hand; the real seconds the test took may add one.
    expect(zh.map((f: { historyActivityId: string; historyActivityDurationTime: string; comment: string; pass: boolean }) => [f.historyActivityId, f.historyActivityDurationTime, f.comment, f.pass])).toEqual([
      ['start', '0秒', '', false],
      ['approve', expect.stringMatching(/^1小时2分[3-9]秒$/), '同意', true],
      ['hrApprove', expect.stringMatching(/^1天1小时1分[1-9]秒$/), '不同意', false],
      ['rejected', '0秒', '', false],
    ]);
    expect(zh[2]).toMatchObject({ assignee: `taskUser_${a.hr.userId}`, assigneeName: 'hr-name' });
    const en = (await history(tokens.applicant!, 'en')).body.data;
    expect(en[1].historyActivityDurationTime).toMatch(/^1h 2m [3-9]s$/);
    const view = await ts.get('/api/blade-flow/process/model-view', { token: tokens.hr!, query: { processInstanceId: instanceId } });
    expect(view.body.data.current).toEqual([]);
  });

  test('the diagram of the finished leave has every element passed, both gateways included, and the flows taken; the history keeps BladeX items', async () => {
    const view = (await ts.get('/api/blade-flow/process/model-view', { token: tokens.applicant!, query: { processInstanceId: instanceId } })).body.data;
    expect(view.flow.map((f: { historyActivityId: string; historyActivityType: string }) => [f.historyActivityId, f.historyActivityType])).toEqual([
      ['start', 'startEvent'],
      ['approve', 'userTask'],
      ['decide', 'exclusiveGateway'],
      ['hrApprove', 'userTask'],
      ['hrDecide', 'exclusiveGateway'],
      ['rejected', 'endEvent'],
    ]);
    // A gateway is the engine's: nobody's, no task, done at once.
    expect(view.flow[2]).toMatchObject({ historyActivityName: '审批结果', assignee: '', assigneeName: '', taskId: '', endTime: expect.stringMatching(/^\d{4}-/) });
    // hr rejected: the default flow out of hrDecide, never the approved one nor the approver's reject.
    expect(view.flows).toEqual(['rejected2', 'toApprove', 'toDecide', 'toHr', 'toHrDecide']);
    const items = (await history(tokens.applicant!)).body.data;
    expect(items.map((f: { historyActivityId: string }) => f.historyActivityId)).toEqual(['start', 'approve', 'hrApprove', 'rejected']);
    expect(items[0]).not.toHaveProperty('historyActivityType');
  });

  test('instance: the request in brief for its participants, in one call; others are told it does not exist', async () => {
    const read = (token: string | undefined, processInstanceId: string, lang = 'zh') =>
      ts.get('/api/blade-flow/process/instance', { token, query: { processInstanceId }, headers: { 'Accept-Language': lang } });
    const answer = await read(tokens.approver, instanceId);
    expect(answer.status).toBe(200);
    expect(answer.body.data).toMatchObject({
      processInstanceId: instanceId,
      processDefinitionId: a.definitionId,
      processDefinitionKey: 'TestLeave',
      processDefinitionName: '测试请假',
      processDefinitionVersion: 1,
      category: 'flow_1',
      categoryName: '请假流程',
      businessTable: 'blade_process_leave',
      businessId: '1',
      processIsFinished: 'finished',
      createTime: expect.stringMatching(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/),
      endTime: expect.stringMatching(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/),
      assignee: `taskUser_${a.applicant.userId}`,
      assigneeName: 'applicant-name',
      taskName: '',
      variables: { taskUser: `taskUser_${a.approver.userId}`, days: 5, createUser: 'applicant', pass: false },
    });
    for (const account of ['applicant', 'hr', 'admin']) expect((await read(tokens[account], instanceId)).body.data.processInstanceId).toBe(instanceId);

    const refused = await read(tokens.other, instanceId);
    expect([refused.status, refused.body.msg]).toEqual([400, '数据不存在']);
    const bad = await read(tokens.applicant, "1' or 1=1", 'en');
    expect(bad.status).toBe(400);
    expect(bad.body.msg).toMatch(/^[^\u4e00-\u9fff]*processInstanceId[^\u4e00-\u9fff]*$/);
    expect((await read(tokens.applicant, "1' or 1=1")).body.msg).toBe('请求参数格式错误: processInstanceId');
    expect((await read(undefined, instanceId)).status).toBe(401);
  });

  test('instance: a running one names the steps waiting now', async () => {
    const { processInstanceId } = await asTenant(ts.ctx, a.applicant, (tx) =>
      wf.start(ts.ctx, tx, a.applicant, { processDefinitionId: a.definitionId, businessKey: 'blade_process_leave:2', variables: { taskUser: `taskUser_${a.approver.userId}`, days: 2, title: '回家' } }),
    );
    const answer = (await ts.get('/api/blade-flow/process/instance', { token: tokens.applicant!, query: { processInstanceId } })).body.data;
    expect(answer).toMatchObject({ processIsFinished: 'unfinished', endTime: '', taskName: '审批人审批', businessId: '2', variables: { title: '回家', days: 2 } });
    const view = (await ts.get('/api/blade-flow/process/model-view', { token: tokens.applicant!, query: { processInstanceId } })).body.data;
    expect([view.current, view.flows]).toEqual([['approve'], ['toApprove']]);
  });

  test('a bystander is told it does not exist; the super administrator reads it', async () => {
    const refused = await history(tokens.other!);
    expect([refused.status, refused.body.msg]).toEqual([400, '数据不存在']);
    const view = await ts.get('/api/blade-flow/process/model-view', { token: tokens.other!, query: { processInstanceId: instanceId } });
    expect(view.status).toBe(400);
    expect((await history(tokens.admin!)).body.data).toHaveLength(4);
    const bad = await ts.get('/api/blade-flow/process/history-flow-list', { token: tokens.applicant!, query: { processInstanceId: "1' or 1=1" } });
    expect(bad.status).toBe(400);
    expect((await ts.get('/api/blade-flow/process/history-flow-list', { query: { processInstanceId: instanceId } })).status).toBe(401);
  });

  test('resource-view downloads the XML; an image is refused in the caller language', async () => {
    const res = await ts.call('GET', '/api/blade-flow/process/resource-view', { token: tokens.other!, query: { processDefinitionId: a.definitionId, resourceType: 'xml' } });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-disposition')).toContain('TestLeave.bpmn20.xml');
    expect(String(res.body)).toContain('<process id="TestLeave"');
    const image = await ts.get('/api/blade-flow/process/resource-view', { token: tokens.other!, query: { processDefinitionId: a.definitionId, resourceType: 'image' }, headers: { 'Accept-Language': 'en' } });
    expect([image.status, image.body.msg]).toEqual([400, 'Diagrams are drawn in the browser: ask for the XML (resourceType=xml)']);
    const zh = await ts.get('/api/blade-flow/process/resource-view', { token: tokens.other!, query: { processDefinitionId: a.definitionId, resourceType: 'image' } });
    expect(zh.body.msg).toBe('流程图由浏览器绘制，请使用 XML');
    const definitionView = await ts.get('/api/blade-flow/process/model-view', { token: tokens.other!, query: { processDefinitionId: a.definitionId } });
    expect(definitionView.body.data).toMatchObject({ flow: [], current: [], xml: expect.stringContaining('TestLeave') });
    const elsewhere = await ts.get('/api/blade-flow/process/model-view', { token: tokens.other!, query: { processDefinitionId: 'Nope:1:1' } });
    expect(elsewhere.status).toBe(400);
    expect(ts.logged).toEqual([]);
  });
});

describe('the names of history steps', () => {
  test('an unnamed start or end event is called 开始 / 结束 (Start / End), not by its generated id; named steps keep their names', () => {
    expect(activityName({ activity_id: 'Event_1bs2qnr', activity_name: 'Event_1bs2qnr', activity_type: 'endEvent' }, 'zh')).toBe('结束');
    expect(activityName({ activity_id: 'StartEvent_1', activity_name: '', activity_type: 'startEvent' }, 'en')).toBe('Start');
    expect(activityName({ activity_id: 'approved', activity_name: '同意', activity_type: 'endEvent' }, 'en')).toBe('同意');
    expect(activityName({ activity_id: 'Activity_0x', activity_name: 'Activity_0x', activity_type: 'userTask' }, 'zh')).toBe('Activity_0x');
  });
});
