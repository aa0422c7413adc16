import { useMemo } from 'react';
import { Button, Input } from '@arco-design/web-react';
import { IconPlus } from '@arco-design/web-react/icon';
import { CrudPage, type Row, useCrudCan, useCrudList, useTranslation } from '../../../core/sdk/browser';
import { deptEntity } from '../index';

/** Every row of a tree, depth first. */
function flatten<R extends Row>(rows: readonly R[]): R[] {
  return rows.flatMap((row) => [row, ...flatten(Array.isArray(row.children) ? (row.children as R[]) : [])]);
}

/** The parent shown by its name ('顶级' for a root); never editable here. */
function ParentName({ value, names, top }: { value?: unknown; names: ReadonlyMap<string, string>; top: string }) {
  const id = value === undefined || value === null || value === '' ? '0' : String(value);
  return <Input value={id === '0' ? top : (names.get(id) ?? id)} disabled readOnly aria-readonly />;
}

/**
 * /system/dept: the departments as a tree table loaded level by level (`lazy-list?parentId=`, each row
 * saying `hasChildren`; searching lists every match), search on name and full name; add a root or a child under a row, edit / view / delete, each by its permission code.
 */
export default function DeptPage() {
  const { t } = useTranslation();
  const can = useCrudCan(deptEntity);
  const list = useCrudList({ entity: deptEntity, action: 'lazy-list', lazy: true });
  // Names of the rows loaded so far, and of their parents (each row says its parent's name).
  const names = useMemo(() => {
    const rows = flatten(list.rows);
    const map = new Map<string, string>();
    for (const row of rows) if (row.parentId && row.parentName) map.set(String(row.parentId), String(row.parentName));
    for (const row of rows) map.set(row.id ?? '', row.deptName ?? '');
    return map;
  }, [list.rows]);
  const fresh = (parentId: unknown): Row => ({ parentId: String(parentId ?? '0') });

  return (
    <CrudPage
      entity={deptEntity}
      list={list}
      rowActions={['view', 'edit', 'delete']}
      searchFields={['deptName', 'fullName']}
      newRow={() => fresh('0')}
      table={{ tree: true, columns: ['deptName', 'fullName', 'deptCategory', 'sort'] }}
      dialog={{
        form: { fields: ['parentId', 'deptName', 'fullName', 'deptCategory', 'sort', 'remark'], show: ['parentId'], disabled: ['parentId'], controls: { parentId: <ParentName names={names} top={t('dept.top')} /> } },
        beforeSave: (body, _mode, loaded) => ({ ...body, parentId: String(loaded.parentId ?? body.parentId ?? '0') }),
      }}
      extraRowActions={(row, { open }) =>
        can('add') && row.id ? (
          <Button type="text" size="mini" icon={<IconPlus />} onClick={() => open({ mode: 'add', initial: fresh(row.id) })}>
            {t('dept.addChild')}
          </Button>
        ) : null
      }
    />
  );
}
