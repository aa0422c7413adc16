import { CrudPage } from '../../../core/crud';
import { paramEntity } from '../entities';

/**
 * /system/param: columns paramName, paramKey, paramValue; search on name and key; the create-time range;
 * index and selection columns; add, edit, delete and the view button, each by its permission code.
 */
export default function ParamPage() {
  return <CrudPage entity={paramEntity} rowActions={['view', 'edit', 'delete']} />;
}
