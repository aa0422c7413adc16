import type { Context } from 'hono';
import { ApiError, type AppEnv, bizError, clientIp, isBigintId, type LocalText, MSG, type ServerContext, TENANT_ID, type Tx } from '../../core/sdk/server';

/**
 * A card link's signed token, as the card front end's anonymous calls (recording a visit, asking for an
 * attachment) present it: it alone says whose card it is, and so which tenant the call is about.
 */

/** The purpose the card plugin signs `<tenant>:<staff id>` for. */
const CARD_TOKEN_PURPOSE = 'card';

export const MSG_INVALID_CARD: LocalText = { zh: '名片无效', en: 'Invalid card' };

/** Whose card: the tenant and the staff member. */
export interface CardRef {
  tenantId: string;
  staffId: string;
}

/** The tenant and staff member a card token names, or a 400 (a token we did not sign, altered, or malformed inside). */
export function cardOfToken(ctx: ServerContext, token: string): CardRef {
  const data = ctx.tokens.verifyFor(CARD_TOKEN_PURPOSE, token);
  const [tenantId = '', staffId = '', ...rest] = (data ?? '').split(':');
  if (!data || rest.length || !TENANT_ID.test(tenantId) || !/^[1-9]\d{0,18}$/.test(staffId) || !isBigintId(staffId)) throw bizError(MSG_INVALID_CARD);
  return { tenantId, staffId };
}

/** The rate rules a card call counts against: one per caller's address, one per card. */
export interface CardRateRules {
  address: string;
  card: string;
}

/**
 * The card a call's token names, the call counted against the caller's address and the card (429 past
 * either), and refused (403) for a tenant that has this plugin off.
 */
export async function admitCardCall(c: Context<AppEnv>, ctx: ServerContext, token: string, rules: CardRateRules): Promise<CardRef> {
  const card = cardOfToken(ctx, token);
  await ctx.rateLimiter.hit([
    { rule: rules.address, key: clientIp(c) },
    { rule: rules.card, key: `${card.tenantId}:${card.staffId}` },
  ]);
  if (!(await ctx.tenantPlugins.isEnabled(card.tenantId, 'visit'))) throw new ApiError(403, MSG.pluginDisabled);
  return card;
}

/**
 * The card still stands: its staff member is live and enabled, in a live (not expired) tenant; else a
 * 400, as for a forged token. Read in the card's tenant transaction (row level security confines it
 * there too). Answers the staff member's company ('0' for none).
 */
export async function liveCard(tx: Tx, card: CardRef, now: Date): Promise<{ companyId: string }> {
  const staff = await tx.one<{ companyId: string }>(
    `select coalesce(s.company_id, 0)::text as "companyId" from blade_staff s
      where s.id = $1 and s.tenant_id = $2 and s.is_deleted = 0 and s.status = 1
        and exists (select 1 from blade_tenant t where t.tenant_id = s.tenant_id and t.is_deleted = 0 and (t.expire_time is null or t.expire_time > $3))`,
    [card.staffId, card.tenantId, now],
  );
  if (!staff) throw bizError(MSG_INVALID_CARD);
  return staff;
}
