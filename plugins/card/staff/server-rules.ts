import { bizError, type DbRow, entityNames, type Json, type MountCrudOptions, MSG, namesById, type ServerContext, str, type Tx, validIds } from '../../../core/sdk/server';
import { DISABLED, ENABLED, companyEntity } from '../company/entity';
import { holdLiveCompany } from '../company/rules';
import { cardDomain, cardUrl } from './card-link';
import { staffEntity } from './entity';

/**
 * The staff resource's rules, shared by the engine's hooks, the endpoints written by hand and the Excel
 * import: a company that is a live company of the tenant, the company's one default card, and what a row
 * shows besides its columns (the linked user's account, the card's address).
 */

export const MSG_COMPANY_MISSING = { zh: '所选公司不存在', en: 'The chosen company does not exist' };
export const MSG_STAFF_DISABLED = { zh: '停用的员工不能设为默认名片', en: 'A disabled staff member cannot be the default card' };

export const STAFF_TABLE = staffEntity.table;
const companyNames = entityNames(companyEntity, 'name');

/** The live companies of the tenant among `ids`, by id. */
export function companiesById(tx: Tx, tenantId: string, ids: readonly string[]): Promise<Map<string, string>> {
  return namesById(companyNames, tx, tenantId, validIds([...ids]));
}

/**
 * 400 unless `companyId` is a live company of the tenant (the form's choices are not a rule the server can
 * trust), held so that the company cannot be removed before this save commits.
 */
export async function assertCompany(tx: Tx, tenantId: string, companyId: unknown): Promise<void> {
  if (companyId === null || companyId === undefined) return;
  if (!(await holdLiveCompany(tx, tenantId, String(companyId)))) throw bizError(MSG_COMPANY_MISSING);
}

/**
 * The company's default-card lock, held until the transaction ends: `defaultStaff` calls for one company
 * take turns, so two of them never each clear the other's mark and both set their own.
 */
async function lockCompanyDefault(tx: Tx, tenantId: string, companyId: string): Promise<void> {
  await tx.query(`select pg_advisory_xact_lock(hashtext('card_staff_default'), hashtext($1))`, [`${tenantId}:${companyId}`]);
}

/**
 * Makes staff `id` the default card of its company: under the company's lock, the others lose the mark
 * and this one gets it, each by a conditional update. A removed, unknown or disabled staff member is
 * refused.
 */
export async function makeDefaultStaff(tx: Tx, actor: { tenantId: string; userId: string }, id: string, now: Date): Promise<void> {
  const found = await tx.one<{ company_id: string }>(`select company_id::text as company_id from ${STAFF_TABLE} where id = $1 and tenant_id = $2 and is_deleted = 0`, [id, actor.tenantId]);
  if (!found) throw bizError(MSG.notFound);
  await lockCompanyDefault(tx, actor.tenantId, found.company_id);
  // Read again under the lock: the row may have moved to another company or been disabled meanwhile.
  const target = await tx.one<{ company_id: string; status: number; is_default: number }>(
    `select company_id::text as company_id, status, is_default from ${STAFF_TABLE} where id = $1 and tenant_id = $2 and is_deleted = 0`,
    [id, actor.tenantId],
  );
  if (!target || target.company_id !== found.company_id) throw bizError(MSG.notFound);
  if (Number(target.status) !== ENABLED) throw bizError(MSG_STAFF_DISABLED);
  if (Number(target.is_default) === 1) return;
  const userId = validIds([actor.userId])[0] ?? null;
  const at = new Date(Math.floor(now.getTime() / 1000) * 1000); // audit times to the second, as the engine keeps them
  await tx.query(
    `update ${STAFF_TABLE} set is_default = 0, update_user = $4, update_time = $5 where tenant_id = $1 and company_id = $2 and is_default = 1 and id <> $3`,
    [actor.tenantId, target.company_id, id, userId, at],
  );
  const set = await tx.query(
    `update ${STAFF_TABLE} set is_default = 1, update_user = $4, update_time = $5 where id = $3 and tenant_id = $1 and company_id = $2 and is_deleted = 0 and status = $6 returning id`,
    [actor.tenantId, target.company_id, id, userId, at, ENABLED],
  );
  if (set.length === 0) throw bizError(MSG.notFound);
}

/** The accounts of the tenant's live users among `ids`, by id. */
async function accountsById(tx: Tx, tenantId: string, ids: readonly string[]): Promise<Map<string, string>> {
  const list = [...new Set(validIds([...ids]))];
  if (list.length === 0) return new Map();
  const rows = await tx.query<{ id: string; account: string }>('select id::text as id, account from blade_user where tenant_id = $1 and id = any($2::bigint[]) and is_deleted = 0', [
    tenantId,
    list,
  ]);
  return new Map(rows.map((r) => [r.id, r.account]));
}

/**
 * What a staff row shows besides its columns, for rows of any tenant (the system view's too): the linked
 * user's account (empty once that user is removed, and `userId` with it) and the card's address.
 */
export async function decorateStaffRows(ctx: Pick<ServerContext, 'extensions' | 'tokens'>, tx: Tx, rows: Json[], raw: readonly DbRow[]): Promise<void> {
  const tenants = [...new Set(raw.map((r) => str(r.tenant_id)))];
  for (const tenantId of tenants) {
    const mine = raw.flatMap((r, i) => (str(r.tenant_id) === tenantId ? [i] : []));
    const accounts = await accountsById(tx, tenantId, mine.map((i) => str(raw[i]!.user_id)));
    const domain = await cardDomain(ctx, tx, tenantId);
    for (const i of mine) {
      const row = rows[i]!;
      const account = accounts.get(str(raw[i]!.user_id));
      row.userAccount = account ?? '';
      if (!account) row.userId = '';
      row.cardUrl = cardUrl(ctx, domain, tenantId, str(raw[i]!.id));
    }
  }
}

/**
 * The engine's options for the staff resource: a live company, the default
 * mark dropped when a card changes company or is disabled (a company's default card is one of its
 * enabled staff), and the rows' account and card address.
 */
export function staffResourceOptions(ctx: ServerContext): MountCrudOptions {
  return {
    hooks: {
      async beforeChange({ tx, user, mode, values, existing }) {
        await assertCompany(tx, user.tenantId, values.companyId);
        // A new card is nobody's default until `defaultStaff` says so.
        if (mode === 'add') values.isDefault = 0;
        if (mode !== 'edit' || !existing || Number(existing.is_default) !== 1) return;
        const moved = values.companyId !== undefined && values.companyId !== null && String(values.companyId) !== str(existing.company_id);
        if (moved || values.status === DISABLED) values.isDefault = 0;
      },
      async afterRead({ tx, rows, raw }) {
        await decorateStaffRows(ctx, tx, rows, raw);
      },
    },
  };
}
