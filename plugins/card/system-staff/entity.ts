import { defineEntity } from '../../../core/sdk/shared';
import { staffEntity } from '../staff/entity';

/**
 * The staff of every tenant, as the super administrator sees them (系统员工): the same rows as the
 * tenants' own staff screens, read across tenants with the tenant they belong to, and removable; nothing
 * is added or edited here. Its table is the staff's (kept by that entity): this definition only reads it.
 */
const staff = staffEntity.fields;

export const systemStaffEntity = defineEntity({
  name: 'systemStaff',
  label: { zh: '系统员工', en: 'All staff' },
  table: staffEntity.table,
  syncTable: false,
  permission: 'staff_system',
  tenant: false,
  api: { base: '/api/staff/system', list: 'page', save: 'save-update', removeIds: 'query' },
  createTimeRange: true,
  sort: { field: 'createTime', order: 'desc' },
  fields: {
    tenantId: { type: 'string', label: { zh: '租户ID', en: 'Tenant ID' }, column: 'tenant_id', maxLength: 12, writable: 'never', search: 'equal', width: 96 },
    tenantName: { type: 'string', label: { zh: '租户名称', en: 'Tenant' }, virtual: true, width: 120 },
    avatar: staff.avatar,
    name: { ...staff.name, required: undefined },
    companyId: { type: 'id', label: staff.companyId.label, list: false },
    companyName: { type: 'string', label: staff.companyId.label, virtual: true, width: 130 },
    position: { ...staff.position, list: false },
    deptName: staff.deptName,
    mobile: { ...staff.mobile, required: undefined },
    email: staff.email,
    status: { ...staff.status, required: undefined },
    isDefault: staff.isDefault,
    userId: staff.userId,
    userAccount: staff.userAccount,
    cardUrl: staff.cardUrl,
  },
});
