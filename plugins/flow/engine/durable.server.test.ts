import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from '@rstest/core';
import { SEED, type ServerContext } from '../../../core/sdk/server';
import { fireTogether, openServer, scratchDatabase, serverBackends, silentLogger, type TestServer } from '../../../core/sdk/server-testing';
import dictServer from '../../dict/server';
import { workflowService as wf } from './service';
import { leaveActors, member, type LeaveActors } from './testing/actors';
import { engineOnlyServer } from './testing/engine-plugin';
import { LEAVE_PROCESS_XML } from './testing/leave-process';

/**
 * Nothing of a running instance lives in a server's memory: a server opened on the same data goes on
 * with it, and two requests (or two servers) completing or claiming the same task at once succeed once.
 */

const plugins = [dictServer, engineOnlyServer];
const TOKEN_SECRET = 'flow-engine-test-secret-flow-engine-test';
const applicant = member('000000', SEED.demoUserId, 'demo', ['user']);
const approver = member('000000', SEED.adminUserId, 'admin', ['administrator']);

async function deployLeave(ctx: ServerContext): Promise<string> {
  const { definitions } = await ctx.db.system((tx) => wf.deploy(ctx, tx, { xml: LEAVE_PROCESS_XML, category: 'flow_1', tenantIds: ['000000'] }));
  return definitions[0]!.id;
}

const startLeave = (ctx: ServerContext, definitionId: string, days: number) =>
  ctx.db.tenant('000000', (tx) => wf.start(ctx, tx, applicant, { processDefinitionId: definitionId, businessKey: `blade_process_leave:${days}`, variables: { taskUser: `taskUser_${approver.userId}`, days } }));
const openTasks = (ctx: ServerContext, instanceId: string) => ctx.db.tenant('000000', (tx) => wf.openTasks(ctx, tx, '000000', instanceId));
const approve = (ctx: ServerContext, taskId: string) => ctx.db.tenant('000000', (tx) => wf.complete(ctx, tx, approver, { taskId, pass: true, comment: '同意' }));

/** Rows an instance left: the approval's activity rows (ended or not) and the tasks waiting. */
const traces = (ctx: ServerContext, instanceId: string) =>
  ctx.db.system(async (tx) => ({
    approveRows: await tx.query<{ ended: boolean }>(`select end_time is not null as ended from flow_activity where instance_id = $1 and activity_id = 'approve'`, [instanceId]),
    waiting: await tx.query<{ activity_id: string }>(`select activity_id from flow_task where instance_id = $1 and status in ('claim', 'todo')`, [instanceId]),
    revision: (await tx.one<{ revision: number }>('select revision from flow_instance where id = $1', [instanceId]))!.revision,
  }));

describe('a server restarted in the middle of a process', () => {
  let dir: string;
  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'flow-restart-'));
  });
  afterAll(() => rm(dir, { recursive: true, force: true }));

  test('the next server on the same data completes the task and the process goes on', async () => {
    const first = await openServer({ dataDir: dir, tokenSecret: TOKEN_SECRET, distDir: null, log: silentLogger, plugins });
    let instanceId: string;
    try {
      const definitionId = await deployLeave(first.ctx);
      instanceId = (await startLeave(first.ctx, definitionId, 5)).processInstanceId;
    } finally {
      await first.close();
    }
    const second = await openServer({ dataDir: dir, tokenSecret: TOKEN_SECRET, distDir: null, log: silentLogger, plugins });
    try {
      const [task] = await openTasks(second.ctx, instanceId);
      expect(task?.taskDefinitionKey).toBe('approve');
      await approve(second.ctx, task!.taskId);
      // days (5) came back from the stored variables: the process goes on to hr.
      expect((await openTasks(second.ctx, instanceId)).map((t) => [t.taskDefinitionKey, t.candidateGroups])).toEqual([['hrApprove', ['hr']]]);
      expect(await traces(second.ctx, instanceId)).toEqual({ approveRows: [{ ended: true }], waiting: [{ activity_id: 'hrApprove' }], revision: 2 });
    } finally {
      await second.close();
    }
  });
});

const url = process.env.TEST_DATABASE_URL;

describe.skipIf(!url)('two servers on one PostgreSQL', () => {
  test('the same complete fired at both at once: one succeeds, one is refused, one step is written', async () => {
    const scratch = await scratchDatabase(url!);
    const a = await openServer({ databaseUrl: scratch.url, tokenSecret: TOKEN_SECRET, distDir: null, log: silentLogger, plugins });
    const b = await openServer({ databaseUrl: scratch.url, tokenSecret: TOKEN_SECRET, distDir: null, log: silentLogger, plugins });
    try {
      const definitionId = await deployLeave(a.ctx);
      for (let round = 0; round < 5; round++) {
        const { processInstanceId } = await startLeave(a.ctx, definitionId, 5);
        const [task] = await openTasks(b.ctx, processInstanceId);
        const results = await fireTogether(2, (i) => approve([a, b][i]!.ctx, task!.taskId));
        expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
        const refused = results.find((r) => r.status === 'rejected') as PromiseRejectedResult;
        expect(refused.reason).toMatchObject({ status: 400, text: { zh: '任务不存在或已被处理' } });
        expect(await traces(a.ctx, processInstanceId)).toEqual({ approveRows: [{ ended: true }], waiting: [{ activity_id: 'hrApprove' }], revision: 2 });
      }
    } finally {
      await a.close();
      await b.close();
      await scratch.drop();
    }
  });
});

describe.each(serverBackends())('twenty at once on $name', (backend) => {
  let ts: TestServer;
  let actors: LeaveActors;
  beforeAll(async () => {
    ts = await backend.start({ plugins });
    actors = await leaveActors(ts);
  });
  afterAll(() => ts.close());

  test('completing one task twenty times at once succeeds once', async () => {
    const { processInstanceId } = await ts.ctx.db.tenant('000000', (tx) =>
      wf.start(ts.ctx, tx, actors.applicant, { processDefinitionId: actors.definitionId, businessKey: 'k', variables: { taskUser: `taskUser_${actors.approver.userId}`, days: 5 } }),
    );
    const [task] = await openTasks(ts.ctx, processInstanceId);
    const results = await fireTogether(20, () => ts.ctx.db.tenant('000000', (tx) => wf.complete(ts.ctx, tx, actors.approver, { taskId: task!.taskId, pass: true, comment: '同意' })));
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
    for (const r of results) if (r.status === 'rejected') expect(r.reason).toMatchObject({ status: 400 });
    expect(await traces(ts.ctx, processInstanceId)).toEqual({ approveRows: [{ ended: true }], waiting: [{ activity_id: 'hrApprove' }], revision: 2 });

    const [hrTask] = await openTasks(ts.ctx, processInstanceId);
    const claims = await fireTogether(20, () => ts.ctx.db.tenant('000000', (tx) => wf.claim(ts.ctx, tx, actors.hr, hrTask!.taskId)));
    expect(claims.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
    for (const r of claims) if (r.status === 'rejected') expect(r.reason).toMatchObject({ status: 400, text: { en: 'The task does not exist or was handled already' } });
    const claimed = await ts.ctx.db.system((tx) => tx.query<{ assignee: string; status: string }>('select assignee::text, status from flow_task where id = $1', [hrTask!.taskId]));
    expect(claimed).toEqual([{ assignee: actors.hr.userId, status: 'todo' }]);
    expect(ts.logged).toEqual([]);
  });
});
