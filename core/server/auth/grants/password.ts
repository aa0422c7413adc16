import { z } from 'zod';
import type { ServerContext } from '../../context';
import { parseInput, param } from '../../http/validate';
import { findTenant, tenantUsable } from '../../tenant/tenants';
import { findUserByAccount, setPasswordHash, type UserRow } from '../../user/users';
import { consumeCaptcha } from '../captcha/store';
import { issueUserTokens, type TokenBody } from '../issue';
import { clearFailures, isLocked, recordFailure } from '../lockout';
import { MSG, OAuthError } from '../oauth-error';
import { hashPassword, verifyPassword } from '../password';
import type { Outcome, TokenRequest } from './request';
import { sessionScope, userRefusal } from './sign-in-user';

const credentials = z.object({ username: param(45), password: param(128) });

/**
 * grant_type=password: tenant usable, account not locked, password right (scrypt, or a legacy BladeX
 * sha1 row upgraded on the spot), user approved and holding a role. The slow hash runs between two short
 * transactions, so the embedded database is not held while it computes.
 */
export async function passwordGrant(ctx: ServerContext, req: TokenRequest): Promise<TokenBody> {
  const { username, password } = parseInput(credentials, req.params);
  const { tenantId } = req;
  const now = ctx.now();
  const found = await ctx.db.tenant(tenantId, async (tx): Promise<Outcome<UserRow | undefined>> => {
    if (!tenantUsable(await findTenant(tx, tenantId), now)) return { refused: MSG.tenantExpired };
    if (await isLocked(tx, tenantId, username, now)) return { refused: MSG.locked };
    return { ok: await findUserByAccount(tx, tenantId, username) };
  });
  if ('refused' in found) throw new OAuthError(found.refused);
  const user = found.ok;
  const check = await verifyPassword(password, user?.password);
  const upgraded = check === 'ok-legacy' ? await hashPassword(password) : null;

  const outcome = await ctx.db.tenant(tenantId, async (tx): Promise<Outcome<TokenBody>> => {
    if (!user || check === 'wrong') {
      await recordFailure(tx, tenantId, username, now);
      return { refused: MSG.badCredentials };
    }
    const refusal = userRefusal(user);
    if (refusal) return { refused: refusal };
    await clearFailures(tx, tenantId, username);
    if (upgraded) await setPasswordHash(tx, tenantId, user.id, upgraded, now);
    const scope = await sessionScope(tx, user, req.header);
    if ('refused' in scope) return scope;
    return { ok: await issueUserTokens(ctx, tx, { client: req.client, user, ...scope, userType: req.userType }) };
  });
  if ('refused' in outcome) throw new OAuthError(outcome.refused);
  return outcome.ok;
}

/** grant_type=captcha: the image code first (single use, whatever the outcome), then as password. */
export async function captchaGrant(ctx: ServerContext, req: TokenRequest): Promise<TokenBody> {
  const key = req.header('Captcha-Key')?.trim() ?? '';
  const code = req.header('Captcha-Code')?.trim() ?? '';
  const ok = key && code ? await ctx.db.tenant(req.tenantId, (tx) => consumeCaptcha(tx, key, code, ctx.now())) : false;
  if (!ok) throw new OAuthError(MSG.captcha);
  return passwordGrant(ctx, req);
}
