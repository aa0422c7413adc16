import type { Hono } from 'hono';
import { z } from 'zod';
import { currentMember, currentUser } from '../auth/middleware';
import { hashPassword, verifyPassword } from '../auth/password';
import { assertHashedPasswordRule, passwordRuleOf } from '../auth/password-policy';
import { revokeUserSessions } from '../auth/refresh-tokens';
import { bindIdentity, findIdentity } from '../auth/social/identities';
import type { AppEnv, ServerContext } from '../context';
import { isUniqueViolation } from '../db/errors';
import { bizError, unauthorized } from '../http/errors';
import { rData, rSuccess } from '../http/r';
import { md5Param, param, parseInput, readJson, readParams, zodMessage } from '../http/validate';
import { readParameters } from '../parameters';
import { assertAccountQuota, findTenant, tenantUsable, TENANT_ID } from '../tenant/tenants';
import { PROFILE_COLUMNS, profileSchema, type ProfileInput } from './profile-schema';
import { findUserByAccount, findUserById, insertUser, setPasswordHash, USER_PENDING } from './users';
import { userVO } from './vo';
import { describeRoute } from '../openapi/describe';

const ACCOUNT = /^[A-Za-z0-9_.@-]+$/;

const MSG = {
  badTenant: { zh: '租户信息错误!', en: 'Wrong tenant' },
  badAccount: { zh: '账号只能包含字母、数字和 _ . @ -', en: 'An account may contain only letters, digits and _ . @ -' },
  confirmMismatch: { zh: '请输入正确的确认密码!', en: 'The confirmation does not match the new password' },
  wrongOldPassword: { zh: '原密码不正确!', en: 'The current password is wrong' },
  registered: { zh: '当前用户已注册', en: 'You are already registered' },
  identityMismatch: { zh: '第三方授权信息不匹配', en: 'The third-party authorization does not match' },
  identityBound: { zh: '该第三方账号已绑定用户', en: 'This third-party account is already bound to a user' },
  accountTaken: { zh: '当前账号已被使用!', en: 'This account is already taken' },
  applied: { zh: '注册申请已提交,请耐心等待管理员审核', en: 'Your application has been sent; an administrator will review it' },
  otherTenant: { zh: '只能在第三方登录所在的租户注册', en: 'You can register only in the tenant you signed in to' },
  registrationClosed: { zh: '当前租户未开放注册', en: 'This tenant does not accept registrations' },
};

const passwordChange = z.object({ oldPassword: md5Param, newPassword: md5Param, newPassword1: md5Param });

const guestRegistration = z.object({
  tenantId: param(12).pipe(z.string().regex(TENANT_ID, zodMessage(MSG.badTenant))),
  name: param(20),
  account: param(45).pipe(z.string().regex(ACCOUNT, zodMessage(MSG.badAccount))),
  password: md5Param,
  oauthId: param(64),
});

