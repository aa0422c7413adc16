import { commaList } from '../http/format';
import { ADMIN_TENANT } from '../tenant/tenants';
import type { AccessClaims } from './jwt';

/** The caller, rebuilt from the access token's claims on every request (BladeX `BladeUser`). */
export interface AuthUser {
  tenantId: string;
  /** "" for a guest (signed in through a third party, not yet a user). */
  userId: string;
  oauthId: string;
  account: string;
  userName: string;
  nickName: string;
  roleIds: string[];
  /** Role aliases (`administrator`, `user`, `guest`). */
  roles: string[];
  deptIds: string[];
  postIds: string[];
  clientId: string;
  /** The refresh-token family this sign-in started: logout ends exactly this session. */
  sessionId: string;
  isGuest: boolean;
  /**
   * The super administrator: a role aliased `administrator` in the administrators' tenant 000000. Holds
   * every code and writes what all tenants share (clients, menus, system dictionaries). The alias alone
   * means nothing in another tenant: the role API refuses it there, and a row that has it anyway grants
   * no more than its menus.
   */
  isAdministrator: boolean;
}

export const GUEST_ROLE = 'guest';
export const ADMINISTRATOR_ROLE = 'administrator';

/** The one definition of the super administrator (see `AuthUser.isAdministrator`). */
export function isSuperAdministrator(tenantId: string, roleAliases: readonly string[]): boolean {
  return tenantId === ADMIN_TENANT && roleAliases.includes(ADMINISTRATOR_ROLE);
}

export function userFromClaims(claims: AccessClaims): AuthUser {
  const roles = commaList(claims.role_name);
  return {
    tenantId: claims.tenant_id,
    userId: claims.user_id,
    oauthId: claims.oauth_id,
    account: claims.account,
    userName: claims.user_name,
    nickName: claims.nick_name,
    roleIds: commaList(claims.role_id),
    roles,
    deptIds: commaList(claims.dept_id),
    postIds: commaList(claims.post_id),
    clientId: claims.client_id,
    sessionId: claims.sid,
    isGuest: !claims.user_id && roles.includes(GUEST_ROLE),
    isAdministrator: isSuperAdministrator(claims.tenant_id, roles),
  };
}
