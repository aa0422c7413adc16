import { localize, type LocalText } from '../i18n';
import type { Tx } from '../db/types';
import type { Extensions } from '../extensions';
import { commaList, formatDateTime, id, num, str } from '../http/format';
import { findTenant } from '../tenant/tenants';
import { namesOf, type UserRow } from './users';

const SEX: Record<number, LocalText> = { 1: { zh: '男', en: 'Male' }, 2: { zh: '女', en: 'Female' } };
const USER_TYPE = { 1: 'WEB', 2: 'APP', 3: 'OTHER' } as Record<number, string>;

/** BladeX `UserVO`: the user's columns in camelCase plus display names. Never the password. */
export async function userVO(tx: Tx, user: UserRow, names: Extensions['names']) {
  const lookup = async (kind: string, ids: string) => ((await names[kind]?.(tx, user.tenant_id, commaList(ids))) ?? []).join(',');
  const tenant = await findTenant(tx, user.tenant_id);
  return {
    id: id(user.id),
    tenantId: user.tenant_id,
    code: str(user.code),
    userType: num(user.user_type),
    account: user.account,
    name: str(user.name),
    realName: str(user.real_name),
    avatar: str(user.avatar),
    email: str(user.email),
    phone: str(user.phone),
    birthday: formatDateTime(user.birthday),
    sex: num(user.sex),
    roleId: commaList(user.role_id).join(','),
    deptId: commaList(user.dept_id).join(','),
    postId: commaList(user.post_id).join(','),
    createUser: id(user.create_user),
    createDept: id(user.create_dept),
    createTime: formatDateTime(user.create_time),
    updateUser: id(user.update_user),
    updateTime: formatDateTime(user.update_time),
    status: user.status,
    isDeleted: user.is_deleted,
    tenantName: str(tenant?.tenant_name),
    roleName: await namesOf(tx, 'blade_role', user.tenant_id, commaList(user.role_id)),
    deptName: await lookup('dept', user.dept_id ?? ''),
    postName: await lookup('post', user.post_id ?? ''),
    sexName: localize(SEX[user.sex ?? 0] ?? { zh: '', en: '' }),
    userTypeName: USER_TYPE[user.user_type] ?? '',
  };
}