/** `/blade-user/*` for the signed-in user: own profile and password, and a guest's registration. */
export function userRoutes(api: Hono<AppEnv>, ctx: ServerContext): void {
  api.get('/blade-user/info', describeRoute({ summary: { zh: '当前用户的资料', en: "The signed-in user's profile" } }), async (c) => {
    const me = currentMember(c);
    const vo = await ctx.db.tenant(me.tenantId, async (tx) => {
      const user = await findUserById(tx, me.tenantId, me.userId);
      return user ? userVO(tx, user, ctx.extensions.names) : null;
    });
    if (!vo) throw unauthorized(); // the account was removed since the token was issued
    return c.json(rData(vo));
  });

  // The rule new passwords follow in the caller's tenant, for the forms that set one (a guest's too).
  api.get('/blade-user/password-rule', describeRoute({ summary: { zh: '新密码须遵守的规则', en: 'The rule a new password follows' } }), async (c) => {
    const me = currentUser(c);
    const rule = await ctx.db.tenant(me.tenantId, (tx) => passwordRuleOf(ctx.extensions, tx, me.tenantId));
    return c.json(rData(rule));
  });

  api.post('/blade-user/update-info', describeRoute({ summary: { zh: '修改个人资料', en: 'Change my profile' }, body: profileSchema }), async (c) => {
    const me = currentMember(c);
    const input = parseInput(profileSchema, await readJson(c));
    const fields = (Object.keys(PROFILE_COLUMNS) as (keyof ProfileInput)[]).filter((k) => input[k] !== undefined && input[k] !== null);
    if (fields.length > 0) {
      const sets = fields.map((k, i) => `${PROFILE_COLUMNS[k]} = $${i + 3}`);
      await ctx.db.tenant(me.tenantId, (tx) =>
        tx.query(
          `update blade_user set ${sets.join(', ')}, update_user = $2, update_time = $${fields.length + 3}
            where tenant_id = $1 and id = $2 and is_deleted = 0`,
          [me.tenantId, me.userId, ...fields.map((k) => input[k]), ctx.now()],
        ),
      );
    }
    return c.json(rSuccess());
  });

  api.post('/blade-user/update-password', describeRoute({ summary: { zh: '修改密码', en: 'Change my password' }, description: { zh: '密码均为 MD5（32 位小写十六进制）；成功后本人其他设备上的会话结束。', en: "Every password is an MD5 (32 lower-case hex digits); on success the user's other sessions end." }, params: passwordChange }), async (c) => {
    const me = currentMember(c);
    const params = await readParams(c);
    const { oldPassword, newPassword, newPassword1 } = parseInput(passwordChange, params);
    if (newPassword !== newPassword1) throw bizError(MSG.confirmMismatch);
    const { user, rule } = await ctx.db.tenant(me.tenantId, async (tx) => ({
      user: await findUserById(tx, me.tenantId, me.userId),
      rule: await passwordRuleOf(ctx.extensions, tx, me.tenantId),
    }));
    if (!user) throw unauthorized();
    if ((await verifyPassword(oldPassword, user.password)) === 'wrong') throw bizError(MSG.wrongOldPassword);
    assertHashedPasswordRule(params, 'newPassword', newPassword, rule);
    const hash = await hashPassword(newPassword);
    await ctx.db.tenant(me.tenantId, async (tx) => {
      await setPasswordHash(tx, me.tenantId, me.userId, hash, ctx.now());
      // Other signed-in devices must sign in again with the new password; this session goes on.
      await revokeUserSessions(ctx, tx, me.tenantId, me.userId, me.sessionId);
    });
    return c.json(rSuccess());
  });

  /**
   * A guest (third-party identity) applies for an account in the tenant it signed in to, while that
   * tenant's `account.registerUser` is on: it is created PENDING, bound to the identity, with the tenant's
   * `user` role, and counts against the tenant's account quota; an administrator approves it later.
   */
  api.post('/blade-user/register-guest', describeRoute({ summary: { zh: '访客申请注册账号', en: 'A guest applies for an account' }, description: { zh: '以第三方登录所得的访客令牌调用；账号创建为待审核状态。', en: 'Called with the guest token of a third-party sign-in; the account is created pending approval.' }, params: guestRegistration }), async (c) => {
    const me = currentUser(c);
    if (!me.isGuest) throw bizError(MSG.registered);
    const params = await readParams(c);
    const input = parseInput(guestRegistration, params);
    if (input.oauthId !== me.oauthId) throw bizError(MSG.identityMismatch);
    // The guest token names the tenant of the third-party sign-in; another tenant is not the guest's to join.
    if (input.tenantId !== me.tenantId) throw bizError(MSG.otherTenant);
    const { tenantId } = me;
    const now = ctx.now();
    // Everything that refuses, checked before the slow hash; checked again where the account is written.
    const { identity, rule } = await ctx.db.tenant(tenantId, async (tx) => {
      const identity = await findIdentity(tx, tenantId, me.oauthId);
      if (!identity) throw bizError(MSG.identityMismatch);
      if (identity.userId) throw bizError(MSG.identityBound);
      if (!tenantUsable(await findTenant(tx, tenantId), now)) throw bizError(MSG.badTenant);
      if (!(await readParameters(ctx.extensions, tx, tenantId, ['registerUser'])).registerUser) throw bizError(MSG.registrationClosed);
      await assertAccountQuota(tx, tenantId);
      if (await findUserByAccount(tx, tenantId, input.account)) throw bizError(MSG.accountTaken);
      return { identity, rule: await passwordRuleOf(ctx.extensions, tx, tenantId) };
    });
    assertHashedPasswordRule(params, 'password', input.password, rule);
    const hash = await hashPassword(input.password);
    try {
      await ctx.db.tenant(tenantId, async (tx) => {
        // Locks the tenant row: concurrent registrations are counted one after the other against the quota.
        await assertAccountQuota(tx, tenantId);
        if (await findUserByAccount(tx, tenantId, input.account)) throw bizError(MSG.accountTaken);
        const role = await tx.one<{ id: string }>(
          `select id from blade_role where tenant_id = $1 and role_alias = 'user' and is_deleted = 0 order by sort limit 1`,
          [tenantId],
        );
        const userId = await insertUser(tx, ctx.ids, {
          tenantId,
          account: input.account,
          passwordHash: hash,
          name: input.name,
          realName: input.name,
          avatar: identity.avatar,
          roleIds: role ? [role.id] : [],
          status: USER_PENDING,
        });
        await bindIdentity(tx, ctx.ids, tenantId, identity, userId);
      });
    } catch (error) {
      if (isUniqueViolation(error)) throw bizError(MSG.accountTaken); // lost a race for the same account
      throw error;
    }
    return c.json(rSuccess(MSG.applied));
  });
}
