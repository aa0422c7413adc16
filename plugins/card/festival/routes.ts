import type { Hono } from 'hono';
import {
  type AppEnv,
  assertPermission,
  crudDataScope,
  crudRepo,
  currentMember,
  describeRoute,
  filterSql,
  page,
  parseListQuery,
  rData,
  type ServerContext,
  SqlParams,
} from '../../../core/sdk/server';
import { monthDayOf } from './dates';
import { festivalEntity } from './entity';
import { addFestivalViews } from './rules';

/**
 * `GET /festival/page`, the engine's list with one change: unless the caller sorts (`ascs` / `descs`) or
 * pages after a row (`afterId`), festivals come in the order they fall next, from today round the year
 * (a festival of today first, one of yesterday last), which is what someone preparing greetings looks
 * for. Filters, paging, the read permission and the data scope are the engine's; a caller who sorts, pages
 * after a row or skips the count gets the engine's page itself.
 */
export function festivalRoutes(api: Hono<AppEnv>, ctx: ServerContext): void {
  const repo = crudRepo(festivalEntity, ctx.ids);
  api.get(
    '/festival/page',
    describeRoute({
      summary: { zh: '节日分页（默认按下次日期排序）', en: 'Festivals, paged (by the next date they fall on unless sorted)' },
      description: { zh: '每行附带下次日期 nextDate、距今天数 daysUntil 与适用公司名称 companyNames。', en: 'Each row also has nextDate, daysUntil and companyNames.' },
      entity: festivalEntity,
      returns: 'page',
      filters: true,
    }),
    async (c) => {
      const me = currentMember(c);
      const query = c.req.query();
      const result = await ctx.db.tenant(me.tenantId, async (tx) => {
        await assertPermission(tx, me, festivalEntity.permission, { withButtons: true });
        const scope = await crudDataScope(ctx, tx, me, festivalEntity);
        const today = ctx.now();
        if (query.ascs || query.descs || query.afterId || query.searchCount === 'false') {
          const found = await repo.page(tx, me, query, { where: scope ? [scope] : [] });
          await addFestivalViews(tx, me.tenantId, found.records, today);
          return found;
        }
        const q = parseListQuery(festivalEntity, query);
        const p = new SqlParams();
        const conditions = [...repo.scope(me, p), ...q.filters.map((f) => `(${filterSql(f, p)})`), ...(scope ? [`(${scope(p)})`] : [])];
        const where = `where ${conditions.join(' and ')}`;
        const counted = await tx.one<{ total: number }>(`select count(*)::int as total from ${festivalEntity.table} ${where}`, p.values);
        const order = `(date < ${p.add(monthDayOf(today))}) asc, date asc, sort asc nulls last, id desc`;
        const rows = await tx.query(`select * from ${festivalEntity.table} ${where} order by ${order} limit ${p.add(q.size)} offset ${p.add(q.offset)}`, p.values);
        const records = rows.map(repo.toJson);
        await addFestivalViews(tx, me.tenantId, records, today);
        return page(records, counted?.total ?? 0, q.current, q.size);
      });
      return c.json(rData(result));
    },
  );
}
