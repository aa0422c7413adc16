import { ApiError, assertAccountQuota, type AuthUser, type CrudRepo, type DbRow, hashPassword, initialPassword, isBigintId, localInstant, localize, type LocalText, md5, MSG, MSG_QUOTA, namesById, type ServerContext, str, type Tx } from '../../core/sdk/server';
import { MSG_ACCOUNT_TAKEN } from './entities';
import { birthdayText, cellText, nameList, sexValue, type ImportRow } from './server-excel';
import { ADMINISTRATOR, assertMayTouch, parseUserBody, type UserInput } from './server-users';

/**
 * `POST import-user`: every row is checked as `submit` would check it (the same rules and messages),
 * plus what only a file can get wrong (an account twice, names that match nothing or several rows); a
 * refused row is reported (in the caller's language) and nothing of it is written, the others are written in one transaction.
 * New accounts get the tenant's initial password (`account.initPassword`; a row is refused while it breaks
 * the password rule); with `isCovered` an existing account is updated (its password kept), without it the
 * row is refused.
 */

export interface ImportReport {
  total: number;
  created: number;
  updated: number;
  rejected: { row: number; account: string; reason: string }[];
}

export const MSG_DUPLICATE_IN_FILE = { zh: '文件中账号重复', en: 'The account appears more than once in the file' };
const MSG_BAD_SEX = { zh: '用户性别格式不正确', en: 'The sex is not valid' };

/** What a name column of the file refers to. */
const ROLE = { zh: '角色', en: 'Role' };
const DEPT = { zh: '部门', en: 'Department' };
const POST = { zh: '岗位', en: 'Post' };

/** What the names of one column of the file designate: ids by name, and which of the names that are ids are live rows. */
interface Lookup {
  byName: Map<string, string[]>;
  liveIds: Set<string>;
}

/** The roles of the tenant (the kernel's table) by name, with their aliases. */
async function roleLookup(tx: Tx, tenantId: string): Promise<Lookup & { alias: Map<string, string> }> {
  const roles = await tx.query<{ id: string; role_name: string | null; role_alias: string | null }>(
    'select id::text as id, role_name, role_alias from blade_role where tenant_id = $1 and is_deleted = 0',
    [tenantId],
  );
  const byName = new Map<string, string[]>();
  for (const role of roles) {
    const name = role.role_name?.trim();
    if (name) byName.set(name, [...(byName.get(name) ?? []), role.id]);
  }
  return { byName, liveIds: new Set(roles.map((r) => r.id)), alias: new Map(roles.map((r) => [r.id, r.role_alias ?? ''])) };
}

type Extensions = Pick<ServerContext['extensions'], 'names' | 'idsByName' | 'parameters'>;

/** What the names of a column designate, asked of the plugin that keeps those rows (departments, posts). */
async function pluginLookup(tx: Tx, tenantId: string, extensions: Extensions, kind: string, names: readonly string[]): Promise<Lookup> {
  const byName = (await extensions.idsByName[kind]?.(tx, tenantId, names)) ?? new Map<string, string[]>();
  const ids = names.filter((name) => !byName.has(name) && /^\d{1,19}$/.test(name) && isBigintId(name));
  return { byName, liveIds: new Set((await namesById(extensions.names[kind], tx, tenantId, ids)).keys()) };
}

/** Names (or ids) → ids; throws the reason for the first that matches nothing or more than one row. */
function resolve(names: string[], table: Lookup, label: LocalText): string[] {
  return names.map((name) => {
    const ids = table.byName.get(name);
    if (ids?.length === 1) return ids[0]!;
    if (ids && ids.length > 1) throw new ApiError(400, { zh: `${label.zh}名称不唯一: ${name}`, en: `${label.en} name is ambiguous: ${name}` });
    if (/^\d{1,19}$/.test(name) && table.liveIds.has(name)) return name;
    throw new ApiError(400, { zh: `${label.zh}不存在: ${name}`, en: `${label.en} does not exist: ${name}` });
  });
}

interface Plan {
  row: number;
  account: string;
  input: UserInput;
  existing?: DbRow;
}

