import { type AuthUser, bizError, commaList, type DbRow, entityValidator, type EntityValues, formatDateTime, formatError, isBigintId, type Json, localize, type LocalText, MSG, noPermission, num, str, type Tx, validIds, type Where } from '../../core/sdk/server';
import { MSG_PHONE_LENGTH, USER_STATUS, USER_TYPES, userEntity } from './entities';

/**
 * The user resource's queries and rules, shared by the endpoints and the Excel import: the UserVO, the
 * body rules (the entity's, plus password, status and the phone length), the references a user may hold
 * (live roles, departments and posts of the caller's tenant) and who may touch an administrator.
 */

export const MSG_MISSING = MSG.notFound;
export const MSG_PASSWORD_REQUIRED = { zh: '请输入密码', en: 'Please enter the password' };
export const MSG_PASSWORD_MISMATCH = { zh: '两次密码输入不一致', en: 'The two passwords do not match' };
export const MSG_REMOVE_SELF = { zh: '不能删除本账号!', en: 'You cannot delete your own account' };
export const MSG_DISABLE_SELF = { zh: '不能停用本账号!', en: 'You cannot disable your own account' };
export const MSG_ROLE_MISSING = { zh: '所选角色不存在', en: 'A chosen role does not exist' };
export const MSG_DEPT_MISSING = { zh: '所选部门不存在', en: 'A chosen department does not exist' };
export const MSG_POST_MISSING = { zh: '所选岗位不存在', en: 'A chosen post does not exist' };
/** BladeX `account.initPassword`: what reset-password and imported accounts get. */
export const INIT_PASSWORD = '123456';
export const ADMINISTRATOR = 'administrator';
const MAX_PASSWORD = 64;

const SEX_NAME: Record<number, LocalText> = { 1: { zh: '男', en: 'Male' }, 2: { zh: '女', en: 'Female' }, 3: { zh: '未知', en: 'Unknown' } };
const STATUS_NAME = new Map(USER_STATUS.map((s) => [s.value, s.label]));
const TYPE_NAME = new Map(USER_TYPES.map((s) => [s.value, s.label]));
const nameOf = (text: LocalText | undefined) => (text ? localize(text) : '');

const pad = (n: number) => String(n).padStart(2, '0');

/** `yyyy-MM-dd` of a birthday stored as the server's local midnight. */
export function dateOnly(value: unknown): string {
  if (!(value instanceof Date) || Number.isNaN(value.getTime())) return '';
  return `${value.getFullYear()}-${pad(value.getMonth() + 1)}-${pad(value.getDate())}`;
}

/** Names by id of the live rows of a tenant table. */
async function nameMap(tx: Tx, table: 'blade_role' | 'blade_dept' | 'blade_post', tenantId: string, ids: string[]): Promise<Map<string, string>> {
  const list = [...new Set(validIds(ids))];
  if (list.length === 0) return new Map();
  const column = table === 'blade_role' ? 'role_name' : table === 'blade_dept' ? 'dept_name' : 'post_name';
  const rows = await tx.query<{ id: string; name: string | null }>(
    `select id::text as id, ${column} as name from ${table} where tenant_id = $1 and id = any($2::bigint[]) and is_deleted = 0`,
    [tenantId, list],
  );
  return new Map(rows.map((r) => [r.id, r.name ?? '']));
}

const joinNames = (ids: string[], names: Map<string, string>) => ids.flatMap((id) => (names.has(id) ? [names.get(id)!] : [])).join(',');

/**
 * BladeX `UserVO` of stored rows: the columns in camelCase, the role, department and post names
 * comma-joined in the user's order, `sexName`, `statusName`, `userTypeName`. Never the password.
 */
