import type { Hono } from 'hono';
import { z } from 'zod';
import { currentMember, describeRoute, docText, formatDateTime, mountStateMove, rData, requirePermission, type AppEnv, type ServerContext, type ServerParts } from '../../../core/sdk/server';
import { registerEntity } from '../register/entity';
import { COURSE_STATUS_CODE, courseEntity, courseStates } from './entity';
import { checkOpening, courseHooks, type CourseRow } from './rules';

/** The most courses the registration form offers (the newest first). */
const CHOICES_LIMIT = 500;

const courseChoice = z.object({
  id: z.string(),
  title: z.string(),
  status: z.number().int().describe(docText({ zh: '0 草稿，1 报名中，2 已截止，3 已结束', en: '0 draft, 1 open, 2 closed, 3 finished' })),
  capacity: z.number().int(),
  registeredCount: z.number().int(),
  startTime: z.string(),
});

function courseRoutes(api: Hono<AppEnv>, ctx: ServerContext): void {
  mountStateMove<CourseRow>(api, ctx, {
    path: '/course/update/status',
    code: COURSE_STATUS_CODE,
    summary: { zh: '课程状态流转', en: "Move a course's state" },
    description: {
      zh: '草稿 → 报名中；报名中 → 已截止 / 草稿；已截止 → 报名中 / 已结束。报名截止时间已过的课程不能开放报名。',
      en: 'Draft → open; open → closed / draft; closed → open / finished. A course past its registration deadline cannot be opened.',
    },
    table: 'course',
    machine: courseStates,
    before: checkOpening,
  });

  api.get(
    '/course/select',
    describeRoute({
      summary: { zh: '课程选项', en: 'Course choices' },
      description: {
        zh: `报名表单与筛选的课程选项（最近的${CHOICES_LIMIT}门，按开始时间倒序），含状态与名额。课程或报名管理的权限均可读取。`,
        en: `The courses a registration may name, for its form and filters (the ${CHOICES_LIMIT} latest by start time), with their state and seats. Readable with the course or the registration menu.`,
      },
      data: z.array(courseChoice),
    }),
    requirePermission(ctx, [courseEntity.permission, registerEntity.permission], { withButtons: true }),
    async (c) => {
      const me = currentMember(c);
      const rows = await ctx.db.tenant(me.tenantId, (tx) =>
        tx.query<{ id: string; title: string; status: number; capacity: number; registered_count: number; start_time: Date }>(
          `select id::text as id, title, status, capacity, registered_count, start_time from course
            where tenant_id = $1 and is_deleted = 0 order by start_time desc, id desc limit ${CHOICES_LIMIT}`,
          [me.tenantId],
        ),
      );
      const choices = rows.map((r) => ({
        id: r.id,
        title: r.title,
        status: Number(r.status),
        capacity: Number(r.capacity),
        registeredCount: Number(r.registered_count),
        startTime: formatDateTime(r.start_time),
      }));
      return c.json(rData(choices));
    },
  );
}

/** Courses on the engine (`/api/course/page|detail|submit|remove`), their status move and their choices. */
export const courseServer: ServerParts = {
  resources: { course: (ctx) => ({ hooks: courseHooks(ctx) }) },
  routes: courseRoutes,
};
