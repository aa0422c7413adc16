import { afterAll, beforeAll, describe, expect, test } from '@rstest/core';
import { answersTogether, serverBackends, type TestServer } from '../../../core/sdk/server-testing';
import dictServer from '../../dict/server';
import type { BladeFlow } from '../../../core/sdk/shared';
import { workflowService } from '../engine';
import { workOnlyServer } from './test-rows';

/**
 * The moves on a task over HTTP, on the real engine: the general form's start, claim (from everyone's
 * claim list to the claimer's to-do list), approve and reject with BladeX's pass rule, each fired twenty
 * times at once (one succeeds), on every database backend; and every bad body refused in both languages.
 */
const WORK = '/api/blade-flow/work';
const T = '300011';
const U = '300012';

/** Two steps: someone of the role `approver` claims the first; the chosen approver (`${taskUser}`) does the second. */
const TWO_STEP_XML = `<?xml version="1.0" encoding="UTF-8"?>
<definitions xmlns="http://www.omg.org/spec/BPMN/20100524/MODEL" xmlns:camunda="http://camunda.org/schema/1.0/bpmn" targetNamespace="http://bladex.vip/test">
  <process id="WorkTwoStep" name="Two-step request" isExecutable="true">
    <startEvent id="start" />
    <sequenceFlow id="f1" sourceRef="start" targetRef="first" />
    <userTask id="first" name="部门审批" camunda:candidateGroups="approver" />
    <sequenceFlow id="f2" sourceRef="first" targetRef="decide" />
    <exclusiveGateway id="decide" default="no" />
    <sequenceFlow id="yes" sourceRef="decide" targetRef="second"><conditionExpression>\${pass}</conditionExpression></sequenceFlow>
    <sequenceFlow id="no" sourceRef="decide" targetRef="rejected" />
    <userTask id="second" name="经理审批" camunda:assignee="\${taskUser}" />
    <sequenceFlow id="f3" sourceRef="second" targetRef="done" />
    <endEvent id="done" />
    <endEvent id="rejected" />
  </process>
</definitions>`;