export async function userVOs(tx: Tx, tenantId: string, rows: readonly DbRow[]): Promise<Json[]> {
  const lists = rows.map((r) => ({ role: commaList(r.role_id), dept: commaList(r.dept_id), post: commaList(r.post_id) }));
  const [roles, depts, posts] = await Promise.all([
    nameMap(tx, 'blade_role', tenantId, lists.flatMap((l) => l.role)),
    nameMap(tx, 'blade_dept', tenantId, lists.flatMap((l) => l.dept)),
    nameMap(tx, 'blade_post', tenantId, lists.flatMap((l) => l.post)),
  ]);
  return rows.map((row, i) => {
    const l = lists[i]!;
    const status = Number(row.status);
    const userType = num(row.user_type);
    return {
      id: str(row.id),
      tenantId: str(row.tenant_id),
      code: str(row.code),
      userType,
      userTypeName: nameOf(TYPE_NAME.get(userType)),
      account: str(row.account),
      name: str(row.name),
      realName: str(row.real_name),
      avatar: str(row.avatar),
      email: str(row.email),
      phone: str(row.phone),
      birthday: formatDateTime(row.birthday),
      sex: num(row.sex),
      sexName: nameOf(SEX_NAME[Number(row.sex)]),
      roleId: l.role.join(','),
      deptId: l.dept.join(','),
      postId: l.post.join(','),
      roleName: joinNames(l.role, roles),
      deptName: joinNames(l.dept, depts),
      postName: joinNames(l.post, posts),
      createUser: str(row.create_user),
      createDept: str(row.create_dept),
      createTime: formatDateTime(row.create_time),
      updateUser: str(row.update_user),
      updateTime: formatDateTime(row.update_time),
      status,
      statusName: nameOf(STATUS_NAME.get(status)),
      isDeleted: num(row.is_deleted),
    };
  });
}

/** Live users of the tenant among `ids`. */
export async function usersByIds(tx: Tx, tenantId: string, ids: readonly string[]): Promise<DbRow[]> {
  const list = validIds([...ids]);
  if (list.length === 0) return [];
  return tx.query<DbRow>('select * from blade_user where tenant_id = $1 and id = any($2::bigint[]) and is_deleted = 0', [tenantId, list]);
}

/** Which of these users hold the `administrator` role (by alias, live roles of their tenant). */
async function administratorIds(tx: Tx, tenantId: string, users: readonly DbRow[]): Promise<Set<string>> {
  const roleIds = [...new Set(users.flatMap((u) => commaList(u.role_id)))];
  const admins = new Set(
    (await tx.query<{ id: string }>(
      `select id::text as id from blade_role where tenant_id = $1 and id = any($2::bigint[]) and role_alias = $3 and is_deleted = 0`,
      [tenantId, validIds(roleIds), ADMINISTRATOR],
    )).map((r) => r.id),
  );
  return new Set(users.filter((u) => commaList(u.role_id).some((r) => admins.has(r))).map((u) => str(u.id)));
}

/**
 * Only an administrator may change, remove, reset or re-grant a user who holds the administrator role
 * (otherwise a tenant admin with `user_reset` could take the super administrator's account over): 403.
 */
export async function assertMayTouch(tx: Tx, caller: AuthUser, users: readonly DbRow[]): Promise<void> {
  if (caller.isAdministrator || users.length === 0) return;
  if ((await administratorIds(tx, caller.tenantId, users)).size > 0) throw noPermission();
}

export interface Refs {
  roleIds?: string[];
  deptIds?: string[];
  postIds?: string[];
}

/** Live ids of a tenant table among `ids`. */
async function liveIds(tx: Tx, table: 'blade_role' | 'blade_dept' | 'blade_post', tenantId: string, ids: string[]): Promise<Set<string>> {
  const rows = await tx.query<{ id: string }>(`select id::text as id from ${table} where tenant_id = $1 and id = any($2::bigint[]) and is_deleted = 0`, [tenantId, validIds(ids)]);
  return new Set(rows.map((r) => r.id));
}

/**
 * Every role, department and post given must be a live row of the caller's tenant (400 naming which),
 * and only an administrator may hand out the administrator role (403).
 */
export async function assertRefs(tx: Tx, caller: AuthUser, refs: Refs): Promise<void> {
  const check = async (table: 'blade_role' | 'blade_dept' | 'blade_post', ids: string[] | undefined, message: LocalText) => {
    if (!ids?.length) return;
    const live = await liveIds(tx, table, caller.tenantId, ids);
    if (ids.some((id) => !live.has(id))) throw bizError(message);
  };
  await check('blade_role', refs.roleIds, MSG_ROLE_MISSING);
  await check('blade_dept', refs.deptIds, MSG_DEPT_MISSING);
  await check('blade_post', refs.postIds, MSG_POST_MISSING);
  if (refs.roleIds?.length && !caller.isAdministrator) {
    const admin = await tx.one(
      `select 1 as found from blade_role where tenant_id = $1 and id = any($2::bigint[]) and role_alias = $3 and is_deleted = 0 limit 1`,
      [caller.tenantId, refs.roleIds, ADMINISTRATOR],
    );
    if (admin) throw noPermission();
  }
}

