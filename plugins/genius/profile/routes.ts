import type { Hono } from 'hono';
import { z } from 'zod';
import { type AppEnv, currentMember, describeRoute, docText, parseInput, rData, type ServerContext } from '../../../core/sdk/server';
import { GENIUS_CHOICES_URL, geniusEntity, GENIUS_STATUS_OPTIONS } from './entity';

const MAX_CHOICES = 1000;

const choiceQuery = z.object({
  status: z
    .enum(GENIUS_STATUS_OPTIONS.map((o) => String(o.value)) as [string, ...string[]])
    .optional()
    .describe(docText({ zh: '只列此状态的达人（1 上架，2 下架）', en: 'Only geniuses of this status (1 listed, 2 unlisted)' })),
});

const geniusChoice = z.object({
  id: z.string().describe(docText({ zh: '达人主键', en: 'Genius id' })),
  name: z.string(),
  servicePrice: z.number().int().describe(docText({ zh: '服务价格（分）', en: 'Service price (fen)' })),
  status: z.number().int(),
  avatar: z.string(),
});

/**
 * `GET /api/genius/select`: the choices of the order and article forms, names and prices only, for any
 * member of the tenant (an order's form needs them whoever fills it in).
 */
export function geniusRoutes(api: Hono<AppEnv>, ctx: ServerContext): void {
  api.get(
    GENIUS_CHOICES_URL.replace(/^\/api/, ''),
    describeRoute({
      summary: { zh: '达人选项（名称与服务价格，任何成员）', en: 'Genius choices (names and service prices; any member)' },
      description: { zh: '按排序与名称；status=1 只列上架的达人（预约订单时）。', en: 'By order and name; status=1 lists only listed geniuses (to book an order).' },
      query: choiceQuery,
      data: z.array(geniusChoice),
    }),
    async (c) => {
      const me = currentMember(c);
      const { status } = parseInput(choiceQuery, c.req.query());
      const rows = await ctx.db.tenant(me.tenantId, (tx) =>
        tx.query<{ id: string; name: string | null; service_price: string | number | null; status: number | null; avatar: string | null }>(
          `select id::text as id, name, service_price, status, avatar from ${geniusEntity.table}
            where tenant_id = $1 and is_deleted = 0 and ($2::int is null or status = $2::int)
            order by sort asc nulls last, name, id limit ${MAX_CHOICES}`,
          [me.tenantId, status === undefined ? null : Number(status)],
        ),
      );
      return c.json(rData(rows.map((r) => ({ id: r.id, name: r.name ?? '', servicePrice: Number(r.service_price ?? 0), status: Number(r.status ?? 0), avatar: r.avatar ?? '' }))));
    },
  );
}
