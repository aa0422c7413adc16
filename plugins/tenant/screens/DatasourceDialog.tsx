import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Form, Modal, Select } from '@arco-design/web-react';
import { DialogFooter, LoadState, type Row } from '../../../core/crud';
import { http, toastSuccess } from '../../../core/http';
import '../locales';

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
  const [options, setOptions] = useState<DatasourceOption[] | null>(null);
  const [failed, setFailed] = useState(false);
  const [value, setValue] = useState<string | undefined>(row.datasourceId ? String(row.datasourceId) : undefined);
  const [saving, setSaving] = useState(false);

  const load = useCallback(() => {
    let live = true;
    setFailed(false);
    setOptions(null);
    http
      .get<DatasourceOption[]>('/api/blade-develop/datasource/select')
      .then((res) => live && setOptions(Array.isArray(res.data) ? res.data : []))
      .catch(() => live && setFailed(true));
    return () => {
      live = false;
    };
  }, []);
  useEffect(() => load(), [load]);

  const save = async () => {
    if (saving) return;
    setSaving(true);
    try {
      await http.post('/api/blade-system/tenant/datasource', undefined, { params: { tenantId: String(row.tenantId ?? ''), datasourceId: value ?? '' } });
    } catch {
      setSaving(false);
      return;
    }
    toastSuccess(t('tenant.datasourceSaved'));
    onSaved();
    onClose();
  };

  return (
    <Modal
      visible
      title={t('tenant.datasourceOf', { name: String(row.tenantName ?? '') })}
      style={{ width: 520, maxWidth: 'calc(100vw - 32px)' }}
      onCancel={onClose}
      maskClosable={false}
      escToExit
      footer={
        <DialogFooter saving={saving} ready={!!options} onCancel={onClose} onSave={() => void save()} testId="tenant-datasource-save" />
      }
    >
      <LoadState failed={failed} data={options} onRetry={() => load()}>
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
      </LoadState>
    </Modal>
  );
}