export interface UserInput {
  /** Column values by field name (the entity's fields present in this mode). */
  values: EntityValues;
  /** The typed password (add only). */
  password?: string;
  /** 0, 1 or 2 when given. */
  status?: number;
  refs: Refs;
}

const validator = entityValidator(userEntity);

/** A JSON body as an object; ids lists given as arrays are joined as BladeX sends them. */
export function bodyObject(input: unknown): Record<string, unknown> {
  if (typeof input !== 'object' || input === null || Array.isArray(input)) throw bizError(formatError('body'));
  const body = { ...(input as Record<string, unknown>) };
  for (const key of ['roleId', 'deptId', 'postId']) {
    const value = body[key];
    if (Array.isArray(value)) body[key] = value.map((v) => (typeof v === 'string' || typeof v === 'number' ? String(v).trim() : '\u0000')).join(',');
  }
  return body;
}

/**
 * The rules of a user body: the entity's (required fields, lengths, patterns) with the phone's length
 * checked first (the dialog checks it in the same order), then on add the password (`password2`, when sent, must match), and the status.
 */
export function parseUserBody(input: unknown, mode: 'add' | 'edit'): UserInput {
  const body = bodyObject(input);
  const phone = body.phone;
  if (typeof phone === 'string' && phone.trim() !== '' && phone.length !== 11) throw bizError(MSG_PHONE_LENGTH);
  const { values } = validator.parse(body, mode);
  let password: string | undefined;
  if (mode === 'add') {
    const raw = body.password;
    if (raw === undefined || raw === null || raw === '') throw bizError(MSG_PASSWORD_REQUIRED);
    if (typeof raw !== 'string') throw bizError(formatError('password'));
    if (raw.length > MAX_PASSWORD) throw bizError(MSG.tooLong('password', MAX_PASSWORD));
    const again = body.password2;
    if (again !== undefined && again !== null && again !== raw) throw bizError(MSG_PASSWORD_MISMATCH);
    password = raw;
  }
  let status: number | undefined;
  const rawStatus = body.status;
  if (rawStatus !== undefined && rawStatus !== null && rawStatus !== '') {
    status = typeof rawStatus === 'number' ? rawStatus : typeof rawStatus === 'string' && /^\d$/.test(rawStatus.trim()) ? Number(rawStatus) : NaN;
    if (!USER_STATUS.some((s) => s.value === status)) throw bizError(formatError('status'));
  }
  const list = (name: string): string[] | undefined => {
    const value = values[name];
    return value === undefined || value === null ? undefined : [...new Set(commaList(value))];
  };
  const refs: Refs = { roleIds: list('roleId'), deptIds: list('deptId'), postIds: list('postId') };
  for (const name of ['roleId', 'deptId', 'postId'] as const) {
    const ids = list(name);
    if (ids) values[name] = ids.join(',');
  }
  return { values, password, status, refs };
}

/** `deptId=`: users in that department or any department below it (its descendants by `ancestors`). */
export function deptSubtree(tenantId: string, deptId: string): Where {
  if (!isBigintId(deptId)) throw bizError(formatError('deptId'));
  return (p) => {
    const dept = p.add(deptId);
    return `string_to_array(dept_id, ',') && array(select d.id::text from blade_dept d where d.tenant_id = ${p.add(tenantId)} and d.is_deleted = 0
      and (d.id = ${dept}::bigint or ${dept}::text = any(string_to_array(d.ancestors, ','))))`;
  };
}

/** `status_equal=`: one status (the column is the audit `status`, not an entity field). */
export function statusEqual(value: string): Where {
  if (!/^\d{1,9}$/.test(value.trim())) throw bizError(MSG.malformedFilter('status_equal'));
  return (p) => `status = ${p.add(Number(value.trim()))}`;
}
