import { z } from 'zod';
import type { ServerContext } from '../../context';
import { parseInput, param } from '../../http/validate';
import { readParameters } from '../../parameters';
import { findTenant, tenantUsable } from '../../tenant/tenants';
import { findUserByAccount, setPasswordHash, type UserRow } from '../../user/users';
import { consumeCaptcha } from '../captcha/store';
import { issueUserTokens, type TokenBody } from '../issue';
import { clearAttempts, reserveAttempt } from '../lockout';
import { MSG, OAuthError } from '../oauth-error';
import { hashPassword, verifyPassword } from '../password';
import type { Outcome, TokenRequest } from './request';
import { sessionScope, userRefusal } from './sign-in-user';

const credentials = z.object({ username: param(45), password: param(128) });

/**
 * grant_type=password. The attempt is counted first (the lock-out refuses it unchecked past the limit),
 * then the password is checked, always once: against a fixed dummy hash when the tenant or the account
 * does not exist, so that an unknown tenant, an unknown account and a wrong password take the same time
 * and get the same answer. What depends on the account (the tenant's licence, approval, roles) is said only
 * to whoever knows its password. The slow hash runs between two short transactions, so the embedded
 * database is not held while it computes.
 */
export async function passwordGrant(ctx: ServerContext, req: TokenRequest): Promise<TokenBody> {
  const { username, password } = parseInput(credentials, req.params);
  const { tenantId } = req;
  const now = ctx.now();
  const attempt = { tenantId, account: username, clientIp: req.clientIp };
  const found = await ctx.db.tenant(tenantId, async (tx): Promise<Outcome<{ user: UserRow | undefined; tenantUsable: boolean }>> => {
    const { failCount } = await readParameters(ctx.extensions, tx, tenantId, ['failCount']);
    if (!(await reserveAttempt(tx, attempt, failCount, now))) return { refused: MSG.locked };
    const tenant = await findTenant(tx, tenantId);
    return { ok: { user: await findUserByAccount(tx, tenantId, username), tenantUsable: tenantUsable(tenant, now) } };
  });
  if ('refused' in found) ctx.logs.usual({ tenantId, tenantNamed: true, event: 'signin.locked', level: 'warn', data: { account: username }, ip: req.clientIp, userAgent: req.header('user-agent') });
  if ('refused' in found) throw new OAuthError(found.refused);
  const { user } = found.ok;
  const check = await verifyPassword(password, user?.password);
  if (!user || check === 'wrong') throw new OAuthError(MSG.badCredentials); // already counted
  const upgraded = check === 'ok-legacy' ? await hashPassword(password) : null;

  const outcome = await ctx.db.tenant(tenantId, async (tx): Promise<Outcome<TokenBody>> => {
    await clearAttempts(tx, attempt, now);
    if (upgraded) await setPasswordHash(tx, tenantId, user.id, upgraded, now);
    if (!found.ok.tenantUsable) return { refused: MSG.tenantExpired };
    const refusal = userRefusal(user);
    if (refusal) return { refused: refusal };
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
