import { useMemo, useState } from 'react';
import { Alert, Button, Form, Input, Modal, Select, Space, Tag } from '@arco-design/web-react';
import {
  EMBEDDED_DATASOURCE_ID,
  failureText,
  http,
  query,
  useCall,
  useQuery,
  useTranslation,
  type DatasourceChoice,
  type TableSummary,
} from '../../../core/sdk/browser';
import { codeEntity } from '../index';
import { propose, type Proposal } from './api';

/** Where the datasources are kept: their list is read again when one is saved. */
const DATASOURCE_RESOURCE = '/api/blade-develop/datasource';
const base = codeEntity.api.base;

const datasourcesQuery = query<DatasourceChoice[]>(DATASOURCE_RESOURCE, `${base}/datasources`, { select: (data) => (Array.isArray(data) ? (data as DatasourceChoice[]) : []) });

/** What the author chose, and what the server proposed for it. */
export interface ProposedDraft {
  datasourceId: string;
  tableName: string;
  tablePrefix: string;
  proposal: Proposal;
}

export interface FromTableDialogProps {
  visible: boolean;
  onClose: () => void;
  onProposed: (draft: ProposedDraft) => void;
}

/**
 * 新增 from a table: the datasource (the embedded database first; those that cannot be read yet shown
 * disabled with the reason), one of its tables (searchable by name and comment, with the estimated rows;
 * the platform's own tables disabled), and a prefix; the server proposes the record and its fields, which
 * the designer then shows for review before anything is saved.
 */
export function FromTableDialog({ visible, onClose, onProposed }: FromTableDialogProps) {
  const { t } = useTranslation();
  const datasources = useQuery(visible ? datasourcesQuery : null);
  const [datasourceId, setDatasourceId] = useState<string>(EMBEDDED_DATASOURCE_ID);
  const [tableName, setTableName] = useState<string>('');
  const [tablePrefix, setTablePrefix] = useState('');
  const [proposing, setProposing] = useState(false);
  const [error, setError] = useState('');
  const tables = useCall<TableSummary[]>(visible && datasourceId ? `tables:${datasourceId}` : null, async () => {
    const answer = await http.get<TableSummary[]>(`${base}/tables`, { params: { datasourceId }, silent: true, long: true });
    return Array.isArray(answer.data) ? answer.data : [];
  });
  const sortedSources = useMemo(() => {
    const list = [...(datasources.data ?? [])];
    return list.sort((a, b) => Number(b.id === EMBEDDED_DATASOURCE_ID) - Number(a.id === EMBEDDED_DATASOURCE_ID));
  }, [datasources.data]);
  const chosenTable = tables.data?.find((table) => table.name === tableName);

  const next = async () => {
    if (!datasourceId || !tableName) return;
    setProposing(true);
    setError('');
    try {
      const proposal = await propose(datasourceId, tableName, tablePrefix.trim());
      onProposed({ datasourceId, tableName, tablePrefix: tablePrefix.trim(), proposal });
    } catch (e) {
      setError(failureText(e));
    } finally {
      setProposing(false);
    }
  };

  return (
    <Modal
      title={t('code.fromTable')}
      visible={visible}
      onCancel={onClose}
      unmountOnExit
      escToExit
      className="code-from-table"
      style={{ width: 640 }}
      footer={
        <Space>
          <Button onClick={onClose}>{t('crud.cancel')}</Button>
          <Button type="primary" loading={proposing} disabled={!chosenTable || chosenTable.platform} onClick={() => void next()} data-testid="code-propose">
            {t('code.next')}
          </Button>
        </Space>
      }
    >
      {error ? <Alert className="code-alert" type="error" content={error} data-testid="code-propose-error" /> : null}
      <Form layout="vertical" onSubmit={() => void next()}>
        <Form.Item label={t('code.datasource')} required>
          <Select
            aria-label={t('code.datasource')}
            placeholder={t('code.chooseDatasource')}
            loading={datasources.loading}
            value={datasourceId || undefined}
            onChange={(id: string) => {
              setDatasourceId(id);
              setTableName('');
              setError('');
            }}
            renderFormat={(option) => String(sortedSources.find((s) => s.id === option?.value)?.name ?? option?.value ?? '')}
          >
            {sortedSources.map((source) => (
              <Select.Option key={source.id} value={source.id} disabled={!source.readable}>
                <span className="code-option">
                  <span>{source.name}</span>
                  {source.kind === 'embedded' ? <Tag size="small" color="arcoblue">{t('code.embedded')}</Tag> : null}
                  {source.readable ? null : <span className="code-option-note">{t('code.unreadable')}</span>}
                </span>
              </Select.Option>
            ))}
          </Select>
          {datasources.failed ? <div className="code-field-error">{t('crud.loadFailed')}</div> : null}
        </Form.Item>
        <Form.Item label={t('code.table')} required>
          <Select
            aria-label={t('code.table')}
            placeholder={tables.loading ? t('crud.loading') : t('code.searchTable')}
            loading={tables.loading}
            showSearch
            allowClear
            value={tableName || undefined}
            notFoundContent={<div className="code-empty">{tables.loading ? t('crud.loading') : t('code.noTables')}</div>}
            filterOption={(input, option) => {
              const q = input.trim().toLowerCase();
              const table = tables.data?.find((tb) => tb.name === (option as { props?: { value?: unknown } }).props?.value);
              return !q || Boolean(table && (table.name.toLowerCase().includes(q) || table.comment.toLowerCase().includes(q)));
            }}
            renderFormat={(option) => String(option?.value ?? '')}
            onChange={(name?: string) => {
              setTableName(name ?? '');
              setError('');
            }}
          >
            {(tables.data ?? []).map((table) => (
              <Select.Option key={table.name} value={table.name} disabled={table.platform}>
                <span className="code-option" title={table.platform ? t('code.platformHint') : table.comment}>
                  <span className="code-option-name">{table.name}</span>
                  {table.comment ? <span className="code-option-note">{table.comment}</span> : null}
                  <span className="code-option-end">
                    {table.platform ? <Tag size="small">{t('code.platformTable')}</Tag> : null}
                    <span className="code-option-note">{t('code.rows', { count: table.estimatedRows })}</span>
                  </span>
                </span>
              </Select.Option>
            ))}
          </Select>
          {tables.error ? (
            <Alert className="code-alert" type="error" title={t('code.tablesFailed')} content={tables.error} data-testid="code-tables-error" action={<Button size="mini" onClick={tables.reload}>{t('crud.retry')}</Button>} />
          ) : null}
        </Form.Item>
        <Form.Item label={t('code.tablePrefix')} extra={t('code.tablePrefixHint')}>
          <Input aria-label={t('code.tablePrefix')} value={tablePrefix} maxLength={63} onChange={setTablePrefix} onPressEnter={() => void next()} />
        </Form.Item>
      </Form>
    </Modal>
  );
}
