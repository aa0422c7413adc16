import type { LocalText } from '../../i18n';
import { commaList } from '../../http/format';
import type { Tx } from '../../db/types';
import { rolesOf, roleIdsOf, USER_APPROVED, USER_PENDING, type RoleRow, type UserRow } from '../../user/users';
import { MSG } from '../oauth-error';

/** Why this user may not sign in (pending approval, disabled), or null. */
export function userRefusal(user: UserRow): LocalText | null {
  if (user.status === USER_PENDING) return MSG.pending;
  if (user.status !== USER_APPROVED) return MSG.disabled;
  return null;
}

/**
 * The roles and departments the session carries. With `switchMode` the browser sends `Role-Id` /
 * `Dept-Id` to sign in as one of them; only ones the user really has are honoured.
 */
export async function sessionScope(
  tx: Tx,
  user: UserRow,
  header: (name: string) => string | undefined,
  limitTo?: string[],
): Promise<{ roles: RoleRow[]; deptIds: string[] } | { refused: LocalText }> {
  let roles = await rolesOf(tx, user.tenant_id, roleIdsOf(user));
  const roleId = header('Role-Id')?.trim();
  if (roleId) roles = roles.filter((r) => r.id === roleId);
  if (limitTo) roles = roles.filter((r) => limitTo.includes(r.id));
  if (roles.length === 0) return { refused: MSG.noRoles };
  let deptIds = commaList(user.dept_id);
  const deptId = header('Dept-Id')?.trim();
  if (deptId && deptIds.includes(deptId)) deptIds = [deptId];
  return { roles, deptIds };
}
