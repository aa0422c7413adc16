import { useState } from 'react';
import { Button, Drawer, Empty, Input, Spin, Table, Tag } from '@arco-design/web-react';
import { type TableSummary, useTranslation } from '../../../core/sdk/browser';
import { fetchTables } from './api';
import { LoadFailed } from './LoadFailed';
import { TableDetail } from './TableDetail';
import { useLoad } from './useLoad';

export interface TablesTarget {
  id: string;
  name: string;
}

/**
 * 表结构: a datasource's tables (name, comment, estimated rows, the platform's own marked), filtered by
 * name; the chosen one's columns and indexes beside them. The names are buttons: Tab and Enter choose.
 */
export function TablesDrawer({ target, onClose }: { target: TablesTarget | null; onClose: () => void }) {
  const { t } = useTranslation();
  return (
    <Drawer className="ds-tables-drawer" width="min(1120px, 100vw)" visible={target !== null} title={target ? t('datasource.tablesOf', { name: target.name }) : ''} footer={null} onCancel={onClose} unmountOnExit escToExit>
      {target ? <TablesBrowser target={target} /> : null}
    </Drawer>
  );
}

function TablesBrowser({ target }: { target: TablesTarget }) {
  const { t } = useTranslation();
  const tables = useLoad(target.id, () => fetchTables(target.id));
  const [filter, setFilter] = useState('');
  const [chosen, setChosen] = useState<string | null>(null);
  if (tables.error !== null) return <LoadFailed reason={tables.error} onRetry={tables.reload} />;
  if (!tables.data) return <Spin className="ds-detail-loading" tip={t('crud.loading')} />;
  const wanted = filter.trim().toLowerCase();
  const shown = wanted ? tables.data.filter((row) => row.name.toLowerCase().includes(wanted) || row.comment.toLowerCase().includes(wanted)) : tables.data;
  const columns = [
    {
      title: t('datasource.tableName'),
      dataIndex: 'name',
      width: 260,
      render: (name: string, row: TableSummary) => (
        <span className="ds-table-name">
          <Button type="text" size="mini" onClick={() => setChosen(name)} aria-pressed={chosen === name}>
            {name}
          </Button>
          {row.platform ? (
            <Tag size="small" color="gray">
              {t('datasource.platformTable')}
            </Tag>
          ) : null}
        </span>
      ),
    },
    { title: t('datasource.comment'), dataIndex: 'comment', ellipsis: true, render: (v: string) => v || '—' },
    { title: t('datasource.estimatedRows'), dataIndex: 'estimatedRows', width: 96, align: 'right' as const },
  ];
  return (
    <div className="ds-tables">
      <div className="ds-tables-list">
        <Input.Search allowClear placeholder={t('datasource.filterTables')} value={filter} onChange={setFilter} aria-label={t('datasource.filterTables')} />
        <div className="ds-muted ds-tables-count">{t('datasource.tableCount', { count: shown.length, total: tables.data.length })}</div>
        <Table
          size="small"
          rowKey="name"
          columns={columns}
          data={shown}
          pagination={false}
          scroll={{ y: 'calc(100vh - 220px)' }}
          rowClassName={(row: TableSummary) => (row.name === chosen ? 'ds-chosen' : '')}
          onRow={(row: TableSummary) => ({ onClick: () => setChosen(row.name) })}
          noDataElement={<Empty description={tables.data.length ? t('datasource.noMatch') : t('datasource.noTables')} />}
          data-testid="datasource-tables"
        />
      </div>
      <div className="ds-tables-detail">{chosen ? <TableDetail key={chosen} datasourceId={target.id} tableName={chosen} /> : <Empty description={t('datasource.chooseTable')} />}</div>
    </div>
  );
}
