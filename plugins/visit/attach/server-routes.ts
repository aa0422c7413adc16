import type { Hono } from 'hono';
import { z } from 'zod';
import { type AppEnv, bizError, currentMember, describeRoute, missingParam, parseInput, rData, readJson, requirePermission, rSuccess, type ServerContext } from '../../../core/sdk/server';
import { GRANT_STATE } from './grant-states';
import { decideFiles, decideForVisitor, decideGrant, type Decider, readGrants } from './server-grants';
import { ATTACH_MSG } from './server-messages';
import { decisionBody, grantDoc, grantsQuery, multiDecisionBody } from './server-schemas';

/** Reading grants: the attachments' menu or any of its buttons. Deciding: a button of its own. */
export const CODE_READ = 'visit_attach';
export const CODE_DECIDE = 'visit_attach_auth';

const BASE = '/visit/attach';

/**
 * The back office's grant endpoints: a visitor's (or an attachment's) grants, one decision, and one
 * decision for several files at once. Each works in the caller's tenant transaction on its rows only.
 */
export function grantRoutes(api: Hono<AppEnv>, ctx: ServerContext): void {
  const decider = (c: Parameters<typeof currentMember>[0]): Decider => {
    const me = currentMember(c);
    return { tenantId: me.tenantId, userId: me.userId, now: ctx.now(), ids: ctx.ids };
  };

  api.get(
    `${BASE}/get/authorizationVisit`,
    describeRoute({
      summary: { zh: '访客的附件授权', en: "A visitor's attachment grants" },
      description: {
        zh: '按访客、附件或员工筛选（至少一项），最新申请在前；状态按当前时间计算（已到期的授权为 3 已过期）。',
        en: 'Filtered by visitor, attachment or staff member (at least one), newest request first; the state is as of now (a grant past its end reads 3, expired).',
      },
      query: grantsQuery,
      data: z.array(grantDoc),
    }),
    requirePermission(ctx, CODE_READ, { withButtons: true }),
    async (c) => {
      const me = currentMember(c);
      const filters = parseInput(grantsQuery, c.req.query());
      if (!filters.visitorId && !filters.attachId && !filters.staffId) throw bizError(ATTACH_MSG.filter);
      const grants = await ctx.db.tenant(me.tenantId, (tx) => readGrants(tx, me.tenantId, filters, ctx.now()));
      return c.json(rData(grants));
    },
  );

  api.post(
    `${BASE}/save/authorizationVisit`,
    describeRoute({
      summary: { zh: '处理一个附件授权', en: 'Decide on one attachment grant' },
      description: {
        zh: '`{ id, state, days }` 处理访客的申请，或 `{ attachId, visitorId, state, days }` 直接授权。允许：待授权→已授权/已拒绝，已拒绝→已授权，已授权→已拒绝（撤销），已过期→已授权（续期）。',
        en: '`{ id, state, days }` decides on a visitor’s request, `{ attachId, visitorId, state, days }` grants directly. Allowed: requested → granted or refused, refused → granted, granted → refused (revoke), expired → granted (renew).',
      },
      body: decisionBody,
    }),
    requirePermission(ctx, CODE_DECIDE),
    async (c) => {
      const body = parseInput(decisionBody, await readJson(c));
      const by = decider(c);
      const decision = { state: body.state, days: body.state === GRANT_STATE.granted ? body.days : undefined };
      await ctx.db.tenant(by.tenantId, async (tx) => {
        if (body.id) return decideGrant(tx, body.id, decision, by);
        if (!body.attachId && !body.visitorId) throw bizError(ATTACH_MSG.target);
        if (!body.attachId) throw missingParam('attachId');
        if (!body.visitorId) throw missingParam('visitorId');
        return decideForVisitor(tx, body.attachId, body.visitorId, decision, by);
      });
      return c.json(rSuccess());
    },
  );

  api.post(
    `${BASE}/save/multiFile/authorizationVisit`,
    describeRoute({
      summary: { zh: '为一位访客批量处理多个附件', en: 'Decide on several attachments for one visitor' },
      description: { zh: '在一个事务中：任一附件不允许此变更则全部不变，并指出是哪个附件。', en: 'In one transaction: if any attachment may not move so, none changes, and the answer names it.' },
      body: multiDecisionBody,
    }),
    requirePermission(ctx, CODE_DECIDE),
    async (c) => {
      const body = parseInput(multiDecisionBody, await readJson(c));
      const by = decider(c);
      const decision = { state: body.state, days: body.state === GRANT_STATE.granted ? body.days : undefined };
      await ctx.db.tenant(by.tenantId, (tx) => decideFiles(tx, [...new Set(body.attachIds)], body.visitorId, decision, by));
      return c.json(rSuccess());
    },
  );
}
