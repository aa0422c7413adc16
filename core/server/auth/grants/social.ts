import { z } from 'zod';
import type { ServerContext } from '../../context';
import { parseInput, param } from '../../http/validate';
import { findTenant, tenantUsable } from '../../tenant/tenants';
import { findUserById } from '../../user/users';
import { issueGuestToken, issueUserTokens, type TokenBody } from '../issue';
import { MSG, OAuthError } from '../oauth-error';
import { consumeOAuthCode, type ProviderIdentity } from '../social/codes';
import { DEMO_SOURCE } from '../social/demo-provider';
import { rememberIdentity } from '../social/identities';
import type { Outcome, TokenRequest } from './request';
import { sessionScope, userRefusal } from './sign-in-user';

const input = z.object({ source: param(32), code: param(128) });
const SOURCES = new Set([DEMO_SOURCE]);

/**
 * grant_type=social: trade a provider's one-time code. An identity bound to an approved user signs in as
 * that user; an unbound one gets a guest token, with which it may only register (register-guest).
 */
export async function socialGrant(ctx: ServerContext, req: TokenRequest): Promise<TokenBody> {
  const { source, code } = parseInput(input, req.params);
  if (!SOURCES.has(source)) throw new OAuthError(MSG.unsupportedSocial(source));
  const { tenantId } = req;
  const now = ctx.now();
  const outcome = await ctx.db.tenant(tenantId, async (tx): Promise<Outcome<TokenBody | ProviderIdentity>> => {
    // The code first: without a live one, every tenant, known or not, gets the same answer.
    const identity = await consumeOAuthCode(tx, source, code, now);
    if (!identity) return { refused: MSG.socialExpired };
    if (!tenantUsable(await findTenant(tx, tenantId), now)) return { refused: MSG.tenantExpired };
    const userId = await rememberIdentity(tx, ctx.ids, tenantId, identity);
    const user = userId ? await findUserById(tx, tenantId, userId) : undefined;
    if (!user) return { ok: identity };
    const refusal = userRefusal(user);
    if (refusal) return { refused: refusal };
    const scope = await sessionScope(tx, user, req.header);
    if ('refused' in scope) return scope;
    return { ok: await issueUserTokens(ctx, tx, { client: req.client, user, ...scope, oauthId: identity.uuid, userType: req.userType }) };
  });
  if ('refused' in outcome) throw new OAuthError(outcome.refused);
  if ('access_token' in outcome.ok) return outcome.ok;
  return issueGuestToken(ctx, req.client, { tenantId, ...outcome.ok }, req.userType);
}
