import type { AuthUser } from '../../../core/sdk/server';

/**
 * A tenant's administrator as the server acts for it outside a request (the demo seed making certificate
 * files, a test reading the export): every code, and no data scope narrowing what it reads.
 */
export const tenantAdministrator = (tenantId: string, userId: string): AuthUser => ({
  tenantId,
  userId,
  oauthId: '',
  account: 'admin',
  userName: 'admin',
  nickName: 'admin',
  roleIds: [],
  roles: ['administrator'],
  deptIds: [],
  postIds: [],
  clientId: 'saber',
  sessionId: '',
  isGuest: false,
  isAdministrator: true,
});
