import type { Hono } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { z } from 'zod';
import {
  type AppEnv,
  bizError,
  clientIp,
  type DeclaredRateRules,
  describeRoute,
  docText,
  formatDateTime,
  isBigintId,
  MSG,
  parseInput,
  rData,
  readJson,
  rStatus,
  type ServerContext,
} from '../../../core/sdk/server';
import { admitCardCall, liveCard, MSG_INVALID_CARD } from '../card-token';
import { localDay } from './chart';
import { MAX_STAY_SECONDS, VISIT_ACTIONS, type VisitAction } from './index';
import { ipRegionOf } from './ip-region';
import { rollUpVisit } from './rollup';

/**
 * The public endpoints the card front end reports visits to: `POST /api/visit/record` when a card is
 * opened, `POST /api/visit/record/update` with the stay and what the visitor did when they leave. Whose
 * card it is (and so the tenant the visit belongs to) comes from the signed card token alone; nothing else
 * in the body can name a tenant or a staff member.
 */

export const RECORD_PATHS = ['/visit/record', '/visit/record/update'] as const;

/**
 * Calls per minute: from one address (a visitor, or an office behind one address), and for one card (what
 * a card shared in a busy group chat may see). Each recorded visit is a row, so both are bounded.
 */
export const RECORD_RATE_RULES = {
  visitRecordAddress: { limit: 120, windowMs: 60_000, scope: 'client' },
  visitRecordCard: { limit: 1200, windowMs: 60_000, scope: 'client' },
} as const satisfies DeclaredRateRules;
const RECORD_RATES = { address: 'visitRecordAddress', card: 'visitRecordCard' } as const;

/** The largest body these endpoints read: a visit is a few short fields. */
const MAX_BODY = 4096;

export const RECORD_MSG = {
  invalidCard: MSG_INVALID_CARD,
  noVisit: { zh: '访问记录不存在', en: 'No such visit' },
} as const;

/** Control and direction-changing characters: a nick name is shown as plain text, in order. */
const UNPRINTABLE = /[\p{Cc}\u200e\u200f\u202a-\u202e\u2066-\u2069]/gu;

const ACTION_ORDER: readonly string[] = VISIT_ACTIONS.map((a) => a.value);

/** Whole numbers may come as JSON numbers or digit strings. */
const wholeNumber = (min: number, max: number) =>
  z.preprocess((v) => (typeof v === 'string' && /^\d{1,9}$/.test(v.trim()) ? Number(v.trim()) : v), z.number().int().min(min).max(max));

/** A subset of the actions, as an array or a comma list, in the canonical order without repeats. */
const actionsParam = z
  .preprocess(
    (v) => (typeof v === 'string' ? v.split(',').map((s) => s.trim()).filter(Boolean) : v),
    z.array(z.enum(ACTION_ORDER as [VisitAction, ...VisitAction[]])).max(20),
  )
  .transform((list) => ACTION_ORDER.filter((a) => list.includes(a as VisitAction)))
  .describe(docText({ zh: '访客行为：view 浏览、call 拨打电话、save 保存联系人、forward 转发、attach 查看附件', en: 'What the visitor did: view, call, save (contact), forward, attach (viewed an attachment)' }));

const cardToken = z.string().min(1).max(512).describe(docText({ zh: '名片链接中的 t 参数（签名的名片令牌）', en: "The card link's t parameter (the signed card token)" }));

export const recordBody = z.object({
  t: cardToken,
  visitorId: z
    .string()
    .regex(/^[A-Za-z0-9_-]{8,64}$/)
    .describe(docText({ zh: '访客的不透明标识（如 openid 的哈希），8–64 位字母、数字、_ 或 -', en: "The visitor's opaque id (a hashed open id, say): 8–64 letters, digits, _ or -" })),
  nickName: z
    .string()
    .max(256)
    .transform((v) => v.replace(UNPRINTABLE, '').trim())
    .pipe(z.string().max(64))
    .optional(),
  avatar: z
    .string()
    .max(500)
    .refine((v) => {
      try {
        return new URL(v).protocol === 'https:';
      } catch {
        return false;
      }
    })
    .optional()
    .describe(docText({ zh: '访客头像，https 链接', en: "The visitor's avatar, an https URL" })),
  source: wholeNumber(1, 4).describe(docText({ zh: '来源：1 分享链接，2 二维码，3 搜索，4 名片交换', en: 'Source: 1 shared link, 2 QR code, 3 search, 4 card exchange' })),
  actions: actionsParam.optional(),
  staySeconds: wholeNumber(0, MAX_STAY_SECONDS).optional(),
});

