import type { LocalText } from '../../../core/sdk/shared';
import { bizError, type CrudHooks, MSG, type Tx, validIds } from '../../../core/sdk/server';
import { albumEntity } from '../album/entity';
import { staffEntity } from '../staff/entity';
import { companyEntity, DISABLED, ENABLED } from './entity';

/**
 * The default company of a tenant: at most one, always enabled. Every write that can change which
 * company is the default (an add, an edit of the status, a removal, `defaultCompany`) first takes the
 * tenant's company lock, so two of them never decide on the same stale view (two adds in an empty
 * tenant would both become the default; two `defaultCompany` calls could each clear the other's).
 */

export const MSG_REMOVE_DEFAULT = { zh: '请先设置其他公司为默认公司', en: 'Set another company as the default first' };
export const MSG_DISABLE_DEFAULT = { zh: '默认公司不能停用，请先设置其他公司为默认公司', en: 'The default company cannot be disabled: set another company as the default first' };
export const MSG_DEFAULT_DISABLED = { zh: '停用的公司不能设为默认公司', en: 'A disabled company cannot be the default' };

/** Why a company still in use may not go: what it still has, counted. */
export function companyInUseMessage(use: { staff: number; albums: number }, name?: string): LocalText {
  const zh = [use.staff > 0 ? `${use.staff} 名员工` : '', use.albums > 0 ? `${use.albums} 个案例相册` : ''].filter(Boolean).join('和 ');
  const en = [use.staff > 0 ? `${use.staff} staff member${use.staff === 1 ? '' : 's'}` : '', use.albums > 0 ? `${use.albums} case album${use.albums === 1 ? '' : 's'}` : '']
    .filter(Boolean)
    .join(' and ');
  return {
    zh: `${name === undefined ? '该公司' : `公司「${name}」`}下还有 ${zh}，请先移除或调至其他公司`,
    en: `${name === undefined ? 'The company' : `“${name}”`} still has ${en}: remove them or move them to another company first`,
  };
}

/**
 * Is `id` a live company of the tenant? Read with a share lock held to the end of the transaction, by
 * every write that puts a staff member or an album in a company: a removal of that company (which locks
 * its row for update before counting what it holds) then waits for the write's commit and counts it, or,
 * when the removal came first, the write waits for it and finds no company. Neither can slip past the other.
 */
export async function holdLiveCompany(tx: Tx, tenantId: string, id: string): Promise<boolean> {
  if (validIds([id]).length === 0) return false;
  const row = await tx.one<{ id: string }>(`select id::text as id from ${companyEntity.table} where id = $1 and tenant_id = $2 and is_deleted = 0 for share`, [id, tenantId]);
  return row !== undefined;
}

/** 400 when one of the companies still has live staff or albums (the first such company, by name when several go). */
async function refuseCompaniesInUse(tx: Tx, tenantId: string, ids: readonly string[]): Promise<void> {
  const rows = await tx.query<{ id: string; name: string; staff: number; albums: number }>(
    `select c.id::text as id, c.name,
        (select count(*)::int from ${staffEntity.table} s where s.tenant_id = c.tenant_id and s.company_id = c.id and s.is_deleted = 0) as staff,
        (select count(*)::int from ${albumEntity.table} a where a.tenant_id = c.tenant_id and a.company_id = c.id and a.is_deleted = 0) as albums
       from ${companyEntity.table} c
      where c.tenant_id = $1 and c.id = any($2::bigint[]) and c.is_deleted = 0
      order by c.id
      for update of c`,
    [tenantId, [...ids]],
  );
  const used = rows.find((row) => row.staff > 0 || row.albums > 0);
  if (used) throw bizError(companyInUseMessage(used, ids.length === 1 ? undefined : used.name));
}

/** The tenant's company lock, held until the transaction ends. */
export async function lockCompanies(tx: Tx, tenantId: string): Promise<void> {
  await tx.query(`select pg_advisory_xact_lock(hashtext('card_company_default'), hashtext($1))`, [tenantId]);
}

/** The id of the tenant's live default company, if any. */
async function defaultCompanyId(tx: Tx, tenantId: string): Promise<string | undefined> {
  const row = await tx.one<{ id: string }>(`select id::text as id from blade_company where tenant_id = $1 and is_deleted = 0 and is_default = 1 limit 1`, [tenantId]);
  return row?.id;
}

export const companyHooks: CrudHooks = {
  async beforeChange({ tx, user, mode, values, existing }) {
    await lockCompanies(tx, user.tenantId);
    if (mode === 'add') {
      // The first (enabled) company of a tenant becomes its default: a card always has a company to show.
      const enabled = (values.status ?? ENABLED) === ENABLED;
      values.isDefault = enabled && !(await defaultCompanyId(tx, user.tenantId)) ? 1 : 0;
      return;
    }
    if (values.status === DISABLED && Number(existing?.is_default) === 1) throw bizError(MSG_DISABLE_DEFAULT);
  },

  async beforeDelete({ tx, user, ids }) {
    await lockCompanies(tx, user.tenantId);
    const current = await defaultCompanyId(tx, user.tenantId);
    await refuseDefaultRemoval(tx, user.tenantId, ids, current);
    // A staff member or an album of a removed company would point at nothing: their cards show no employer.
    await refuseCompaniesInUse(tx, user.tenantId, ids);
  },
};

/** 400 when the default company would go while others remain. */
async function refuseDefaultRemoval(tx: Tx, tenantId: string, ids: readonly string[], current: string | undefined): Promise<void> {
  if (!current || !ids.includes(current)) return;
  // The default may go only with the last company: otherwise the user picks the next default.
  const others = await tx.one<{ id: string }>(`select id::text as id from blade_company where tenant_id = $1 and is_deleted = 0 and not (id = any($2::bigint[])) limit 1`, [tenantId, [...ids]]);
  if (others) throw bizError(MSG_REMOVE_DEFAULT);
}

/**
 * Makes `id` the tenant's default company (under the lock): the others lose the mark, this one gets it.
 * Refuses a company that is removed, of another tenant, or disabled.
 */
export async function makeDefaultCompany(tx: Tx, actor: { tenantId: string; userId: string }, id: string, now: Date): Promise<void> {
  await lockCompanies(tx, actor.tenantId);
  const target = await tx.one<{ status: number; is_default: number }>(`select status, is_default from blade_company where id = $1 and tenant_id = $2 and is_deleted = 0`, [id, actor.tenantId]);
  if (!target) throw bizError(MSG.notFound);
  if (Number(target.status) !== ENABLED) throw bizError(MSG_DEFAULT_DISABLED);
  if (Number(target.is_default) === 1) return;
  const userId = validIds([actor.userId])[0] ?? null;
  const at = new Date(Math.floor(now.getTime() / 1000) * 1000); // audit times to the second, as the engine keeps them
  await tx.query(`update blade_company set is_default = 0, update_user = $3, update_time = $4 where tenant_id = $1 and is_default = 1 and id <> $2`, [actor.tenantId, id, userId, at]);
  const set = await tx.query(`update blade_company set is_default = 1, update_user = $3, update_time = $4 where id = $2 and tenant_id = $1 and is_deleted = 0 and status = $5 returning id`, [
    actor.tenantId,
    id,
    userId,
    at,
    ENABLED,
  ]);
  if (set.length === 0) throw bizError(MSG.notFound);
}
