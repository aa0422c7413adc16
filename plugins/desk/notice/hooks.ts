import { formatDateTime, type CrudHooks, type ServerContext } from '../../../core/sdk/server';
import { categoryName, categoryNames } from './categories';

/**
 * The engine's notice endpoints, completed: a notice saved without a release time is released when saved;
 * rows go out with BladeX's `categoryName` (in the caller's language) and the number of the tenant's
 * members who have read them (one grouped count per page, from the read marks' primary key).
 */
export function noticeHooks(ctx: ServerContext): CrudHooks {
  return {
    beforeChange({ mode, values }) {
      // An edit that leaves the field out keeps the stored time; one that clears it releases the notice now.
      const cleared = values.releaseTime === null || values.releaseTime === undefined || values.releaseTime === '';
      if (cleared && (mode === 'add' || 'releaseTime' in values)) values.releaseTime = formatDateTime(ctx.now());
    },
    async afterRead({ tx, user, rows }) {
      if (rows.length === 0) return;
      const names = await categoryNames(tx, ctx);
      const ids = rows.map((row) => String(row.id));
      const counts = await tx.query<{ notice_id: string; readers: number }>(
        `select notice_id::text as notice_id, count(*)::int as readers from blade_notice_read
          where tenant_id = $1 and notice_id = any($2::bigint[]) group by notice_id`,
        [user.tenantId, ids],
      );
      const readers = new Map(counts.map((c) => [c.notice_id, Number(c.readers)]));
      for (const row of rows) {
        row.categoryName = categoryName(names, row.category);
        row.readCount = readers.get(String(row.id)) ?? 0;
      }
    },
  };
}
