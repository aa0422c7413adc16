import { defineResource } from '../../../core/sdk/shared';
import { systemStaffEntity } from './entity';

export { systemStaffEntity } from './entity';

/**
 * 系统员工 under 系统管理: every tenant's staff for the super administrator, read-only but for removal.
 * A tenant's own administrator never sees the menu, and the server refuses its calls.
 */
export const systemStaffResource = defineResource({
  entity: systemStaffEntity,
  menu: { parent: 'system', name: { zh: '系统员工', en: 'All staff' }, path: '/system/staff', icon: 'team', sort: 30, administratorOnly: true },
  actions: ['view', 'delete'],
  screen: () => import('./screens/SystemStaffPage'),
});
