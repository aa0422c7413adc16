import type { Hono } from 'hono';
import { z } from 'zod';
import { currentMember, describeRoute, docText, formatDateTime, rData, requirePermission, type AppEnv, type ServerContext, type ServerParts } from '../../../core/sdk/server';
import { COURSE_STATE } from '../course/entity';
import { REGISTER_STATE, registerEntity } from '../register/entity';

/** How far ahead "starting soon" looks. */
export const SOON_DAYS = 7;
const DAY_MS = 86_400_000;

const summaryData = z.object({
  pending: z.number().int().describe(docText({ zh: '待审核的报名数', en: 'Registrations waiting for review' })),
  startingSoon: z.number().int().describe(docText({ zh: `${SOON_DAYS}天内开课的课程数（报名中或已截止）`, en: `Courses (open or closed) starting within ${SOON_DAYS} days` })),
});

export type RegisterSummary = z.infer<typeof summaryData>;

function summaryRoutes(api: Hono<AppEnv>, ctx: ServerContext): void {
  api.get(
    '/course/register/summary',
    describeRoute({
      summary: { zh: '报名概况', en: 'Registrations at a glance' },
      description: {
        zh: `首页卡片：待审核的报名数，以及${SOON_DAYS}天内（服务器时间）开课的课程数。`,
        en: `The home card's figures: registrations waiting for review, and courses starting within ${SOON_DAYS} days (server time).`,
      },
      data: summaryData,
    }),
    // The registration menu or any of its buttons, as the list itself: the card shows to the holders of its view button.
    requirePermission(ctx, registerEntity.permission, { withButtons: true }),
    async (c) => {
      const me = currentMember(c);
      const now = ctx.now();
      const figures = await ctx.db.tenant(me.tenantId, (tx) =>
        tx.one<{ pending: number; soon: number }>(
          `select (select count(*)::int from course_register where tenant_id = $1 and is_deleted = 0 and status = $2) as pending,
                  (select count(*)::int from course where tenant_id = $1 and is_deleted = 0 and status = any($3::int[])
                     and start_time >= $4::timestamp and start_time < $5::timestamp) as soon`,
          [me.tenantId, REGISTER_STATE.pending, [COURSE_STATE.open, COURSE_STATE.closed], formatDateTime(now), formatDateTime(new Date(now.getTime() + SOON_DAYS * DAY_MS))],
        ),
      );
      return c.json(rData({ pending: figures?.pending ?? 0, startingSoon: figures?.soon ?? 0 }));
    },
  );
}

/** The home card's call. */
export const homeServer: ServerParts = { routes: summaryRoutes };
