import type { ReactNode } from 'react';
import { observer } from 'mobx-react-lite';
import { useTranslation } from '../i18n';
import { Button, Space, Tooltip } from '@arco-design/web-react';
import { IconDelete, IconPlus, IconRefresh } from '@arco-design/web-react/icon';
import { ListTools, type ListToolsProps } from './ListTools';
import type { CrudList } from './useCrudList';
import './locales';
import './crud.css';

export interface CrudToolbarProps extends Omit<ListToolsProps, 'list'> {
  list: CrudList;
  /** The screen's buttons. */
  children?: ReactNode;
}

/**
 * The bar above a list: the screen's buttons, and at the end how many rows are selected (with a way to
 * clear them), the export, the density and column choices, and the reload button.
 */
export const CrudToolbar = observer(function CrudToolbar({ list, children, ...tools }: CrudToolbarProps) {
  const { t } = useTranslation();
  return (
    <div className="ba-crud-toolbar">
      <Space wrap>{children}</Space>
      <span className="ba-crud-toolbar-end">
        {list.selectedKeys.length > 0 ? (
          <span className="ba-crud-selected" aria-live="polite">
            {t('crud.selected', { count: list.selectedKeys.length })}
            <Button type="text" size="mini" onClick={() => list.setSelectedKeys([])}>
              {t('crud.clearSelection')}
            </Button>
          </span>
        ) : null}
        <ListTools list={list} {...tools} />
        <Tooltip content={t('crud.refresh')} mini>
          <Button shape="circle" size="small" icon={<IconRefresh />} aria-label={t('crud.refresh')} onClick={() => void list.reload()} />
        </Tooltip>
      </span>
    </div>
  );
});

/** A list's add and bulk-delete buttons: each shown when its handler is given (the user may do it). */
export function AddDeleteButtons({ onAdd, onDelete }: { onAdd?: () => void; onDelete?: () => void }) {
  const { t } = useTranslation();
  // Its own Space: the toolbar spaces its children, and these two are one child to it.
  return (
    <Space>
      {onAdd ? (
        <Button type="primary" icon={<IconPlus />} onClick={onAdd}>
          {t('crud.add')}
        </Button>
      ) : null}
      {onDelete ? (
        <Button status="danger" icon={<IconDelete />} onClick={onDelete}>
          {t('crud.delete')}
        </Button>
      ) : null}
    </Space>
  );
}
