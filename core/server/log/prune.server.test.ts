import { afterAll, beforeAll, expect, test } from '@rstest/core';
import { defineServerPlugin } from '../plugin';
import { createTestServer, type TestServer } from '../test-server';
import { LOG_TABLES, pruneLogs, pruneLogsJob } from './prune';

/** Retention: each tenant's rows older than its `log.retentionDays` go, in bounded batches; the rest stays. */
const retention = new Map<string, string>();
const parametersPlugin = defineServerPlugin({
  manifest: { id: 'retention', name: { zh: '保留期', en: 'Retention' } },
  provides: { parameters: async (_tx, tenantId) => new Map(retention.has(tenantId) ? [['log.retentionDays', retention.get(tenantId)!]] : []) },
});

let ts: TestServer;
beforeAll(async () => {
  ts = await createTestServer({ plugins: [parametersPlugin] });
});
afterAll(() => ts.close());

const DAY = 86_400_000;

/** A row `days` old in `table` of `tenantId`, marked so the test finds its own. */
async function rowAged(table: string, tenantId: string, days: number, mark: string, userId: string | null = '1') {
  const createdAt = new Date(ts.ctx.now().getTime() - days * DAY);
  await ts.ctx.db.system((tx) => tx.query(`insert into ${table} (id, tenant_id, request_id, user_id, create_time) values ($1, $2, $3, $4, $5)`, [ts.ctx.ids.next(), tenantId, mark, userId, createdAt]));
}

const left = () =>
  ts.ctx.db.system((tx) =>
    tx.query<{ t: string; tenant_id: string; request_id: string }>(
      LOG_TABLES.map((t) => `select '${t}' as t, tenant_id, request_id from ${t} where request_id like 'prune-%'`).join(' union all ') + ' order by 1, 2, 3',
    ),
  );

test("each tenant's own retention: older rows deleted in bounded batches, younger kept, other tenants untouched", async () => {
  retention.set('100001', '7');
  for (const table of LOG_TABLES) {
    await rowAged(table, '000000', 100, 'prune-000000-old');
    await rowAged(table, '000000', 30, 'prune-000000-young'); // past 100001's 7 days, within 000000's default 90
    await rowAged(table, '100001', 6, 'prune-100001-young');
    for (let i = 0; i < 7; i++) await rowAged(table, '100001', 8 + i, `prune-100001-old`);
  }
  // A guest's uploaded browser error (no user) in 000000 follows 000000's rule.
  await rowAged('blade_log_error', '000000', 91, 'prune-guest-old', null);

  const deleted = await pruneLogs(ts.ctx, 3);
  expect(deleted).toEqual({ blade_log_api: 8, blade_log_error: 9, blade_log_usual: 8 });
  expect(await left()).toEqual(
    LOG_TABLES.flatMap((t) => [
      { t, tenant_id: '000000', request_id: 'prune-000000-young' },
      { t, tenant_id: '100001', request_id: 'prune-100001-young' },
    ]),
  );

  // A run with nothing to do deletes nothing; the job runs the same pruning.
  expect(await pruneLogs(ts.ctx, 3)).toEqual({ blade_log_api: 0, blade_log_error: 0, blade_log_usual: 0 });
  retention.set('000000', '10');
  await pruneLogsJob.run(ts.ctx);
  expect((await left()).map((r) => r.tenant_id)).toEqual(['100001', '100001', '100001']);
});
