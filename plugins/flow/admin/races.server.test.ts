import { afterAll, beforeAll, describe, expect, test } from '@rstest/core';
import type { AuthUser } from '../../../core/sdk/server';
import { answersTogether, serverBackends, type TestServer } from '../../../core/sdk/server-testing';
import dictServer from '../../dict/server';
import { workflowService } from '../engine';
import flowServer from '../server';
import { deployed, refusal, simpleXml, startInstance, starterAndApprover } from './testing';

/**
 * The administration's changes fired at once, on PGlite and (where TEST_DATABASE_URL names one) on
 * PostgreSQL, where the locks and conditional updates are really put to the test.
 */
describe.each(serverBackends())('the administration’s changes at once on $name', (backend) => {
  let ts: TestServer;
  let admin: string;
  let starter: AuthUser;
  let approver: AuthUser;
  beforeAll(async () => {
    ts = await backend.start({ plugins: [dictServer, flowServer] });
    admin = (await ts.signIn('admin', 'admin')).access_token;
    ({ starter, approver } = await starterAndApprover(ts, '000000', 'race'));
  });
  afterAll(() => ts.close());

  const count = (table: string, where: string, params: unknown[]) => ts.ctx.db.system(async (tx) => Number((await tx.one<{ n: number }>(`select count(*)::int as n from ${table} where ${where}`, params))?.n));

  test('twenty identical state changes: one changes it, the others are told it already is', async () => {
    const { definitions } = await deployed(ts, simpleXml('race_state'), ['000000']);
    const processId = definitions[0]!.id;
    const answers = await answersTogether(20, () => ts.post('/api/blade-flow/manager/change-state', { token: admin, query: { state: 'suspend', processId } }));
    expect(answers.filter((r) => r.status === 200)).toHaveLength(1);
    for (const refused of answers.filter((r) => r.status !== 200)) expect(refusal(refused)).toBe(`流程定义「${processId}」已是挂起状态`);
  });

  test('five saves of one new model key: one model is made, the others are refused naming the key', async () => {
    const answers = await answersTogether(5, () => ts.post('/api/blade-flow/model/submit', { token: admin, json: { name: '并发', modelKey: 'race_model', modelEditorXml: simpleXml('race_model') } }));
    expect(answers.filter((r) => r.status === 200)).toHaveLength(1);
    for (const refused of answers.filter((r) => r.status !== 200)) expect(refusal(refused)).toBe('模型标识「race_model」已被其他模型使用');
    expect(await count('flow_model', `model_key = 'race_model' and is_deleted = 0`, [])).toBe(1);
  });

  test('an instance deleted five times at once: once, and its tasks cancelled once', async () => {
    const { definitions } = await deployed(ts, simpleXml('race_follow'), ['000000']);
    const instanceId = await startInstance(ts, definitions[0]!.id, starter, approver);
    const answers = await answersTogether(5, () => ts.post('/api/blade-flow/follow/delete-process-instance', { token: admin, query: { processInstanceId: instanceId, deleteReason: '重复' } }));
    expect(answers.filter((r) => r.status === 200)).toHaveLength(1);
    for (const refused of answers.filter((r) => r.status !== 200)) expect(refusal(refused)).toBe('流程实例不存在或已结束');
    expect(await count('flow_task', `instance_id = $1 and status = 'cancelled'`, [instanceId])).toBe(1);
  });

  test('a deployment deleted while its instance’s task is completed: either order, never an error of the database, nothing of it left', async () => {
    const { deploymentId, definitions } = await deployed(ts, simpleXml('race_delete'), ['000000']);
    const instanceId = await startInstance(ts, definitions[0]!.id, starter, approver);
    const [task] = await ts.ctx.db.tenant('000000', (tx) => workflowService.openTasks(ts.ctx, tx, '000000', instanceId));
    const [completed, removed] = await Promise.allSettled([
      ts.ctx.db.tenant('000000', (tx) => workflowService.complete(ts.ctx, tx, approver, { taskId: task!.taskId, pass: true, comment: '同意' })),
      ts.post('/api/blade-flow/manager/delete-deployment', { token: admin, query: { deploymentIds: deploymentId } }),
    ]);
    expect(removed).toMatchObject({ status: 'fulfilled', value: { status: 200 } });
    if (completed.status === 'rejected') expect(completed.reason).toMatchObject({ status: 400 });
    for (const table of ['flow_task', 'flow_activity']) expect(await count(table, 'instance_id = $1', [instanceId])).toBe(0);
    expect(await count('flow_instance', 'id = $1', [instanceId])).toBe(0);
  });
});
