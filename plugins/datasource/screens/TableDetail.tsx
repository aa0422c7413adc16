import { Empty, Spin, Table, Tag, Typography } from '@arco-design/web-react';
import { type ColumnShape, type IndexShape, useTranslation } from '../../../core/sdk/browser';
import { fetchColumns } from './api';
import { LoadFailed } from './LoadFailed';
import { useLoad } from './useLoad';

/** A column's type as it was declared: varchar(40), numeric(10,2), char(8). */
export function typeText(column: Pick<ColumnShape, 'type' | 'maxLength' | 'precision' | 'scale'>): string {
  const name = column.type === 'bpchar' ? 'char' : column.type;
  if (column.maxLength !== null) return `${name}(${column.maxLength})`;
  if (column.precision !== null) return `${name}(${column.precision},${column.scale ?? 0})`;
  return name;
}

/** One table's columns (in the table's order) and indexes, read when it is chosen. */
export function TableDetail({ datasourceId, tableName }: { datasourceId: string; tableName: string }) {
  const { t } = useTranslation();
  const shape = useLoad(`${datasourceId}/${tableName}`, () => fetchColumns(datasourceId, tableName));
  if (shape.error !== null) return <LoadFailed reason={shape.error} onRetry={shape.reload} />;
  if (!shape.data) return <Spin className="ds-detail-loading" tip={t('crud.loading')} />;
  const yes = t('crud.yes');
  const no = t('crud.no');
  const columns = [
    {
      title: t('datasource.column'),
      dataIndex: 'name',
      render: (name: string, c: ColumnShape) => (
        <span className="ds-column-name">
          {name}
          {c.primaryKey ? (
            <Tag size="small" color="arcoblue">
              {t('datasource.primaryKey')}
            </Tag>
          ) : null}
        </span>
      ),
    },
    { title: t('datasource.type'), dataIndex: 'type', render: (_: string, c: ColumnShape) => <code>{typeText(c)}</code> },
    { title: t('datasource.nullable'), dataIndex: 'nullable', width: 80, render: (v: boolean) => (v ? yes : no) },
    { title: t('datasource.hasDefault'), dataIndex: 'hasDefault', width: 80, render: (v: boolean) => (v ? yes : no) },
    { title: t('datasource.comment'), dataIndex: 'comment', render: (v: string) => v || '—' },
  ];
  const indexColumns = [
    { title: t('datasource.indexName'), dataIndex: 'name' },
    { title: t('datasource.indexColumns'), dataIndex: 'columns', render: (v: string[]) => (v.length ? v.join(', ') : t('datasource.expression')) },
    {
      title: t('datasource.indexKind'),
      dataIndex: 'unique',
      render: (_: boolean, index: IndexShape) => (index.primary ? t('datasource.primaryKey') : index.unique ? t('datasource.unique') : t('datasource.plainIndex')),
    },
  ];
  return (
    <div className="ds-detail" aria-label={tableName}>
      <Typography.Title heading={6} className="ds-detail-title">
        {tableName}
        {shape.data.comment ? <span className="ds-muted"> · {shape.data.comment}</span> : null}
      </Typography.Title>
      <Table size="small" rowKey="name" columns={columns} data={shape.data.columns} pagination={false} border={{ wrapper: true, cell: false }} data-testid="datasource-columns" />
      <Typography.Title heading={6} className="ds-detail-title">
        {t('datasource.indexes')}
      </Typography.Title>
      {shape.data.indexes.length ? (
        <Table size="small" rowKey="name" columns={indexColumns} data={shape.data.indexes} pagination={false} border={{ wrapper: true, cell: false }} data-testid="datasource-indexes" />
      ) : (
        <Empty description={t('datasource.noIndexes')} />
      )}
    </div>
  );
}
