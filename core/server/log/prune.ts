import type { ServerContext } from '../context';
import type { Job } from '../jobs';
import { readParameters } from '../parameters';

/**
 * Retention: each tenant's log rows older than its `log.retentionDays` (default 90) are deleted, a
 * bounded batch a statement, each in its own short transaction, so a table left to grow for years is
 * emptied bit by bit instead of locked for one long delete. Guests' uploaded browser errors are tenant
 * 000000's rows and follow its rule. Every instance runs the job; two deleting at once only share the work.
 */
export const LOG_TABLES = ['blade_log_api', 'blade_log_error', 'blade_log_usual'] as const;

export const PRUNE_BATCH = 5000;

const DAY_MS = 86_400_000;

/** Deletes what is past each tenant's retention; returns the rows deleted per table. */
export async function pruneLogs(ctx: Pick<ServerContext, 'db' | 'extensions' | 'now'>, batch = PRUNE_BATCH): Promise<Record<string, number>> {
  // Every tenant, deleted ones included (their rows age out too): a directory listing, cross-tenant by nature.
  const tenants = await ctx.db.system((tx) => tx.query<{ tenant_id: string }>('select distinct tenant_id from blade_tenant order by tenant_id'));
  const deleted: Record<string, number> = Object.fromEntries(LOG_TABLES.map((t) => [t, 0]));
  for (const { tenant_id: tenantId } of tenants) {
    const { logRetentionDays } = await ctx.db.tenant(tenantId, (tx) => readParameters(ctx.extensions, tx, tenantId, ['logRetentionDays']));
    const before = new Date(ctx.now().getTime() - logRetentionDays * DAY_MS);
    for (const table of LOG_TABLES) {
      for (;;) {
        const row = await ctx.db.tenant(tenantId, (tx) =>
          tx.one<{ n: number }>(
            `with gone as (
               delete from ${table} where id in (select id from ${table} where tenant_id = $1 and create_time < $2 limit ${batch}) returning 1
             ) select count(*)::int as n from gone`,
            [tenantId, before],
          ),
        );
        const n = row?.n ?? 0;
        deleted[table]! += n;
        if (n < batch) break;
      }
    }
  }
  return deleted;
}

/** Hourly: retention is counted in days, and the first run after a start comes an hour later. */
export const pruneLogsJob: Job = {
  name: 'log-prune',
  everyMs: 3_600_000,
  run: async (ctx) => {
    await pruneLogs(ctx);
  },
};
