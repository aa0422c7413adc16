import { useMemo } from 'react';
import { Button, Input } from '@arco-design/web-react';
import { IconPlus } from '@arco-design/web-react/icon';
import { CrudPage, type Row, useCrudCan, useCrudList, useTranslation } from '../../../core/sdk/browser';
import { withTreeKeys } from './body';
import { dictEntities, type DictKind } from './kinds';
import { SealedSwitch } from './SealedSwitch';

/** The parent of a child row, shown by its name (the id stays the form's value). Never editable. */
function ParentName({ value, names }: { value?: unknown; names: ReadonlyMap<string, string> }) {
  const id = value === undefined || value === null ? '' : String(value);
  return <Input value={names.get(id) ?? id} disabled readOnly aria-readonly />;
}

/** Every row of a tree, depth first. */
function flatten(rows: readonly Row[]): Row[] {
  return rows.flatMap((row) => [row, ...flatten(Array.isArray(row.children) ? (row.children as Row[]) : [])]);
}

export interface ChildListProps {
  kind: DictKind;
  /** The dictionary (parent row) whose entries these are. */
  parent: Row;
  compact?: boolean;
  className?: string;
}

/**
 * The entries of one dictionary (`child-list?parentId=`, a tree): search on key and name, add (the
 * code and the parent given and not editable; the parent shown by its name), add an entry under an
 * entry, edit / view / delete by permission, and the isSealed switch.
 */
export function ChildList({ kind, parent, compact = false, className }: ChildListProps) {
  const { t } = useTranslation();
  const { child } = dictEntities(kind);
  const can = useCrudCan(child);
  const params = useMemo(() => ({ parentId: parent.id }), [parent.id]);
  // Its page state in the address under `entry.` (the dictionaries' list has its own).
  const list = useCrudList({ entity: child, action: 'child-list', params, paged: false, url: 'entry' });
  const names = useMemo(() => {
    const map = new Map<string, string>([[String(parent.id), String(parent.dictValue ?? '')]]);
    for (const row of flatten(list.rows)) map.set(String(row.id), String(row.dictValue ?? ''));
    return map;
  }, [parent, list.rows]);
  const fresh = (parentId: unknown): Row => ({ code: parent.code, parentId: String(parentId), isSealed: 0 });

  return (
    <CrudPage
      entity={child}
      list={list}
      className={className}
      iconActions={compact}
      extraActionsWidth={compact ? 32 : 84}
      searchFields={['dictKey', 'dictValue']}
      newRow={() => fresh(parent.id)}
      table={{
        tree: true,
        columns: compact ? ['dictKey', 'dictValue', 'sort', 'isSealed'] : undefined,
        index: !compact,
        nowrap: compact,
        cells: { isSealed: (_value, row, text) => <SealedSwitch entity={child} row={row} text={text} /> },
      }}
      dialog={{
        form: { disabled: ['code', 'parentId'], controls: { parentId: <ParentName names={names} /> } },
        beforeSave: (body, _mode, loaded) => withTreeKeys(body, loaded),
      }}
      extraRowActions={(row, { open }) =>
        // Called inside the list's observer: the permission is tracked.
        can('add') && row.id ? (
          <Button type="text" size="mini" icon={<IconPlus />} aria-label={compact ? t('dict.addChild') : undefined} onClick={() => open({ mode: 'add', initial: fresh(row.id) })}>
            {compact ? null : t('dict.addChild')}
          </Button>
        ) : null
      }
    />
  );
}