for (const backend of serverBackends()) {
  describe(`work moves on ${backend.name}`, () => {
    let ts: TestServer;
    let definitionId = '';
    const token = { alice: '', bob: '', carol: '', dave: '' };
    const userId = { alice: '', bob: '', carol: '', dave: '' };
    const en = { 'Accept-Language': 'en' };

    const start = (json: unknown, who = token.carol, headers?: Record<string, string>) => ts.post(`${WORK}/start-process`, { token: who, json, headers });
    const claim = (taskId: string, who: string, headers?: Record<string, string>) => ts.post(`${WORK}/claim-task`, { token: who, query: { taskId }, headers });
    const complete = (json: unknown, who: string, headers?: Record<string, string>) => ts.post(`${WORK}/complete-task`, { token: who, json, headers });
    const records = async (path: string, who: string): Promise<BladeFlow[]> => {
      const res = await ts.get(`${WORK}/${path}`, { token: who, query: { size: '100' } });
      if (res.status !== 200) throw new Error(`${path}: ${res.status} ${JSON.stringify(res.body)}`);
      return res.body.data.records;
    };
    /** Starts a request for alice as the second approver and answers its instance and its first task. */
    const started = async (title = '采购申请') => {
      const res = await start({ processDefinitionId: definitionId, title, reason: '办公用品', taskUser: `taskUser_${userId.alice}` });
      expect(res.body).toMatchObject({ success: true });
      const { processInstanceId, businessId } = res.body.data as { processInstanceId: string; businessId: string };
      const first = (await records('claim-list', token.bob)).find((r) => r.processInstanceId === processInstanceId);
      return { processInstanceId, businessId, taskId: first!.taskId };
    };

    beforeAll(async () => {
      ts = await backend.start({ plugins: [dictServer, workOnlyServer] });
      await ts.addTenant(T, '事务租户');
      await ts.addTenant(U, '另一租户');
      const approver = await ts.addRole({ tenantId: T, alias: 'approver', codes: [] });
      const plain = await ts.addRole({ tenantId: T, alias: 'plain', codes: [] });
      const approverU = await ts.addRole({ tenantId: U, alias: 'approver', codes: [] });
      userId.alice = await ts.addUser({ tenantId: T, account: 'alice', password: 'alice', roleId: approver, realName: '爱丽丝' });
      userId.bob = await ts.addUser({ tenantId: T, account: 'bob', password: 'bob', roleId: approver, realName: '鲍勃' });
      userId.carol = await ts.addUser({ tenantId: T, account: 'carol', password: 'carol', roleId: plain, realName: '卡罗尔' });
      userId.dave = await ts.addUser({ tenantId: U, account: 'dave', password: 'dave', roleId: approverU });
      for (const [name, tenant] of [['alice', T], ['bob', T], ['carol', T], ['dave', U]] as const) token[name] = (await ts.signIn(name, name, tenant)).access_token;
      const deploy = (tenantId: string) => ts.ctx.db.system((tx) => workflowService.deploy(ts.ctx, tx, { xml: TWO_STEP_XML, category: 'flow_2', tenantIds: [tenantId] }));
      definitionId = (await deploy(T)).definitions[0]!.id;
      await deploy(U);
    });
    afterAll(() => ts?.close());

    test('the general start keeps title, reason and approver as variables, under a flow_general business key', async () => {
      const { processInstanceId, businessId } = await started('报销');
      const sent = (await records('send-list', token.carol)).find((r) => r.processInstanceId === processInstanceId);
      expect(sent).toMatchObject({
        processDefinitionId: definitionId,
        businessTable: 'flow_general',
        businessId,
        processIsFinished: 'unfinished',
        taskName: '部门审批',
        categoryName: '通用审批',
        variables: { title: '报销', reason: '办公用品', taskUser: `taskUser_${userId.alice}`, createUser: 'carol' },
      });
      expect((await records('send-list', token.alice)).map((r) => r.processInstanceId)).not.toContain(processInstanceId);
    });

    test('claiming moves the task from every candidate’s claim list to the claimer’s to-do list', async () => {
      const { taskId } = await started();
      expect((await records('claim-list', token.alice)).map((r) => r.taskId)).toContain(taskId);
      expect((await records('claim-list', token.carol)).map((r) => r.taskId)).not.toContain(taskId);
      expect((await records('claim-list', token.dave)).map((r) => r.taskId)).not.toContain(taskId);
      const refused = await claim(taskId, token.carol);
      expect(refused.status).toBe(400);
      expect(refused.body.msg).toBe('任务不存在或已被处理');
      expect((await claim(taskId, token.dave, en)).body.msg).toBe('The task does not exist or was handled already');

      const res = await claim(taskId, token.bob);
      expect(res.body).toMatchObject({ success: true, msg: '签收事务成功' });
      const todo = (await records('todo-list', token.bob)).find((r) => r.taskId === taskId);
      expect(todo).toMatchObject({ status: 'todo', assignee: `taskUser_${userId.bob}`, assigneeName: '鲍勃' });
      expect(todo?.claimTime).toMatch(/^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d$/);
      expect((await records('claim-list', token.bob)).map((r) => r.taskId)).not.toContain(taskId);
      expect((await records('claim-list', token.alice)).map((r) => r.taskId)).not.toContain(taskId);
      expect((await records('todo-list', token.alice)).map((r) => r.taskId)).not.toContain(taskId);
      expect((await claim(taskId, token.alice, en)).body.msg).toBe('The task does not exist or was handled already');
    });

    test('twenty claims of one task at once: exactly one succeeds', async () => {
      const { taskId } = await started();
      const answers = await answersTogether(20, (i) => claim(taskId, i % 2 ? token.alice : token.bob));
      expect(answers.filter((a) => a.status === 200)).toHaveLength(1);
      expect(answers.filter((a) => a.status === 400 && a.body.msg === '任务不存在或已被处理')).toHaveLength(19);
      const assignees = await ts.ctx.db.system((tx) => tx.query<{ assignee: string }>(`select assignee::text as assignee from flow_task where id = $1`, [taskId]));
      expect(assignees).toHaveLength(1);
      expect([userId.alice, userId.bob]).toContain(assignees[0]!.assignee);
    });

    test('approve with flag ok: 同意, pass, and the chosen approver’s task; reject without a comment: 驳回, and the process ends', async () => {
      const { processInstanceId, taskId } = await started();
      await claim(taskId, token.bob);
      expect((await complete({ taskId, processInstanceId, flag: 'ok' }, token.bob)).body).toMatchObject({ success: true });
      const done = (await records('done-list', token.bob)).find((r) => r.taskId === taskId);
      expect(done).toMatchObject({ status: 'finish', comment: '同意', pass: true, flag: 'ok', processIsFinished: 'unfinished' });
      const second = (await records('todo-list', token.alice)).find((r) => r.processInstanceId === processInstanceId);
      expect(second).toMatchObject({ taskName: '经理审批', assignee: `taskUser_${userId.alice}` });

      // BladeX would record 同意 for an empty comment even here, which would approve it.
      expect((await complete({ taskId: second!.taskId, comment: '' }, token.alice)).body.success).toBe(true);
      const rejected = (await records('done-list', token.alice)).find((r) => r.taskId === second!.taskId);
      expect(rejected).toMatchObject({ comment: '驳回', pass: false, flag: '', processIsFinished: 'finished' });
      const sent = (await records('send-list', token.carol)).find((r) => r.processInstanceId === processInstanceId);
      expect(sent).toMatchObject({ processIsFinished: 'finished', taskId: '' });
      expect(sent?.endTime).not.toBe('');
      const variables = await ts.ctx.db.system((tx) => tx.one<{ pass: boolean }>(`select (variables->>'pass')::boolean as pass from flow_instance where id = $1`, [processInstanceId]));
      expect(variables?.pass).toBe(false);
    });

    test('a comment 同意 without the flag approves (BladeX’s rule); extra variables reach the instance', async () => {
      const { processInstanceId, taskId } = await started();
      await claim(taskId, token.alice);
      expect((await complete({ taskId, comment: '同意', variables: { amount: 120, urgent: true, note: '尽快' } }, token.alice)).body.success).toBe(true);
      const row = await ts.ctx.db.system((tx) => tx.one<{ variables: Record<string, unknown> }>(`select variables from flow_instance where id = $1`, [processInstanceId]));
      expect(row?.variables).toMatchObject({ amount: 120, urgent: true, note: '尽快', pass: true });
    });

    test('twenty completions of one task at once: exactly one succeeds, and the next step is made once', async () => {
      const { processInstanceId, taskId } = await started();
      await claim(taskId, token.bob);
      const answers = await answersTogether(20, () => complete({ taskId, flag: 'ok' }, token.bob));
      expect(answers.filter((a) => a.status === 200)).toHaveLength(1);
      expect(answers.filter((a) => a.status === 400 && a.body.msg === '任务不存在或已被处理')).toHaveLength(19);
      const next = await ts.ctx.db.system((tx) => tx.query<{ name: string }>(`select name from flow_task where instance_id = $1 and status in ('claim', 'todo')`, [processInstanceId]));
      expect(next).toEqual([{ name: '经理审批' }]);
    });

    test('completing another’s task, an unclaimed one, or naming another instance is refused', async () => {
      const { taskId } = await started();
      const other = await started();
      expect((await complete({ taskId, flag: 'ok' }, token.bob)).body.msg).toBe('任务不存在或已被处理'); // not claimed yet
      await claim(taskId, token.bob);
      expect((await complete({ taskId, flag: 'ok' }, token.alice)).body.msg).toBe('任务不存在或已被处理');
      expect((await complete({ taskId, flag: 'ok' }, token.dave)).body.msg).toBe('任务不存在或已被处理');
      const wrong = await complete({ taskId, processInstanceId: other.processInstanceId, flag: 'ok' }, token.bob, en);
      expect(wrong.status).toBe(400);
      expect(wrong.body.msg).toBe('The task does not belong to that process instance');
      expect((await records('todo-list', token.bob)).map((r) => r.taskId)).toContain(taskId);
    });

    const badCompletions: [string, unknown, string, string][] = [
      ['no task id', { flag: 'ok' }, '缺少必要的请求参数: taskId', 'Missing required parameter: taskId'],
      ['a task id that is no number', { taskId: 'abc' }, '任务主键格式错误', 'The task id is not valid'],
      ['a comment of 501 characters', { taskId: '1', comment: 'x'.repeat(501) }, 'comment: 长度不能超过500个字符', 'comment: at most 500 characters'],
      ['pass among the variables', { taskId: '1', variables: { pass: true } }, '变量 pass 由流程引擎设置，不能提交', 'The variable pass is set by the engine and cannot be sent'],
      ['taskUser among the variables', { taskUser: 'x', taskId: '1', variables: { taskUser: 'taskUser_1' } }, '变量 taskUser 由流程引擎设置', 'The variable taskUser is set by the engine'],
      ['21 variables', { taskId: '1', variables: Object.fromEntries(Array.from({ length: 21 }, (_, i) => [`v${i}`, i])) }, '变量最多 20 个', 'At most 20 variables'],
      ['a variable name starting with a digit', { taskId: '1', variables: { '1st': 1 } }, '变量名 1st 不合法', 'The variable name 1st is not valid'],
      ['an object as a value', { taskId: '1', variables: { nested: { a: 1 } } }, '变量 nested 的值只能是文本、数字或布尔值', 'The variable nested is text, a number or a boolean'],
      ['variables as a list', { taskId: '1', variables: [1, 2] }, '请求参数格式错误: variables', 'Malformed parameter: variables'],
    ];
    test.each(badCompletions)('complete-task with %s → 400 in Chinese and English', async (_name, body, zh, en) => {
      const chinese = await complete(body, token.alice);
      expect(chinese.status).toBe(400);
      expect(chinese.body.msg).toContain(zh);
      const english = await complete(body, token.alice, { 'Accept-Language': 'en' });
      expect(english.status).toBe(400);
      expect(english.body.msg).toContain(en);
    });

    test('bad starts are refused in the caller’s language; nothing is started', async () => {
      const before = await ts.ctx.db.system((tx) => tx.one<{ n: number }>(`select count(*)::int as n from flow_instance`));
      const cases: [unknown, string, string][] = [
        [{ processDefinitionId: definitionId }, '缺少必要的请求参数: title', 'Missing required parameter: title'],
        [{ processDefinitionId: definitionId, title: '   ' }, '缺少必要的请求参数: title', 'Missing required parameter: title'],
        [{ processDefinitionId: definitionId, title: 'x'.repeat(101) }, 'title: 长度不能超过100个字符', 'title: at most 100 characters'],
        [{ processDefinitionId: definitionId, title: 't', reason: 'x'.repeat(501) }, 'reason: 长度不能超过500个字符', 'reason: at most 500 characters'],
        [{ processDefinitionId: definitionId, title: 't', taskUser: 'alice' }, '审批人格式错误', 'The approver is a user id or taskUser_<id>'],
        [{ processDefinitionId: definitionId, title: 't', taskUser: `taskUser_${userId.dave}` }, '审批人不存在', 'No such approver'],
        [{ title: 't' }, '缺少必要的请求参数: processDefinitionId', 'Missing required parameter: processDefinitionId'],
      ];
      for (const [body, zh, en] of cases) {
        const chinese = await start(body);
        expect(chinese.status).toBe(400);
        expect(chinese.body.msg).toContain(zh);
        expect((await start(body, token.carol, { 'Accept-Language': 'en' })).body.msg).toContain(en);
      }
      const unknown = await start({ processDefinitionId: 'Nope:1:1', title: 't' });
      expect(unknown.status).toBe(400);
      const broken = await ts.post(`${WORK}/start-process`, { token: token.carol, body: '{', headers: { 'content-type': 'application/json' } });
      expect(broken.status).toBe(400);
      const after = await ts.ctx.db.system((tx) => tx.one<{ n: number }>(`select count(*)::int as n from flow_instance`));
      expect(after?.n).toBe(before?.n);
    });

    test('another tenant’s definition cannot be started', async () => {
      const res = await start({ processDefinitionId: definitionId, title: 't' }, token.dave);
      expect(res.status).toBe(400);
      const started = await ts.ctx.db.system((tx) => tx.one<{ n: number }>(`select count(*)::int as n from flow_instance where tenant_id = $1`, [U]));
      expect(started?.n).toBe(0);
    });
  });
}
