import {
  type AuthUser,
  bizError,
  commaList,
  type DbRow,
  entityValidator,
  type EntityValues,
  formatDateTime,
  formatError,
  isBigintId,
  type Json,
  localize,
  type LocalText,
  MSG,
  namesById,
  noPermission,
  num,
  type ServerContext,
  str,
  type Tx,
  validIds,
  type Where,
} from '../../core/sdk/server';
import { MSG_PHONE_LENGTH, USER_STATUS, USER_TYPES, userEntity } from './entities';

/**
 * The user resource's rules, shared by the engine's hooks, the endpoints written by hand and the Excel
 * import: the UserVO, the parts of a body the entity does not cover (password, status, the phone's length,
 * lists of ids), the references a user may hold (live roles of the kernel, departments and posts as their
 * plugins know them) and who may touch an administrator.
 */

export const MSG_MISSING = MSG.notFound;
export const MSG_PASSWORD_REQUIRED = { zh: '请输入密码', en: 'Please enter the password' };
export const MSG_PASSWORD_MISMATCH = { zh: '两次密码输入不一致', en: 'The two passwords do not match' };
export const MSG_REMOVE_SELF = { zh: '不能删除本账号!', en: 'You cannot delete your own account' };
export const MSG_DISABLE_SELF = { zh: '不能停用本账号!', en: 'You cannot disable your own account' };
export const MSG_ROLE_MISSING = { zh: '所选角色不存在', en: 'A chosen role does not exist' };
export const MSG_DEPT_MISSING = { zh: '所选部门不存在', en: 'A chosen department does not exist' };
export const MSG_POST_MISSING = { zh: '所选岗位不存在', en: 'A chosen post does not exist' };
export const ADMINISTRATOR = 'administrator';
const MAX_PASSWORD = 64;

/** The kernel's name lookups (departments and posts come from their plugins). */
type Names = ServerContext['extensions']['names'];

const SEX_NAME: Record<number, LocalText> = { 1: { zh: '男', en: 'Male' }, 2: { zh: '女', en: 'Female' }, 3: { zh: '未知', en: 'Unknown' } };
const STATUS_NAME = new Map(USER_STATUS.map((s) => [s.value, s.label]));
const TYPE_NAME = new Map(USER_TYPES.map((s) => [s.value, s.label]));
const nameOf = (text: LocalText | undefined) => (text ? localize(text) : '');

/** The tenant's live roles among `ids` (the kernel's table): name and alias by id. */
async function rolesById(tx: Tx, tenantId: string, ids: string[]): Promise<Map<string, { name: string; alias: string }>> {
  const list = [...new Set(validIds(ids))];
  if (list.length === 0) return new Map();
  const rows = await tx.query<{ id: string; role_name: string | null; role_alias: string | null }>(
    `select id::text as id, role_name, role_alias from blade_role where tenant_id = $1 and id = any($2::bigint[]) and is_deleted = 0`,
    [tenantId, list],
  );
  return new Map(rows.map((r) => [r.id, { name: r.role_name ?? '', alias: r.role_alias ?? '' }]));
}

const joinNames = (ids: string[], names: Map<string, string>) => ids.flatMap((id) => (names.has(id) ? [names.get(id)!] : [])).join(',');

/**
 * BladeX `UserVO` of stored rows: the columns in camelCase, the role, department and post names
 * comma-joined in the user's order, `sexName`, `statusName`, `userTypeName`. Never the password.
 */