export async function importUsers(
  tx: Tx,
  repo: CrudRepo,
  caller: AuthUser,
  rows: readonly ImportRow[],
  covered: boolean,
  now: Date,
  extensions: Extensions,
): Promise<ImportReport> {
  const tenantId = caller.tenantId;
  const named = (column: 'deptName' | 'postName') => [...new Set(rows.flatMap((r) => nameList(r.cells[column])))];
  const roleTable = await roleLookup(tx, tenantId);
  // Departments by name; posts by name or code.
  const deptTable = await pluginLookup(tx, tenantId, extensions, 'dept', named('deptName'));
  const postTable = await pluginLookup(tx, tenantId, extensions, 'post', named('postName'));
  const accounts = [...new Set(rows.map((r) => cellText(r.cells.account)).filter(Boolean))];
  const existingRows = accounts.length
    ? await tx.query<DbRow>('select * from blade_user where tenant_id = $1 and account = any($2::varchar[]) and is_deleted = 0', [tenantId, accounts])
    : [];
  const existing = new Map(existingRows.map((u) => [str(u.account), u]));

  const rejected: ImportReport['rejected'] = [];
  const plans: Plan[] = [];
  // Read when the first new account needs it; a refusal (it breaks the rule) is each new row's reason.
  let initial: string | undefined;
  const seen = new Set<string>();
  for (const { row, cells } of rows) {
    const account = cellText(cells.account);
    try {
      if (account && seen.has(account)) throw new ApiError(400, MSG_DUPLICATE_IN_FILE);
      if (account) seen.add(account);
      const current = account ? existing.get(account) : undefined;
      if (current && !covered) throw new ApiError(400, MSG_ACCOUNT_TAKEN);
      const body: Record<string, unknown> = {};
      const text = (key: 'account' | 'name' | 'realName' | 'phone' | 'email' | 'code') => {
        const value = cellText(cells[key]);
        if (value) body[key] = value;
      };
      (['account', 'name', 'realName', 'phone', 'email', 'code'] as const).forEach(text);
      // The nickname defaults to the real name (or the account): the template may leave it out.
      if (!current && !body.name) body.name = body.realName ?? body.account;
      const sex = sexValue(cells.sex);
      if (sex === undefined) throw new ApiError(400, MSG_BAD_SEX);
      if (sex !== '') body.sex = sex;
      const birthday = birthdayText(cells.birthday);
      if (birthday) body.birthday = birthday;
      const roleNames = nameList(cells.roleName);
      const deptNames = nameList(cells.deptName);
      const postNames = nameList(cells.postName);
      if (roleNames.length) body.roleId = resolve(roleNames, roleTable, ROLE).join(',');
      if (deptNames.length) body.deptId = resolve(deptNames, deptTable, DEPT).join(',');
      if (postNames.length) body.postId = resolve(postNames, postTable, POST).join(',');
      if (!current) body.password = initial ??= await initialPassword(extensions, tx, tenantId);
      const input = parseUserBody(body, current ? 'edit' : 'add');
      if (!caller.isAdministrator && (input.refs.roleIds ?? []).some((id) => roleTable.alias.get(id) === ADMINISTRATOR)) {
        throw new ApiError(403, MSG.noPermission);
      }
      if (current) await assertMayTouch(tx, caller, [current]);
      plans.push({ row, account, input, existing: current });
    } catch (error) {
      if (!(error instanceof ApiError)) throw error;
      rejected.push({ row, account, reason: localize(error.text) });
    }
  }

  // The quota: as many new accounts as still fit, in file order; the rest are refused.
  const creates = plans.filter((p) => !p.existing);
  let fits = creates.length;
  if (fits > 0) {
    const allowed = async (n: number) =>
      assertAccountQuota(tx, tenantId, n).then(
        () => true,
        (error: unknown) => {
          if (error instanceof ApiError) return false;
          throw error;
        },
      );
    if (!(await allowed(fits))) {
      let low = 0;
      let high = fits - 1; // allowed(low) holds, allowed(high + 1) does not
      while (low < high) {
        const mid = Math.ceil((low + high) / 2);
        if (await allowed(mid)) low = mid;
        else high = mid - 1;
      }
      fits = low;
    }
  }
  const overQuota = new Set(creates.slice(fits));
  for (const plan of overQuota) rejected.push({ row: plan.row, account: plan.account, reason: localize(MSG_QUOTA) });

  const hash = creates.length > overQuota.size && initial ? await hashPassword(md5(initial)) : '';
  const createdIds: string[] = [];
  let updated = 0;
  for (const plan of plans) {
    if (overQuota.has(plan)) continue;
    const values = { ...plan.input.values };
    if (typeof values.birthday === 'string') values.birthday = localInstant(`${values.birthday} 00:00:00`);
    if (plan.existing) {
      await repo.update(tx, caller, str(plan.existing.id), values, now);
      updated++;
    } else {
      createdIds.push(await repo.insert(tx, caller, values, now));
    }
  }
  if (createdIds.length) await tx.query('update blade_user set password = $3 where tenant_id = $1 and id = any($2::bigint[])', [tenantId, createdIds, hash]);
  rejected.sort((a, b) => a.row - b.row);
  return { total: rows.length, created: createdIds.length, updated, rejected };
}