export const updateBody = z.object({
  t: cardToken,
  visitId: z
    .union([z.string(), z.number()])
    .transform((v) => String(v).trim())
    .refine((v) => /^[1-9]\d{0,18}$/.test(v) && isBigintId(v))
    .describe(docText({ zh: '记录访问时返回的 visitId', en: 'The visitId the recording answered' })),
  staySeconds: wholeNumber(0, MAX_STAY_SECONDS).optional(),
  actions: actionsParam.optional(),
});

/** How long after a visit its stay and actions may still be reported. */
const UPDATE_WITHIN_MS = MAX_STAY_SECONDS * 1000;

const small = bodyLimit({
  maxSize: MAX_BODY,
  onError: () => {
    throw bizError(MSG.tooLarge);
  },
});

export function recordingRoutes(api: Hono<AppEnv>, ctx: ServerContext): void {
  api.post(
    '/visit/record',
    describeRoute({
      summary: { zh: '记录一次名片访问（公开）', en: 'Record a visit of a card (public)' },
      description: {
        zh: '名片前端在访客打开名片时调用，无需登录；名片令牌决定租户与员工。按来源地址和名片限流。',
        en: 'Called by the card front end when a visitor opens a card; no sign-in. The card token decides the tenant and the staff member. Rate-limited per address and per card.',
      },
      body: recordBody,
      data: z.object({ visitId: z.string() }),
    }),
    small,
    async (c) => {
      const body = parseInput(recordBody, await readJson(c));
      const card = await admitCardCall(c, ctx, body.t, RECORD_RATES);
      const at = ctx.now();
      const visitId = await ctx.db.tenant(card.tenantId, async (tx) => {
        const staff = await liveCard(tx, card, at);
        const id = ctx.ids.next();
        await tx.query(
          `insert into blade_visit (id, tenant_id, visit_time, staff_id, company_id, visitor_nick, visitor_avatar, visitor_id, source, actions, stay_seconds, ip_region)
           values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12)`,
          [
            id,
            card.tenantId,
            formatDateTime(at),
            card.staffId,
            staff.companyId === '0' ? null : staff.companyId,
            body.nickName ?? '',
            body.avatar ?? '',
            body.visitorId,
            body.source,
            (body.actions ?? ['view']).join(','),
            body.staySeconds ?? 0,
            ipRegionOf(clientIp(c)),
          ],
        );
        await rollUpVisit(tx, { tenantId: card.tenantId, day: localDay(at), staffId: card.staffId, companyId: staff.companyId, source: body.source, visitorId: body.visitorId });
        return id;
      });
      return c.json(rData({ visitId }));
    },
  );

  api.post(
    '/visit/record/update',
    describeRoute({
      summary: { zh: '补充一次访问的停留时长与行为（公开）', en: "Report a visit's stay and actions (public)" },
      description: {
        zh: '同一名片令牌、一天之内：停留时长只增不减，行为只添加不删除。',
        en: 'With the same card token, within a day: the stay only grows, actions are only added.',
      },
      body: updateBody,
    }),
    small,
    async (c) => {
      const body = parseInput(updateBody, await readJson(c));
      const card = await admitCardCall(c, ctx, body.t, RECORD_RATES);
      const at = ctx.now();
      const updated = await ctx.db.tenant(card.tenantId, (tx) =>
        // One statement: concurrent reports of a visit each add to what the other left.
        tx.query(
          `update blade_visit set
             stay_seconds = greatest(coalesce(stay_seconds, 0), coalesce($4::int, 0)),
             actions = (select coalesce(string_agg(a, ',' order by array_position($6::text[], a)), '')
                          from (select distinct a from unnest(string_to_array(coalesce(actions, ''), ',') || $5::text[]) a where a <> '') x)
           where id = $1 and tenant_id = $2 and staff_id = $3 and visit_time > $7
           returning id`,
          [body.visitId, card.tenantId, card.staffId, body.staySeconds ?? null, body.actions ?? [], ACTION_ORDER, formatDateTime(new Date(at.getTime() - UPDATE_WITHIN_MS))],
        ),
      );
      if (updated.length === 0) throw bizError(RECORD_MSG.noVisit);
      return c.json(rStatus(true));
    },
  );
}
