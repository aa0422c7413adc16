import type { Hono } from 'hono';
import { z } from 'zod';
import { type AppEnv, crudDataScope, currentMember, describeRoute, docText, formatDateTime, rData, requirePermission, type ServerContext, SqlParams } from '../../../core/sdk/server';
import { geniusOrderEntity, ORDER_STATE } from './entity';

/** Orders whose money was taken and kept: a refunded order's payment is no takings. */
const TAKEN = [ORDER_STATE.paid, ORDER_STATE.confirmed, ORDER_STATE.completed];

const dayFigures = z.object({
  orders: z.number().int().describe(docText({ zh: '当日新增订单数（按创建时间）', en: 'Orders made that day (by create time)' })),
  takings: z.number().int().describe(docText({ zh: '当日收款（分，按支付时间，不含已退款）', en: 'Takings that day (fen, by pay time, refunds left out)' })),
});

export const orderSummary = z.object({
  date: z.string().describe(docText({ zh: '服务器的今天 yyyy-MM-dd', en: "The server's today, yyyy-MM-dd" })),
  today: dayFigures,
  yesterday: dayFigures,
});

export type OrderSummary = z.infer<typeof orderSummary>;

/** Midnight of a day of the server's calendar, `offset` days from `now`'s (built from the date, so a DST change never shifts it). */
const midnight = (now: Date, offset: number) => new Date(now.getFullYear(), now.getMonth(), now.getDate() + offset);

/**
 * `GET /api/genius/order/summary`: today's and yesterday's new orders and takings in the server's day,
 * for the home card; within the caller's data scope, like the list the card links to.
 */
export function orderSummaryRoute(api: Hono<AppEnv>, ctx: ServerContext): void {
  api.get(
    `${geniusOrderEntity.api.base.replace(/^\/api/, '')}/summary`,
    describeRoute({
      summary: { zh: '达人订单今日概况（对比昨日）', en: "Genius orders today against yesterday" },
      description: {
        zh: '新增订单按创建时间、收款按支付时间计入服务器的自然日；金额单位为分。',
        en: "New orders are counted by create time, takings by pay time, in the server's calendar day; amounts in fen.",
      },
      data: orderSummary,
    }),
    requirePermission(ctx, geniusOrderEntity.permission, { withButtons: true }),
    async (c) => {
      const me = currentMember(c);
      const now = ctx.now();
      const [yesterday, today, tomorrow] = [midnight(now, -1), midnight(now, 0), midnight(now, 1)];
      const figures = await ctx.db.tenant(me.tenantId, async (tx) => {
        const scope = await crudDataScope(ctx, tx, me, geniusOrderEntity);
        const p = new SqlParams();
        const [from, mid, to] = [p.add(yesterday), p.add(today), p.add(tomorrow)];
        // The pay time is a wall-clock column: its bounds are the same midnights, written as the server's clock reads them.
        const [payFrom, payMid, payTo] = [p.add(formatDateTime(yesterday)), p.add(formatDateTime(today)), p.add(formatDateTime(tomorrow))];
        const taken = p.add(TAKEN);
        const where = [`tenant_id = ${p.add(me.tenantId)}`, 'is_deleted = 0', ...(scope ? [`(${scope(p)})`] : [])].join(' and ');
        return tx.one<Record<'today_orders' | 'yesterday_orders' | 'today_takings' | 'yesterday_takings', string | number>>(
          `select count(*) filter (where create_time >= ${mid}::timestamptz and create_time < ${to}::timestamptz)::int as today_orders,
                  count(*) filter (where create_time >= ${from}::timestamptz and create_time < ${mid}::timestamptz)::int as yesterday_orders,
                  coalesce(sum(amount) filter (where pay_time >= ${payMid}::timestamp and pay_time < ${payTo}::timestamp and status = any(${taken}::int[])), 0)::bigint as today_takings,
                  coalesce(sum(amount) filter (where pay_time >= ${payFrom}::timestamp and pay_time < ${payMid}::timestamp and status = any(${taken}::int[])), 0)::bigint as yesterday_takings
             from ${geniusOrderEntity.table}
            where ${where} and (create_time >= ${from}::timestamptz or pay_time >= ${payFrom}::timestamp)`,
          p.values,
        );
      });
      const summary: OrderSummary = {
        date: formatDateTime(today).slice(0, 10),
        today: { orders: Number(figures?.today_orders ?? 0), takings: Number(figures?.today_takings ?? 0) },
        yesterday: { orders: Number(figures?.yesterday_orders ?? 0), takings: Number(figures?.yesterday_takings ?? 0) },
      };
      return c.json(rData(summary));
    },
  );
}
