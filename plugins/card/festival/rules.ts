import { bizError, commaList, type CrudHooks, type DbRow, type EntityValues, type Json, str, type Tx, validIds } from '../../../core/sdk/server';
import { ENABLED } from '../company/entity';
import { nextOccurrence } from './dates';
import { ALL_COMPANIES, CHOSEN_COMPANIES } from './entity';

/**
 * The festival rules of a save: chosen companies are required (and must be the tenant's) when the scope
 * says so, and two enabled festivals may not fall on the same day for the same company, where a festival
 * for all companies meets every other on its day. The check runs under the tenant's festival lock, held
 * to the end of the transaction: two saves at once cannot both see the day free.
 */

export const MSG_COMPANIES_REQUIRED = { zh: '请选择适用公司', en: 'Please choose the companies' };
export const MSG_COMPANY_UNKNOWN = { zh: '适用公司不存在', en: 'A chosen company does not exist' };
const MAX_COMPANIES = 100;
const MSG_TOO_MANY = { zh: `适用公司最多选择 ${MAX_COMPANIES} 个`, en: `At most ${MAX_COMPANIES} companies can be chosen` };
export const clashMessage = (other: string) => ({
  zh: `该日期已有启用的节日「${other}」适用于相同的公司`,
  en: `The enabled festival “${other}” already falls on this date for the same companies`,
});

export async function lockFestivals(tx: Tx, tenantId: string): Promise<void> {
  await tx.query(`select pg_advisory_xact_lock(hashtext('card_festival_date'), hashtext($1))`, [tenantId]);
}

/** A festival as the rules see it, after the save (stored values with the sent ones over them). */
interface Festival {
  date: string;
  scope: number;
  companyIds: string[];
  status: number;
}

function merged(values: EntityValues, existing: DbRow | undefined): Festival {
  const pick = (field: string, column: string) => (field in values ? values[field] : existing?.[column]);
  return {
    date: str(pick('date', 'date')),
    scope: Number(pick('scope', 'scope') ?? ALL_COMPANIES),
    companyIds: commaList(pick('companyIds', 'company_ids')),
    status: Number(pick('status', 'status') ?? ENABLED),
  };
}

/** Do two festivals on the same day meet at a company? */
const meet = (a: Festival, b: Festival) => a.scope === ALL_COMPANIES || b.scope === ALL_COMPANIES || a.companyIds.some((id) => b.companyIds.includes(id));

export const festivalHooks: CrudHooks = {
  async beforeChange({ tx, user, mode, values, existing, id }) {
    if (mode === 'add') values.scope ??= ALL_COMPANIES;
    const festival = merged(values, existing);
    if (festival.scope === CHOSEN_COMPANIES) {
      const ids = [...new Set(festival.companyIds)];
      if (ids.length === 0) throw bizError(MSG_COMPANIES_REQUIRED);
      if (ids.length > MAX_COMPANIES) throw bizError(MSG_TOO_MANY);
      const known = await tx.query<{ id: string }>(`select id::text as id from blade_company where tenant_id = $1 and is_deleted = 0 and id = any($2::bigint[])`, [user.tenantId, validIds(ids)]);
      if (known.length !== ids.length) throw bizError(MSG_COMPANY_UNKNOWN);
      values.companyIds = ids.join(',');
      festival.companyIds = ids;
    } else if ('scope' in values || festival.companyIds.length) {
      // All companies: a list left from an earlier choice would only mislead.
      values.companyIds = '';
      festival.companyIds = [];
    }
    if (festival.status !== ENABLED) return;
    await lockFestivals(tx, user.tenantId);
    const others = await tx.query<{ id: string; name: string; scope: number; company_ids: string | null }>(
      `select id::text as id, name, scope, company_ids from blade_festival
        where tenant_id = $1 and is_deleted = 0 and status = $2 and date = $3 and ($4::bigint is null or id <> $4::bigint)
        order by id`,
      [user.tenantId, ENABLED, festival.date, id ?? null],
    );
    const clash = others.find((o) => meet(festival, { date: festival.date, scope: Number(o.scope), companyIds: commaList(o.company_ids), status: ENABLED }));
    if (clash) throw bizError(clashMessage(clash.name));
  },
};

/**
 * What a festival row shows besides its fields: when it falls next and in how many days, and the names of
 * the companies it is chosen for (removed ones left out).
 */
export async function addFestivalViews(tx: Tx, tenantId: string, rows: Json[], today: Date): Promise<void> {
  const ids = [...new Set(rows.flatMap((r) => (Number(r.scope) === CHOSEN_COMPANIES ? commaList(r.companyIds) : [])))];
  const names = new Map<string, string>();
  if (ids.length) {
    const found = await tx.query<{ id: string; name: string }>(`select id::text as id, name from blade_company where tenant_id = $1 and is_deleted = 0 and id = any($2::bigint[])`, [tenantId, validIds(ids)]);
    for (const row of found) names.set(row.id, row.name);
  }
  for (const row of rows) {
    const next = nextOccurrence(str(row.date), today);
    row.nextDate = next?.date ?? '';
    row.daysUntil = next?.days ?? -1;
    row.companyNames = Number(row.scope) === CHOSEN_COMPANIES ? commaList(row.companyIds).flatMap((id) => (names.has(id) ? [names.get(id)!] : [])).join('、') : '';
  }
}
