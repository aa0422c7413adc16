import type { Hono } from 'hono';
import { z } from 'zod';
import {
  bizError,
  currentMember,
  describeRoute,
  docText,
  moveState,
  mountStateMove,
  parseIds,
  rData,
  readParams,
  requirePermission,
  textParams,
  type AppEnv,
  type CrudHooks,
  type ServerContext,
  type ServerParts,
} from '../../../core/sdk/server';
import { REGISTER_STATE, REGISTER_STATUS_CODE } from './entity';
import { checkRegistrable, freeSeatsOf, refusalText, registerMove, type RegisterRow } from './seats';

/** The most registrations one batch approval judges. */
export const MAX_BATCH = 200;

const MSG_BATCH = {
  tooMany: { zh: `一次最多审核${MAX_BATCH}条报名`, en: `At most ${MAX_BATCH} registrations can be approved at once` },
};

/**
 * A new registration is pending, for a course open for registration; removing registrations that held
 * seats gives the seats back.
 */
function registerHooks(ctx: Pick<ServerContext, 'now'>): CrudHooks {
  return {
    async beforeChange({ tx, user, mode, values }) {
      if (mode !== 'add') return;
      values.status = REGISTER_STATE.pending;
      await checkRegistrable(tx, user.tenantId, String(values.courseId), ctx.now());
    },
    async beforeDelete({ tx, user, ids }) {
      await freeSeatsOf(tx, user.tenantId, ids);
    },
  };
}

const batchAnswer = z.object({
  passed: z.number().int().describe(docText({ zh: '通过的条数', en: 'How many were approved' })),
  missing: z.number().int().describe(docText({ zh: '不存在（或已删除）的报名条数', en: 'How many of the ids name no registration (or a removed one)' })),
  refused: z
    .array(z.object({ id: z.string(), name: z.string(), reason: z.string() }))
    .describe(docText({ zh: '未通过的报名及原因', en: 'The registrations not approved, and why' })),
});

function registerRoutes(api: Hono<AppEnv>, ctx: ServerContext): void {
  mountStateMove<RegisterRow>(api, ctx, {
    path: '/course/register/update/status',
    code: REGISTER_STATUS_CODE,
    summary: { zh: '报名状态流转', en: "Move a registration's state" },
    description: {
      zh: '待审核 → 已通过 / 已拒绝；已通过 → 已签到 / 已取消；已拒绝与已取消为终态。通过时占用课程名额（名额已满则拒绝），取消时释放名额。',
      en: 'Pending → approved / refused; approved → attended / cancelled; refused and cancelled are final. An approval takes one of the course’s seats (refused when it is full); a cancellation gives it back.',
    },
    ...registerMove,
  });

  api.post(
    '/course/register/approve',
    describeRoute({
      summary: { zh: '批量通过报名', en: 'Approve registrations in a batch' },
      description: {
        zh: `逐条审核所选报名（按报名先后，每条一个事务，最多${MAX_BATCH}条）：能通过的通过，其余给出原因（如名额已满、状态不是待审核）；不存在的只计数。`,
        en: `Judges each registration alone (in the order they came, each in its own transaction, at most ${MAX_BATCH}): those that can be approved are, the others come back with the reason (the course full, not pending); ids naming no registration are only counted.`,
      },
      params: textParams({ 'ids!': { zh: '报名主键，逗号分隔', en: 'Registration ids, comma-separated' } }),
      data: batchAnswer,
    }),
    requirePermission(ctx, REGISTER_STATUS_CODE),
    async (c) => {
      const me = currentMember(c);
      const ids = parseIds((await readParams(c)).ids);
      if (ids.length > MAX_BATCH) throw bizError(MSG_BATCH.tooMany);
      // First come, first served: when seats run out, the earlier registrations have them.
      const rows = await ctx.db.tenant(me.tenantId, (tx) =>
        tx.query<{ id: string; name: string }>(
          'select id::text as id, name from course_register where tenant_id = $1 and id = any($2::bigint[]) and is_deleted = 0 order by create_time, id',
          [me.tenantId, ids],
        ),
      );
      // Ids that name no registration of the caller's are counted, never echoed (they may be another tenant's).
      const missing = ids.length - rows.length;
      const refused: { id: string; name: string; reason: string }[] = [];
      let passed = 0;
      for (const row of rows) {
        try {
          await ctx.db.tenant(me.tenantId, (tx) => moveState(tx, ctx, me, row.id, REGISTER_STATE.approved, registerMove));
          passed++;
        } catch (error) {
          refused.push({ id: row.id, name: row.name, reason: refusalText(error) });
        }
      }
      return c.json(rData({ passed, missing, refused }));
    },
  );
}

/** Registrations on the engine (`/api/course/register/page|detail|submit|remove`), their moves and the batch approval. */
export const registerServer: ServerParts = {
  resources: { course_register: (ctx) => ({ hooks: registerHooks(ctx) }) },
  routes: registerRoutes,
};
