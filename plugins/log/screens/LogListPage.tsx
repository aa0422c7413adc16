import { useState, type ComponentType, type ReactNode } from 'react';
import { observer } from 'mobx-react-lite';
import { Button, Space } from '@arco-design/web-react';
import { IconFile } from '@arco-design/web-react/icon';
import { type CellRenderer, CrudPage, type CrudList, type EntityDef, type Row, useCrudList, useTranslation } from '../../../core/sdk/browser';
import { LogDrawer } from './LogDrawer';
import { TenantPicker, textOf, useLogTenant } from './parts';
import './log.css';

/** What a log screen's own toolbar controls are given. */
export interface LogToolbarContext {
  list: CrudList;
  /** The tenant the super administrator is reading ('' their own). */
  tenantId: string;
  setTenantId: (id: string) => void;
}

/** A row's body in the drawer; `leave` closes the drawer before going to another screen. */
export interface LogEntryProps {
  row: Row;
  tenantId: string;
  leave: () => void;
}

export interface LogListPageProps {
  entity: EntityDef;
  /** The column whose text opens the row's detail. */
  linkField: string;
  /** The list's filters chosen in the screen's own toolbar. */
  params?: Record<string, unknown>;
  /** The screen's own cells (the link and the request id are common). */
  cells?: Partial<Record<string, CellRenderer>>;
  /** The screen's own toolbar controls, before the tenant picker; several as an array, so each is spaced as one. */
  toolbar?: (ctx: LogToolbarContext) => ReactNode;
  drawerTitle: string;
  detail: ComponentType<LogEntryProps>;
}

/**
 * A log's list screen: read only, newest first, in the tenant the super administrator picks; a row's link
 * cell and its detail button open the row, read whole, in a drawer over the list.
 */
export const LogListPage = observer(function LogListPage({ entity, linkField, params, cells, toolbar, drawerTitle, detail: Detail }: LogListPageProps) {
  const { t } = useTranslation();
  const { tenantId, setTenantId, params: tenantParams } = useLogTenant();
  const list = useCrudList({ entity, params: { ...tenantParams, ...params } });
  const [detailOf, setDetailOf] = useState<string | null>(null);
  const open = (row: Row) => row.id && setDetailOf(String(row.id));
  return (
    <div className="ba-log-page">
      <CrudPage
        entity={entity}
        list={list}
        rowActions={[]}
        table={{
          cells: {
            [linkField]: (value: unknown, row: Row) => (
              <button type="button" className="ba-log-link" onClick={() => open(row)}>
                {textOf(value) || '-'}
              </button>
            ),
            requestId: (value: unknown) => <code className="ba-log-id">{textOf(value)}</code>,
            ...cells,
          },
        }}
        extraRowActions={(row) => (
          <Button type="text" size="mini" icon={<IconFile />} onClick={() => open(row)} data-testid="log-open">
            {t('log.detail')}
          </Button>
        )}
        toolbar={() => (
          <Space size={12} wrap>
            {toolbar?.({ list, tenantId, setTenantId })}
            <TenantPicker tenantId={tenantId} onChange={setTenantId} />
          </Space>
        )}
      />
      <LogDrawer entity={entity} title={drawerTitle} id={detailOf} tenantId={tenantId} onClose={() => setDetailOf(null)}>
        {(row, close) => <Detail row={row} tenantId={tenantId} leave={close} />}
      </LogDrawer>
    </div>
  );
});
