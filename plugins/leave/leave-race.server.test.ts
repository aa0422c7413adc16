import { afterAll, beforeAll, describe, expect, test } from '@rstest/core';
import { SEED } from '../../core/sdk/server';
import { fireTogether, serverBackends, type TestServer } from '../../core/sdk/server-testing';
import dictServer from '../dict/server';
import flowServer from '../flow/server';
import leaveServer from './server';

/**
 * Starts fired at once, on PGlite and on PostgreSQL: each is a whole request (its row, its instance, its
 * task), never a row without an instance or two rows on one instance; and a refused start among them
 * leaves nothing behind.
 */
describe.each(serverBackends())('leave starts at once on $name', (backend) => {
  let ts: TestServer;
  let demo: string;
  let definition: string;

  const rows = () =>
    ts.ctx.db.system((tx) =>
      tx.query<{ id: string; process_instance_id: string | null }>(
        `select id::text as id, process_instance_id from blade_process_leave where create_user = $1 and reason like '并发%' order by id`,
        [SEED.demoUserId],
      ),
    );

  beforeAll(async () => {
    ts = await backend.start({ plugins: [dictServer, flowServer, leaveServer] });
    demo = (await ts.signIn('demo', 'demo')).access_token;
    const list = await ts.get('/api/blade-flow/work/start-list', { token: demo, query: { size: '100' } });
    definition = (list.body.data.records as { id: string; key: string }[]).find((p) => p.key === 'Leave')!.id;
  }, 180_000);
  afterAll(async () => {
    await ts?.close();
  });

  test('ten identical starts at once make ten requests, each with its own waiting instance; refused ones among them leave nothing', async () => {
    const body = { processDefinitionId: definition, taskUser: SEED.adminUserId, startTime: '2031-06-01 09:00:00', endTime: '2031-06-03 09:00:00', reason: '并发的请假' };
    const settled = await fireTogether(12, (i) =>
      ts.post('/api/blade-desk/process/leave/start-process', { token: demo, json: i < 10 ? body : { ...body, taskUser: '123456789' } }),
    );
    const answers = settled.map((s) => {
      if (s.status === 'rejected') throw s.reason;
      return s.value;
    });
    expect(answers.filter((a) => a.status === 200 && a.body.success === true)).toHaveLength(10);
    expect(answers.filter((a) => a.status === 400).map((a) => a.body.msg)).toEqual(['审批人不存在', '审批人不存在']);

    const made = await rows();
    expect(made).toHaveLength(10);
    expect(made.every((r) => /^\d+$/.test(r.process_instance_id ?? ''))).toBe(true);
    expect(new Set(made.map((r) => r.process_instance_id)).size).toBe(10);
    for (const row of made) {
      const detail = await ts.get('/api/blade-desk/process/leave/detail', { token: demo, query: { businessId: row.id } });
      expect(detail.body.data.flow).toMatchObject({ processIsFinished: 'unfinished', taskName: '审批人审批' });
    }
  });
});
