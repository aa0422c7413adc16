import type { Hono } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { z } from 'zod';
import { ApiError, type AppEnv, bizError, type DeclaredRateRules, describeRoute, formatDateTime, MSG, parseInput, rData, readJson, type ServerContext } from '../../../core/sdk/server';
import { admitCardCall, liveCard } from '../card-token';
import { GRANT_STATE } from './grant-states';
import { GRANT_TABLE, liveAttachment, stateAsOf } from './server-grants';
import { ATTACH_MSG } from './server-messages';
import { visitorFileQuery, visitorRequestBody } from './server-schemas';

/** The card front end's two calls, answered without a token (the card's signed link stands for it). */
export const PUBLIC_PATHS = ['/visit/attach/request', '/visit/attach/file'] as const;

/**
 * Calls per minute, from one address and for one card: a request is a row (one per attachment and
 * visitor id, but visitor ids are the caller's to invent), so both are bounded.
 */
export const ATTACH_RATE_RULES = {
  visitAttachAddress: { limit: 60, windowMs: 60_000, scope: 'client' },
  visitAttachCard: { limit: 600, windowMs: 60_000, scope: 'client' },
} as const satisfies DeclaredRateRules;
const ATTACH_RATES = { address: 'visitAttachAddress', card: 'visitAttachCard' } as const;

/** The largest body `request` reads: a few short fields. */
const MAX_BODY = 2048;

/**
 * `request`: a visitor asks to see one of the card's attachments (the staff member's own, in the token's
 * tenant). Asking again changes nothing, except after an expired grant, which asks anew. `file`: the
 * file's link, only while the visitor's grant is live. Both count against the anonymous callers' limits
 * per address, as every call without a token does.
 */
export function publicRoutes(api: Hono<AppEnv>, ctx: ServerContext): void {
  api.post(
    PUBLIC_PATHS[0],
    describeRoute({
      summary: { zh: '访客申请查看名片附件（名片前端，无需登录）', en: "A visitor asks to see a card's attachment (card front end, no sign-in)" },
      description: { zh: '答复该访客对此附件的当前状态：0 待授权，1 已授权，2 已拒绝。', en: "Answers the visitor's state for the attachment: 0 requested, 1 granted, 2 refused." },
      body: visitorRequestBody,
      data: z.object({ attachId: z.string(), state: z.number() }),
    }),
    bodyLimit({
      maxSize: MAX_BODY,
      onError: () => {
        throw bizError(MSG.tooLarge);
      },
    }),
    async (c) => {
      const body = parseInput(visitorRequestBody, await readJson(c));
      const owner = await admitCardCall(c, ctx, body.t, ATTACH_RATES);
      const now = ctx.now();
      const state = await ctx.db.tenant(owner.tenantId, async (tx) => {
        await liveCard(tx, owner, now);
        const attach = await liveAttachment(tx, owner.tenantId, body.attachId);
        // Another staff member's file is not on this card: as if it did not exist.
        if (attach.staff_id !== owner.staffId) throw bizError(ATTACH_MSG.attachNotFound);
        const inserted = await tx.query(
          `insert into ${GRANT_TABLE} (id, tenant_id, attach_id, staff_id, visitor_id, visitor_nick, state, requested_at)
           values ($1, $2, $3, $4, $5, $6, 0, $7) on conflict (tenant_id, attach_id, visitor_id) do nothing returning id`,
          [ctx.ids.next(), owner.tenantId, attach.id, attach.staff_id, body.visitorId, body.nickName ?? '', now],
        );
        if (inserted.length === 1) return GRANT_STATE.requested;
        const asked = await tx.query(
          `update ${GRANT_TABLE} g set state = 0, days = null, expires_at = null, decided_at = null, decided_by = null, requested_at = $4,
                  visitor_nick = coalesce(nullif($5, ''), g.visitor_nick)
            where g.tenant_id = $1 and g.attach_id = $2 and g.visitor_id = $3 and ${stateAsOf('$4')} = 3 returning id`,
          [owner.tenantId, attach.id, body.visitorId, now, body.nickName ?? ''],
        );
        if (asked.length === 1) return GRANT_STATE.requested;
        const row = await tx.one<{ state: number }>(`select ${stateAsOf('$4')} as state from ${GRANT_TABLE} g where g.tenant_id = $1 and g.attach_id = $2 and g.visitor_id = $3`, [
          owner.tenantId,
          attach.id,
          body.visitorId,
          now,
        ]);
        return Number(row?.state ?? GRANT_STATE.requested);
      });
      return c.json(rData({ attachId: body.attachId, state }));
    },
  );

  api.get(
    PUBLIC_PATHS[1],
    describeRoute({
      summary: { zh: '访客读取已授权的附件（名片前端，无需登录）', en: 'A visitor reads a granted attachment (card front end, no sign-in)' },
      description: { zh: '仅在授权有效期内答复文件链接，否则 403。', en: "Answers the file's link while the grant is live, else 403." },
      query: visitorFileQuery,
      data: z.object({ link: z.string(), name: z.string(), fileType: z.string(), fileSize: z.number(), expiresAt: z.string() }),
    }),
    async (c) => {
      const query = parseInput(visitorFileQuery, c.req.query());
      const owner = await admitCardCall(c, ctx, query.t, ATTACH_RATES);
      const now = ctx.now();
      const file = await ctx.db.tenant(owner.tenantId, async (tx) => {
        await liveCard(tx, owner, now);
        return tx.one<{ file_link: string; name: string; file_type: string | null; file_size: number | null; expires_at: Date }>(
          `select a.file_link, a.name, a.file_type, a.file_size, g.expires_at from ${GRANT_TABLE} g
             join blade_visit_attach a on a.id = g.attach_id and a.tenant_id = g.tenant_id and a.is_deleted = 0
            where g.tenant_id = $1 and g.attach_id = $2 and g.visitor_id = $3 and a.staff_id = $4 and g.state = 1 and g.expires_at > $5`,
          [owner.tenantId, query.attachId, query.visitorId, owner.staffId, now],
        );
      });
      if (!file) throw new ApiError(403, ATTACH_MSG.noGrant);
      return c.json(rData({ link: file.file_link, name: file.name, fileType: file.file_type ?? '', fileSize: Number(file.file_size ?? 0), expiresAt: formatDateTime(file.expires_at) }));
    },
  );
}
