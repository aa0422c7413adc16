import type { Hono } from 'hono';
import { z } from 'zod';
import { type AppEnv, currentMember, describeRoute, docText, formatDateTime, rData, requirePermission, type ServerContext } from '../../../core/sdk/server';
import { orderEntity } from './entity';

/**
 * `GET /api/mall/order/summary`, the home card's figures: orders made today and yesterday, and the
 * takings of each day, the sum paid by the orders whose payment fell on it (fen), days being the
 * server's. Each figure is a range of an index the list already has (create time, pay time).
 */

const dayFigures = z.object({
  orders: z.number().int().describe(docText({ zh: '当天新建的订单数', en: 'Orders made that day' })),
  takings: z.number().int().describe(docText({ zh: '当天支付的订单的实付金额之和（分）', en: 'What the orders paid that day paid, in fen' })),
});
export const orderSummary = z.object({ today: dayFigures, yesterday: dayFigures });
export type OrderSummary = z.infer<typeof orderSummary>;

/** Midnight of the server's day `offset` days from `at`. */
const midnight = (at: Date, offset: number) => new Date(at.getFullYear(), at.getMonth(), at.getDate() + offset);

export function orderSummaryRoutes(api: Hono<AppEnv>, ctx: ServerContext): void {
  api.get(
    '/mall/order/summary',
    describeRoute({
      summary: { zh: '今日与昨日的订单数和成交额', en: 'Orders and takings, today and yesterday' },
      description: { zh: '按服务器所在时区的自然日统计；成交额按支付时间计入，单位为分。', en: "By the server's calendar days; takings count by the time of payment, in fen." },
      data: orderSummary,
    }),
    requirePermission(ctx, `${orderEntity.permission}_view`),
    async (c) => {
      const me = currentMember(c);
      const now = ctx.now();
      const [yesterday, today, tomorrow] = [midnight(now, -1), midnight(now, 0), midnight(now, 1)];
      // The pay time is a wall-clock time of the server's zone (as every datetime field); create time an instant.
      const wall = (d: Date) => formatDateTime(d);
      const figures = await ctx.db.tenant(me.tenantId, async (tx) => {
        const made = await tx.one<{ today: number; yesterday: number }>(
          `select count(*) filter (where create_time >= $3)::int as today, count(*) filter (where create_time < $3)::int as yesterday
             from ${orderEntity.table}
            where tenant_id = $1 and is_deleted = 0 and create_time >= $2 and create_time < $4`,
          [me.tenantId, yesterday, today, tomorrow],
        );
        const paid = await tx.one<{ today: string | number; yesterday: string | number }>(
          `select coalesce(sum(pay_amount) filter (where pay_time >= $3::timestamp), 0)::bigint as today,
                  coalesce(sum(pay_amount) filter (where pay_time < $3::timestamp), 0)::bigint as yesterday
             from ${orderEntity.table}
            where tenant_id = $1 and is_deleted = 0 and pay_time >= $2::timestamp and pay_time < $4::timestamp`,
          [me.tenantId, wall(yesterday), wall(today), wall(tomorrow)],
        );
        return {
          today: { orders: made?.today ?? 0, takings: Number(paid?.today ?? 0) },
          yesterday: { orders: made?.yesterday ?? 0, takings: Number(paid?.yesterday ?? 0) },
        };
      });
      return c.json(rData(figures satisfies OrderSummary));
    },
  );
}
