import type { Context, Hono } from 'hono';
import { z } from 'zod';
import type { AppEnv, ServerContext } from '../context';
import { ApiError, bizError } from '../http/errors';
import { clientIp } from '../http/client-ip';
import { MSG as HTTP_MSG } from '../http/messages';
import { rData } from '../http/r';
import { optionalParam, parseInput, readParams } from '../http/validate';
import { ADMIN_TENANT, TENANT_ID } from '../tenant/tenants';
import { renderCaptcha, randomCode } from './captcha/render';
import { saveCaptcha } from './captcha/store';
import { authenticateClient } from './client';
import { captchaGrant, passwordGrant } from './grants/password';
import { refreshGrant } from './grants/refresh';
import type { TokenRequest } from './grants/request';
import { socialGrant } from './grants/social';
import type { TokenBody } from './issue';
import { describeRoute } from '../openapi/describe';
import { limitRequest } from '../ratelimit/middleware';
import { RetryLater } from '../ratelimit/retry-later';
import { CAPTCHA_DOC, CLEAR_CACHE_DOC, LOGOUT_DOC, REFRESH_DOC, RENDER_DOC, TOKEN_DOC, USER_INFO_DOC } from './routes-doc';
import { currentUser } from './middleware';
import { MSG, OAuthError } from './oauth-error';
import { revokeFamily } from './refresh-tokens';
import { createOAuthCode } from './social/codes';
import { DEMO_SOURCE, newDemoIdentity } from './social/demo-provider';

type Grant = (ctx: ServerContext, req: TokenRequest) => Promise<TokenBody>;

/** BladeX's raw acknowledgement for logout and clear-cache. */
const ACK = { success: 'true', msg: 'success' };

/** `/blade-auth/oauth/*`: tokens, captcha, third-party sign-in, logout. */
export function authRoutes(api: Hono<AppEnv>, ctx: ServerContext): void {
  const grants: Record<string, Grant> = {
    password: passwordGrant,
    captcha: captchaGrant,
    social: socialGrant,
    refresh_token: (ctx, req) => refreshGrant(ctx, req, !!(req.params.tenantId || req.header('Tenant-Id'))),
  };

  async function token(c: Context<AppEnv>, forcedGrant?: string) {
    try {
      const params = await readParams(c);
      const grantType = forcedGrant ?? (params.grant_type?.trim() || 'password');
      const tenantId = (params.tenantId || c.req.header('Tenant-Id') || ADMIN_TENANT).trim();
      if (!TENANT_ID.test(tenantId)) throw bizError(HTTP_MSG.badFormat('tenantId'));
      // Counted before any work (guesses at one account from one address too), answered OAuth-style.
      const account = params.username?.trim().toLowerCase();
      await limitRequest(c, ctx, account ? { name: 'signInAccount', parts: [tenantId, account] } : undefined);
      const client = await ctx.db.global((tx) => authenticateClient(tx, c.req.header('Authorization'), ctx.extensions.clients));
      const grant = Object.hasOwn(grants, grantType) ? grants[grantType] : undefined;
      if (!grant) throw new OAuthError(MSG.unsupportedGrant(grantType.slice(0, 32)));
      if (!client.grantTypes.includes(grantType)) throw new OAuthError(MSG.grantNotAllowed(grantType));
      const userType = (c.req.header('User-Type') || 'web').slice(0, 16);
      const body = await grant(ctx, { params, header: (name) => c.req.header(name), client, tenantId, userType, clientIp: clientIp(c) });
      c.header('Cache-Control', 'no-store');
      return c.json(body);
    } catch (error) {
      // The token endpoint answers OAuth-style, whatever refused the request.
      if (error instanceof RetryLater) error.announce(c);
      if (error instanceof OAuthError) return c.json(error.body(), error.status);
      if (error instanceof ApiError) return c.json(new OAuthError(error.text, error.status).body(), error.status);
      throw error;
    }
  }

  api.post('/blade-auth/oauth/token', describeRoute(TOKEN_DOC), (c) => token(c));
  api.post('/blade-auth/oauth/token/refresh', describeRoute(REFRESH_DOC), (c) => token(c, 'refresh_token'));

  api.get('/blade-auth/oauth/captcha', describeRoute(CAPTCHA_DOC), async (c) => {
    const code = randomCode();
    const key = await ctx.db.global((tx) => saveCaptcha(tx, code, ctx.now()));
    c.header('Cache-Control', 'no-store');
    return c.json({ key, image: `data:image/png;base64,${renderCaptcha(code).toString('base64')}` });
  });

  // The demo provider's "authorize" page: it approves at once and sends the browser back to /login.
  const renderQuery = z.object({ state: optionalParam(128) });
  api.get('/blade-auth/oauth/render/:source', describeRoute(RENDER_DOC(renderQuery)), async (c) => {
    const source = c.req.param('source');
    if (source !== DEMO_SOURCE) throw bizError(MSG.unsupportedSocial(source.slice(0, 32)));
    const { state } = parseInput(renderQuery, c.req.query());
    const code = await ctx.db.global((tx) => createOAuthCode(tx, newDemoIdentity(), ctx.now()));
    const query = new URLSearchParams({ source, code, state: state ?? '' });
    return c.redirect(`/login?${query.toString()}`, 302);
  });

  api.on(['GET', 'POST'], '/blade-auth/oauth/logout', describeRoute(LOGOUT_DOC), async (c) => {
    const user = c.get('user');
    if (user?.sessionId) await ctx.db.tenant(user.tenantId, (tx) => revokeFamily(ctx, tx, user.tenantId, user.sessionId));
    return c.json(ACK);
  });

  api.get('/blade-auth/oauth/clear-cache', describeRoute(CLEAR_CACHE_DOC), (c) => c.json(ACK));

  api.get('/blade-auth/oauth/user-info', describeRoute(USER_INFO_DOC), (c) => {
    const u = currentUser(c);
    return c.json(
      rData({
        clientId: u.clientId,
        userId: u.userId,
        tenantId: u.tenantId,
        oauthId: u.oauthId,
        account: u.account,
        userName: u.userName,
        nickName: u.nickName,
        roleId: u.roleIds.join(','),
        roleName: u.roles.join(','),
        deptId: u.deptIds.join(','),
        postId: u.postIds.join(','),
      }),
    );
  });
}
