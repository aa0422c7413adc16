import type { Tx } from '../db/types';
import { commaList } from '../http/format';
import { isBigintId, type IdGenerator } from '../ids';

/** `blade_user` status: 1 approved, 0 waiting for an administrator (guest registration). */
export const USER_APPROVED = 1;
export const USER_PENDING = 0;

export interface UserRow {
  id: string;
  tenant_id: string;
  code: string | null;
  user_type: number;
  account: string;
  password: string | null;
  name: string | null;
  real_name: string | null;
  avatar: string | null;
  email: string | null;
  phone: string | null;
  birthday: Date | null;
  sex: number | null;
  role_id: string | null;
  dept_id: string | null;
  post_id: string | null;
  create_user: string | null;
  create_dept: string | null;
  create_time: Date | null;
  update_user: string | null;
  update_time: Date | null;
  status: number;
  is_deleted: number;
}

export interface RoleRow {
  id: string;
  role_alias: string;
  role_name: string;
}

/** Only well-formed ids reach SQL as bigint (a stray value in a comma list must not become a 500). */
export const validIds = (list: string[]) => list.filter(isBigintId);
export const isId = (value: string | undefined): value is string => !!value && isBigintId(value);

export async function findUserByAccount(tx: Tx, tenantId: string, account: string): Promise<UserRow | undefined> {
  return tx.one<UserRow>('select * from blade_user where tenant_id = $1 and account = $2 and is_deleted = 0', [tenantId, account]);
}

export async function findUserById(tx: Tx, tenantId: string, id: string): Promise<UserRow | undefined> {
  if (!isId(id)) return undefined;
  return tx.one<UserRow>('select * from blade_user where tenant_id = $1 and id = $2 and is_deleted = 0', [tenantId, id]);
}

/** The user's roles that exist in the tenant, in their sort order. */
export async function rolesOf(tx: Tx, tenantId: string, roleIds: string[]): Promise<RoleRow[]> {
  const list = validIds(roleIds);
  if (list.length === 0) return [];
  return tx.query<RoleRow>(
    `select id, role_alias, role_name from blade_role
      where tenant_id = $1 and id = any($2::bigint[]) and is_deleted = 0 order by sort, id`,
    [tenantId, list],
  );
}

/** Comma-joined names of rows of a kernel table (role names) for a VO. */
const NAME_COLUMN = { blade_role: 'role_name' } as const;

export async function namesOf(tx: Tx, table: keyof typeof NAME_COLUMN, tenantId: string, idList: string[]): Promise<string> {
  const list = validIds(idList);
  if (list.length === 0) return '';
  const rows = await tx.query<{ name: string }>(
    `select ${NAME_COLUMN[table]} as name from ${table} where tenant_id = $1 and id = any($2::bigint[]) and is_deleted = 0 order by id`,
    [tenantId, list],
  );
  return rows.map((r) => r.name).join(',');
}

export interface NewUser {
  id?: string;
  tenantId: string;
  account: string;
  passwordHash: string;
  name: string;
  realName: string;
  email?: string;
  phone?: string;
  avatar?: string;
  roleIds: string[];
  deptIds?: string[];
  postIds?: string[];
  status?: number;
  createUser?: string | null;
}

export async function insertUser(tx: Tx, idGen: IdGenerator, u: NewUser): Promise<string> {
  const id = u.id ?? idGen.next();
  await tx.query(
    `insert into blade_user (id, tenant_id, account, password, name, real_name, email, phone, avatar, role_id, dept_id, post_id, status, create_user, update_user)
     values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $14)`,
    [
      id,
      u.tenantId,
      u.account,
      u.passwordHash,
      u.name,
      u.realName,
      u.email ?? '',
      u.phone ?? '',
      u.avatar ?? '',
      u.roleIds.join(','),
      (u.deptIds ?? []).join(','),
      (u.postIds ?? []).join(','),
      u.status ?? USER_APPROVED,
      u.createUser ?? null,
    ],
  );
  return id;
}

export async function setPasswordHash(tx: Tx, tenantId: string, id: string, hash: string, now: Date): Promise<void> {
  await tx.query('update blade_user set password = $3, update_user = $2, update_time = $4 where tenant_id = $1 and id = $2', [tenantId, id, hash, now]);
}

export const roleIdsOf = (user: Pick<UserRow, 'role_id'>) => commaList(user.role_id);
