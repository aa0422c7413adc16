import { z } from 'zod';
import type { ServerContext } from '../../context';
import { commaList } from '../../http/format';
import { parseInput, param } from '../../http/validate';
import { findTenant, tenantUsable } from '../../tenant/tenants';
import { findUserById } from '../../user/users';
import { issueUserTokens, type TokenBody } from '../issue';
import { MSG, OAuthError } from '../oauth-error';
import { rotateRefresh } from '../refresh-tokens';
import type { Outcome, TokenRequest } from './request';
import { sessionScope, userRefusal } from './sign-in-user';

const input = z.object({ refresh_token: param(8192) });

/**
 * grant_type=refresh_token: a valid refresh JWT of this client whose record is live. It is revoked and
 * the next pair issued in the same session; the user is read again, so a removed role or a disabled
 * account takes effect at the next refresh.
 */
export async function refreshGrant(ctx: ServerContext, req: TokenRequest, explicitTenant: boolean): Promise<TokenBody> {
  const { refresh_token: token } = parseInput(input, req.params);
  const claims = await ctx.tokens.verifyRefresh(token);
  if (!claims || claims.client_id !== req.client.clientId) throw new OAuthError(MSG.tokenExpired);
  if (explicitTenant && claims.tenant_id !== req.tenantId) throw new OAuthError(MSG.tokenExpired);
  const tenantId = claims.tenant_id;
  const now = ctx.now();
  const outcome = await ctx.db.tenant(tenantId, async (tx): Promise<Outcome<TokenBody>> => {
    const rotation = await rotateRefresh(ctx, tx, tenantId, claims.jti);
    if (!rotation.ok) return { refused: MSG.tokenExpired };
    if (!tenantUsable(await findTenant(tx, tenantId), now)) return { refused: MSG.tenantExpired };
    const user = await findUserById(tx, tenantId, rotation.userId);
    if (!user) return { refused: MSG.badCredentials };
    const refusal = userRefusal(user);
    if (refusal) return { refused: refusal };
    // The session keeps the roles it was signed in with, minus any the user has lost since.
    const scope = await sessionScope(tx, user, () => undefined, commaList(claims.role_id));
    if ('refused' in scope) return scope;
    const deptIds = commaList(claims.dept_id).filter((d) => scope.deptIds.includes(d));
    return {
      ok: await issueUserTokens(ctx, tx, {
        client: req.client,
        user,
        roles: scope.roles,
        deptIds: deptIds.length ? deptIds : scope.deptIds,
        userType: req.userType,
        familyId: rotation.familyId,
      }),
    };
  });
  if ('refused' in outcome) throw new OAuthError(outcome.refused);
  return outcome.ok;
}
