import type { AuthUser, ServerContext, Tx } from '../../../../core/sdk/server';
import type { TestServer } from '../../../../core/sdk/server-testing';
import { workflowService } from '../service';
import { LEAVE_PROCESS_XML } from './leave-process';

/** An AuthUser as a signed-in member's token would give it, for calling the service directly. */
export function member(tenantId: string, userId: string, account: string, roles: string[]): AuthUser {
  return {
    tenantId,
    userId,
    oauthId: '',
    account,
    userName: account,
    nickName: account,
    roleIds: [],
    roles,
    deptIds: [],
    postIds: [],
    clientId: 'saber',
    sessionId: '',
    isGuest: false,
    isAdministrator: false,
  };
}

export interface LeaveActors {
  applicant: AuthUser;
  approver: AuthUser;
  hr: AuthUser;
  /** A member with no part in the process. */
  other: AuthUser;
  definitionId: string;
}

/** In tenant 000000: an applicant, an approver, someone of role `hr`, a bystander; the leave process deployed. */
export async function leaveActors(ts: TestServer, tenantId = '000000'): Promise<LeaveActors> {
  const userRole = await ts.addRole({ tenantId, alias: `user_${tenantId}`, codes: [] });
  const hrRole = await ts.addRole({ tenantId, alias: 'hr', codes: [] });
  const add = async (account: string, roleId: string, roles: string[]) =>
    member(tenantId, await ts.addUser({ tenantId, account, password: account, roleId, realName: `${account}-name` }), account, roles);
  const applicant = await add('applicant', userRole, ['user']);
  const approver = await add('approver', userRole, ['user']);
  const hr = await add('hr', hrRole, ['hr']);
  const other = await add('other', userRole, ['user']);
  const { definitions } = await ts.ctx.db.system((tx) => workflowService.deploy(ts.ctx, tx, { xml: LEAVE_PROCESS_XML, category: 'flow_1', tenantIds: [tenantId] }));
  return { applicant, approver, hr, other, definitionId: definitions[0]!.id };
}

/** Runs `fn` in a request-like transaction of the user's tenant. */
export const asTenant = <T>(ctx: ServerContext, user: AuthUser, fn: (tx: Tx) => Promise<T>): Promise<T> => ctx.db.tenant(user.tenantId, fn);