export async function userVOs(tx: Tx, tenantId: string, rows: readonly DbRow[], names: Names): Promise<Json[]> {
  const lists = rows.map((r) => ({ role: commaList(r.role_id), dept: commaList(r.dept_id), post: commaList(r.post_id) }));
  const live = (ids: string[]) => validIds(ids);
  const roles = new Map([...(await rolesById(tx, tenantId, lists.flatMap((l) => l.role)))].map(([id, role]) => [id, role.name]));
  const depts = await namesById(names.dept, tx, tenantId, live(lists.flatMap((l) => l.dept)));
  const posts = await namesById(names.post, tx, tenantId, live(lists.flatMap((l) => l.post)));
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

const holdsAdministrator = (roles: Map<string, { alias: string }>) => [...roles.values()].some((role) => role.alias === ADMINISTRATOR);

/**
 * Only an administrator may change, remove, reset or re-grant a user who holds the administrator role
 * (otherwise a tenant admin with `user_reset` could take the super administrator's account over): 403.
 */
export async function assertMayTouch(tx: Tx, caller: AuthUser, users: readonly DbRow[]): Promise<void> {
  if (caller.isAdministrator || users.length === 0) return;
  if (holdsAdministrator(await rolesById(tx, caller.tenantId, users.flatMap((u) => commaList(u.role_id))))) throw noPermission();
}

export interface Refs {
  roleIds?: string[];
  deptIds?: string[];
  postIds?: string[];
}

/** Whether every id is a live row as the lookup knows it (no lookup: none is). */
async function allLive(lookup: Names[string] | undefined, tx: Tx, tenantId: string, ids: readonly string[]): Promise<boolean> {
  if (!ids.every(isBigintId) || !lookup) return false;
  return (await lookup(tx, tenantId, ids)).length === ids.length;
}

/**
 * Every role, department and post given must be a live row of the caller's tenant (400 naming which),
 * and only an administrator may hand out the administrator role (403). `ids` lists hold no repeats.
 */
export async function assertRefs(tx: Tx, caller: AuthUser, refs: Refs, names: Names): Promise<void> {
  const roles = await rolesById(tx, caller.tenantId, refs.roleIds ?? []);
  if (refs.roleIds && roles.size !== refs.roleIds.length) throw bizError(MSG_ROLE_MISSING);
  if (refs.deptIds?.length && !(await allLive(names.dept, tx, caller.tenantId, refs.deptIds))) throw bizError(MSG_DEPT_MISSING);
  if (refs.postIds?.length && !(await allLive(names.post, tx, caller.tenantId, refs.postIds))) throw bizError(MSG_POST_MISSING);
  if (!caller.isAdministrator && holdsAdministrator(roles)) throw noPermission();
}

/**
 * A body as a client sends it, made ready for the entity's rules: ids lists given as arrays are joined as
 * BladeX sends them, and the phone's length is checked first (the dialog checks it in the same order).
 */
export function normaliseBody(body: Record<string, unknown>): void {
  for (const key of ['roleId', 'deptId', 'postId']) {
    const value = body[key];
    if (Array.isArray(value)) body[key] = value.map((v) => (typeof v === 'string' || typeof v === 'number' ? String(v).trim() : '\u0000')).join(',');
  }
  const phone = body.phone;
  if (typeof phone === 'string' && phone.trim() !== '' && phone.length !== 11) throw bizError(MSG_PHONE_LENGTH);
}

/** The typed password of a new account (`password2`, when sent, must match). */
export function passwordOf(body: Readonly<Record<string, unknown>>): string {
  const raw = body.password;
  if (raw === undefined || raw === null || raw === '') throw bizError(MSG_PASSWORD_REQUIRED);
  if (typeof raw !== 'string') throw bizError(formatError('password'));
  if (raw.length > MAX_PASSWORD) throw bizError(MSG.tooLong('password', MAX_PASSWORD));
  const again = body.password2;
  if (again !== undefined && again !== null && again !== raw) throw bizError(MSG_PASSWORD_MISMATCH);
  return raw;
}

/** The status sent (0, 1 or 2), if any: the audit column `status`, not a field of the entity. */
export function statusOf(body: Readonly<Record<string, unknown>>): number | undefined {
  const raw = body.status;
  if (raw === undefined || raw === null || raw === '') return undefined;
  const status = typeof raw === 'number' ? raw : typeof raw === 'string' && /^\d$/.test(raw.trim()) ? Number(raw) : NaN;
  if (!USER_STATUS.some((s) => s.value === status)) throw bizError(formatError('status'));
  return status;
}

/** The ids lists of validated values without repeats (the values rewritten so), as references to check. */
export function refsOf(values: EntityValues): Refs {
  const list = (name: 'roleId' | 'deptId' | 'postId'): string[] | undefined => {
    const value = values[name];
    if (value === undefined || value === null) return undefined;
    const ids = [...new Set(commaList(value))];
    values[name] = ids.join(',');
    return ids;
  };
  return { roleIds: list('roleId'), deptIds: list('deptId'), postIds: list('postId') };
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

/** The whole rules of a user body, as `submit` applies them through its hooks (the Excel import's rows). */
export function parseUserBody(input: Record<string, unknown>, mode: 'add' | 'edit'): UserInput {
  const body = { ...input };
  normaliseBody(body);
  const { values } = validator.parse(body, mode);
  const password = mode === 'add' ? passwordOf(body) : undefined;
  const status = statusOf(body);
  return { values, password, status, refs: refsOf(values) };
}

/**
 * `deptId=`: users in that department or any department below it, as the department plugin knows them
 * (without it: that department alone).
 */
export async function deptSubtree(ctx: ServerContext, tx: Tx, tenantId: string, deptId: string): Promise<Where> {
  if (!isBigintId(deptId)) throw bizError(formatError('deptId'));
  const within = ctx.extensions.orgUnitsWithin ? await ctx.extensions.orgUnitsWithin(tx, tenantId, [deptId]) : [deptId];
  return (p) => `string_to_array(dept_id, ',') && ${p.add(within)}::text[]`;
}

/** `status_equal=`: one status (the column is the audit `status`, not an entity field). */
export function statusEqual(value: string): Where {
  if (!/^\d{1,9}$/.test(value.trim())) throw bizError(MSG.malformedFilter('status_equal'));
  return (p) => `status = ${p.add(Number(value.trim()))}`;
}
