import { CrudPage, useTranslation } from '../../../../core/sdk/browser';
import { staffCells } from '../../staff/screens/cells';
import { systemStaffEntity } from '../entity';

/**
 * /system/staff (系统员工): every tenant's staff for the super administrator, with their tenant; read-only
 * but for viewing and removal.
 */
export default function SystemStaffPage() {
  const { t } = useTranslation();
  return <CrudPage entity={systemStaffEntity} rowActions={['view', 'delete']} iconActions table={{ cells: staffCells(t) }} />;
}
