import { Button } from '@arco-design/web-react';
import { IconSettings } from '@arco-design/web-react/icon';
import { CrudPage, type Row, useCrudList, useTranslation } from '../../../core/sdk/browser';
import { withTreeKeys } from './body';
import { dictEntities, type DictKind } from './kinds';
import { SealedSwitch } from './SealedSwitch';

export interface ParentListProps {
  kind: DictKind;
  /** The parent whose entries are shown (highlighted). */
  selected?: Row | null;
  /** A clicked row (the layouts show its entries next to it). */
  onSelect?: (row: Row) => void;
  /** The "entries" row action (the management screen opens them in a drawer). */
  onConfigure?: (row: Row) => void;
  /** Narrow: fewer columns, icon actions (the side-by-side layout). */
  compact?: boolean;
  className?: string;
}

/**
 * The dictionaries (parent rows, `parent-list`, paged): search on code and name, add / edit / view /
 * delete by permission, the isSealed switch, and the way to a dictionary's entries.
 */
export function ParentList({ kind, selected, onSelect, onConfigure, compact = false, className }: ParentListProps) {
  const { t } = useTranslation();
  const { parent } = dictEntities(kind);
  // Its page state in the address under `dict.` (a dictionary's entries have their own).
  const list = useCrudList({ entity: parent, action: 'parent-list', url: 'dict' });
  return (
    <CrudPage
      entity={parent}
      list={list}
      className={className}
      iconActions={compact}
      extraActionsWidth={84}
      table={{
        columns: compact ? ['code', 'dictValue', 'isSealed'] : undefined,
        index: !compact,
        nowrap: compact,
        onRowClick: onSelect,
        activeKey: selected?.id,
        cells: { isSealed: (_value, row, text) => <SealedSwitch entity={parent} row={row} text={text} /> },
      }}
      dialog={{ beforeSave: (body, mode, loaded) => withTreeKeys(body, loaded, mode === 'add') }}
      extraRowActions={
        onConfigure
          ? (row) => (
              <Button type="text" size="mini" icon={<IconSettings />} onClick={() => onConfigure(row)}>
                {t('dict.configure')}
              </Button>
            )
          : undefined
      }
    />
  );
}
