import { assertAccountQuota, assertPasswordRule, bizError, hashPassword, localInstant, md5, type MountCrudOptions, passwordRuleOf, revokeUserSessions, type ServerContext, str, type Tx } from '../../core/sdk/server';
import {
  assertMayTouch,
  assertRefs,
  deptSubtree,
  MSG_DISABLE_SELF,
  MSG_REMOVE_SELF,
  normaliseBody,
  passwordOf,
  refsOf,
  statusEqual,
  statusOf,
  userVOs,
  usersByIds,
} from './server-users';

/** The list's parameters that are no field's filter: a department with those below it, and the status. */
export function userListParams(ctx: ServerContext): NonNullable<MountCrudOptions['params']> {
  return {
    deptId: (value, { tx, user }) => deptSubtree(ctx, tx, user.tenantId, value),
    status_equal: (value) => statusEqual(value),
  };
}

/**
 * The user resource on the engine (`page`, `detail`, `submit`, `update`, `remove` of the kernel's
 * `blade_user`): the list's own parameters, the UserVO on the way out, and the rules of an account as
 * hooks. A new account gets its password, which must follow the tenant's password rule (hashed in the
 * transaction: accounts are made one at a time, by an administrator), and its status; an edit never changes the password, and a renamed or disabled account
 * signs in again (or not at all); a removed one's sessions end. Nobody removes or disables themselves, and
 * only an administrator touches an administrator.
 */
export function userResource(ctx: ServerContext): MountCrudOptions {
  const endSessions = (tx: Tx, tenantId: string, userId: string, keep?: string) => revokeUserSessions(ctx, tx, tenantId, userId, keep);
  return {
    update: true,
    params: userListParams(ctx),
    hooks: {
      async beforeValidate({ tx, user, body, existing }) {
        // A caller who may not touch the account learns nothing from the body's rules.
        if (existing) await assertMayTouch(tx, user, [existing]);
        normaliseBody(body);
      },
      async beforeChange({ tx, user, mode, values, id, body }) {
        if (mode === 'add') assertPasswordRule(passwordOf(body), await passwordRuleOf(ctx.extensions, tx, user.tenantId));
        const status = statusOf(body);
        if (mode === 'edit' && id === user.userId && status !== undefined && status !== 1) throw bizError(MSG_DISABLE_SELF);
        await assertRefs(tx, user, refsOf(values), ctx.extensions.names);
        if (mode === 'add') await assertAccountQuota(tx, user.tenantId);
        // A birthday is the server's local midnight (a timestamptz column).
        if (typeof values.birthday === 'string') values.birthday = localInstant(`${values.birthday} 00:00:00`);
      },
      async afterChange({ tx, user, mode, values, id, existing, body }) {
        const status = statusOf(body);
        if (mode === 'add') {
          const hash = await hashPassword(md5(passwordOf(body)));
          await tx.query('update blade_user set password = $3, status = $4 where tenant_id = $1 and id = $2', [user.tenantId, id, hash, status ?? 1]);
          return;
        }
        if (status !== undefined) await tx.query('update blade_user set status = $3 where tenant_id = $1 and id = $2', [user.tenantId, id, status]);
        const renamed = typeof values.account === 'string' && values.account !== str(existing?.account);
        if (renamed || (status !== undefined && status !== 1)) await endSessions(tx, user.tenantId, id, id === user.userId ? user.sessionId : undefined);
      },
      async beforeDelete({ tx, user, ids }) {
        if (ids.includes(user.userId)) throw bizError(MSG_REMOVE_SELF);
        const targets = await usersByIds(tx, user.tenantId, ids);
        await assertMayTouch(tx, user, targets);
        for (const target of targets) await endSessions(tx, user.tenantId, str(target.id));
      },
      async afterRead({ tx, user, rows, raw }) {
        const vos = await userVOs(tx, user.tenantId, raw, ctx.extensions.names);
        rows.forEach((row, i) => Object.assign(row, vos[i]));
      },
    },
  };
}
