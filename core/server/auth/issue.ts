import type { ServerContext } from '../context';
import type { Tx } from '../db/types';
import { commaList, str } from '../http/format';
import type { RoleRow, UserRow } from '../user/users';
import type { Client } from './client';
import type { SignedToken } from './jwt';
import { recordRefresh } from './refresh-tokens';
import { GUEST_ROLE } from './user';

/** The raw token answer of BladeX `/oauth/token` (not wrapped in `R`): the union of the known variants. */
export interface TokenBody {
  tenant_id: string;
  user_id: string;
  dept_id: string;
  post_id: string;
  role_id: string;
  oauth_id: string;
  account: string;
  user_name: string;
  nick_name: string;
  real_name: string;
  role_name: string;
  avatar: string;
  access_token: string;
  refresh_token: string;
  token_type: 'bearer';
  expires_in: number;
  scope: 'all';
  client_id: string;
  detail: { type: string };
  license: string;
  jti: string;
}

/** Who a token is for: what goes into its claims and, with the tokens, into the answer. */
interface Subject {
  tenant_id: string;
  user_id: string;
  dept_id: string;
  post_id: string;
  role_id: string;
  oauth_id: string;
  account: string;
  nick_name: string;
  role_name: string;
  avatar: string;
  /** Session (refresh family) id; "" for a guest. */
  sid: string;
  userType: string;
}

async function signAccess(ctx: ServerContext, client: Client, s: Subject): Promise<SignedToken> {
  return ctx.tokens.signAccess(
    {
      client_id: client.clientId,
      tenant_id: s.tenant_id,
      user_id: s.user_id,
      oauth_id: s.oauth_id,
      role_id: s.role_id,
      role_name: s.role_name,
      dept_id: s.dept_id,
      post_id: s.post_id,
      account: s.account,
      user_name: s.account,
      nick_name: s.nick_name,
      detail: { type: s.userType },
      sid: s.sid,
    },
    client.accessValidity,
  );
}

function tokenBody(client: Client, s: Subject, access: SignedToken, refreshToken: string): TokenBody {
  return {
    tenant_id: s.tenant_id,
    user_id: s.user_id,
    dept_id: s.dept_id,
    post_id: s.post_id,
    role_id: s.role_id,
    oauth_id: s.oauth_id,
    account: s.account,
    user_name: s.account,
    nick_name: s.nick_name,
    real_name: s.nick_name,
    role_name: s.role_name,
    avatar: s.avatar,
    access_token: access.token,
    refresh_token: refreshToken,
    token_type: 'bearer',
    expires_in: client.accessValidity,
    scope: 'all',
    client_id: client.clientId,
    detail: { type: s.userType },
    license: 'powered by bladex',
    jti: access.jti,
  };
}

export interface UserSignIn {
  client: Client;
  user: UserRow;
  /** The roles this session carries (all the user's, or the one chosen with `Role-Id`). */
  roles: RoleRow[];
  deptIds: string[];
  oauthId?: string;
  /** `User-Type` header: web, app, other. */
  userType: string;
  /** Continue a session (refresh) rather than start one. */
  familyId?: string;
}

/** Signs a user's access and refresh tokens and records the refresh token. */
export async function issueUserTokens(ctx: ServerContext, tx: Tx, s: UserSignIn): Promise<TokenBody> {
  const { client, user } = s;
  const subject: Subject = {
    tenant_id: user.tenant_id,
    user_id: user.id,
    dept_id: s.deptIds.join(','),
    post_id: commaList(user.post_id).join(','),
    role_id: s.roles.map((r) => r.id).join(','),
    oauth_id: s.oauthId ?? '',
    account: user.account,
    // BladeX's nick_name is the real name.
    nick_name: str(user.real_name) || str(user.name) || user.account,
    role_name: s.roles.map((r) => r.role_alias).join(','),
    avatar: str(user.avatar),
    sid: s.familyId ?? ctx.ids.next(),
    userType: s.userType,
  };
  const access = await signAccess(ctx, client, subject);
  const refresh = await ctx.tokens.signRefresh(
    { client_id: client.clientId, tenant_id: subject.tenant_id, user_id: subject.user_id, role_id: subject.role_id, dept_id: subject.dept_id, sid: subject.sid },
    client.refreshValidity,
  );
  await recordRefresh(
    tx,
    ctx.ids,
    { tenantId: user.tenant_id, userId: user.id, clientId: client.clientId, familyId: subject.sid, jti: refresh.jti, expiresAt: refresh.expiresAt, accessExpiresAt: access.expiresAt },
    ctx.now(),
  );
  return tokenBody(client, subject, access, refresh.token);
}

export interface GuestIdentity {
  tenantId: string;
  uuid: string;
  username: string;
  nickname: string;
  avatar: string;
}

/**
 * A third-party identity bound to no user yet: an access token with the single role `guest` and no
 * user id, which grants no menu and no API but registering. No refresh token:
 * the guest registers or signs in again.
 */
export async function issueGuestToken(ctx: ServerContext, client: Client, g: GuestIdentity, userType: string): Promise<TokenBody> {
  const subject: Subject = {
    tenant_id: g.tenantId,
    user_id: '',
    dept_id: '',
    post_id: '',
    role_id: '',
    oauth_id: g.uuid,
    account: g.username,
    nick_name: g.nickname,
    role_name: GUEST_ROLE,
    avatar: g.avatar,
    sid: '',
    userType,
  };
  return tokenBody(client, subject, await signAccess(ctx, client, subject), '');
}
