import type { ReactNode } from 'react';
import { observer } from 'mobx-react-lite';
import { useTranslation } from 'react-i18next';
import { Button, Space, Tooltip } from '@arco-design/web-react';
import { IconRefresh } from '@arco-design/web-react/icon';
import type { CrudList } from './useCrudList';
import './locales';
import './crud.css';

/**
 * The bar above a list: the screen's buttons, and at the end how many rows are selected (with a way to
 * clear them) and the reload button.
 */
export const CrudToolbar = observer(function CrudToolbar({ list, children }: { list: CrudList; children?: ReactNode }) {
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
        <Tooltip content={t('crud.refresh')} mini>
          <Button shape="circle" size="small" icon={<IconRefresh />} aria-label={t('crud.refresh')} onClick={() => void list.reload()} />
        </Tooltip>
      </span>
    </div>
  );
});
