import { useState } from 'react';
import { Form, Select } from '@arco-design/web-react';
import { http, RecordDialog, type Row, useRecordDialog, useTranslation } from '../../../core/sdk/browser';

interface DatasourceOption {
  id: string;
  name: string;
}

export interface DatasourceDialogProps {
  row: Row;
  onClose: () => void;
  onSaved: () => void;
}

/**
 * 数据源 of one tenant: a choice among `GET /api/blade-develop/datasource/select`, saved through
 * `POST /api/blade-system/tenant/datasource?tenantId=&datasourceId=` (empty: no datasource).
 */
export function DatasourceDialog({ row, onClose, onSaved }: DatasourceDialogProps) {
  const { t } = useTranslation();
  const [value, setValue] = useState<string | undefined>(row.datasourceId ? String(row.datasourceId) : undefined);
  const dialog = useRecordDialog<DatasourceOption[], string>({
    load: async () => {
      const res = await http.get<DatasourceOption[]>('/api/blade-develop/datasource/select');
      return Array.isArray(res.data) ? res.data : [];
    },
    prepare: () => value ?? '',
    save: (datasourceId) => http.post('/api/blade-system/tenant/datasource', undefined, { params: { tenantId: String(row.tenantId ?? ''), datasourceId } }),
    success: t('tenant.datasourceSaved'),
    onSaved,
    onClose,
  });

  return (
    <RecordDialog dialog={dialog} title={t('tenant.datasourceOf', { name: String(row.tenantName ?? '') })} width={520} testId="tenant-datasource-save">
      {(options) => (
        <Form layout="horizontal" labelCol={{ span: 5 }} wrapperCol={{ span: 19 }}>
          <Form.Item label={t('tenant.datasource')} extra={t('tenant.datasourceHint')}>
            <Select
              allowClear
              placeholder={t('tenant.chooseDatasource')}
              value={value}
              onChange={(next: string | undefined) => setValue(next || undefined)}
              options={options.map((o) => ({ value: o.id, label: o.name }))}
              aria-label={t('tenant.datasource')}
            />
          </Form.Item>
        </Form>
      )}
    </RecordDialog>
  );
}
