import { useRef, useState } from 'react';
import { Alert, Button, Message, Space, Switch, Table } from '@arco-design/web-react';
import { IconDownload, IconUpload } from '@arco-design/web-react/icon';
import { currentLanguage, http, RecordDialog, useRecordDialog, useTranslation } from '../../../core/sdk/browser';
import { downloadFile } from './download';

export interface ImportReport {
  total: number;
  created: number;
  updated: number;
  rejected: { row: number; account: string; reason: string }[];
}

const MAX_BYTES = 1024 * 1024;

function ImportForm({ onClose, onImported }: { onClose: () => void; onImported: () => void }) {
  const { t } = useTranslation();
  const input = useRef<HTMLInputElement>(null);
  const [file, setFile] = useState<File | null>(null);
  const [covered, setCovered] = useState(false);
  const [busy, setBusy] = useState(false);
  const [report, setReport] = useState<ImportReport | null>(null);

  const choose = (chosen: File | undefined) => {
    if (!chosen) return;
    if (!/\.xlsx$/i.test(chosen.name)) return void Message.warning({ id: 'user:file', content: t('user.fileType') });
    if (chosen.size > MAX_BYTES) return void Message.warning({ id: 'user:file', content: t('user.fileSize') });
    setFile(chosen);
    setReport(null);
  };

  const upload = async () => {
    if (busy) return;
    if (!file) return void Message.warning({ id: 'user:file', content: t('user.fileRequired') });
    const form = new FormData();
    form.append('file', file, file.name);
    form.append('isCovered', covered ? '1' : '0');
    setBusy(true);
    try {
      const res = await http.upload<ImportReport>('/api/blade-user/import-user', form);
      setReport(res.data);
      if (res.data.created + res.data.updated > 0) onImported();
    } catch {
      // the toast said why
    } finally {
      setBusy(false);
    }
  };

  // Not a save that closes: the upload answers with a report, shown here until the dialog is closed.
  const dialog = useRecordDialog<true>({ initial: true, onClose });
  return (
    <RecordDialog
      dialog={dialog}
      title={t('user.importTitle')}
      width={720}
      className="ba-user-import"
      footer={
        <>
          <Button onClick={onClose}>{t('crud.close')}</Button>
          <Button type="primary" icon={<IconUpload />} loading={busy} onClick={() => void upload()} data-testid="import-upload">
            {t('user.upload')}
          </Button>
        </>
      }
    >
      {() => (
        <Space direction="vertical" size="medium" style={{ width: '100%' }}>
          <Alert type="info" content={t('user.templateHint')} />
          <Space wrap>
            <Button
              icon={<IconDownload />}
              onClick={() =>
                void downloadFile('/api/blade-user/export-template', { language: currentLanguage() }, currentLanguage() === 'en' ? 'user-template.xlsx' : '用户导入模板.xlsx').catch(() => undefined)
              }
            >
              {t('user.template')}
            </Button>
            <Button icon={<IconUpload />} onClick={() => input.current?.click()}>
              {t('user.chooseFile')}
            </Button>
            <span className="ba-user-file" aria-live="polite">
              {file?.name ?? ''}
            </span>
            <input
              ref={input}
              type="file"
              accept=".xlsx,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
              hidden
              data-testid="import-file"
              aria-label={t('user.chooseFile')}
              onChange={(event) => {
                choose(event.target.files?.[0]);
                event.target.value = ''; // the same file can be chosen again after a fix
              }}
            />
          </Space>
          <label className="ba-user-cover">
            <Switch size="small" checked={covered} onChange={setCovered} aria-label={t('user.cover')} /> {t('user.cover')}
            <span className="ba-user-hint">{t('user.coverHint')}</span>
          </label>
          {report ? (
            <div className="ba-user-report" role="status">
              <Alert
                type={report.rejected.length ? 'warning' : 'success'}
                content={t('user.report', { total: report.total, created: report.created, updated: report.updated, rejected: report.rejected.length })}
              />
              {report.rejected.length ? (
                <Table
                  size="small"
                  rowKey="row"
                  border={{ wrapper: true, cell: true }}
                  pagination={report.rejected.length > 10 ? { pageSize: 10, size: 'mini' } : false}
                  data={report.rejected}
                  columns={[
                    { title: t('user.reportRow'), dataIndex: 'row', width: 72 },
                    { title: t('user.reportAccount'), dataIndex: 'account', width: 160 },
                    { title: t('user.reportReason'), dataIndex: 'reason' },
                  ]}
                />
              ) : (
                <p className="ba-user-hint">{t('user.allImported')}</p>
              )}
            </div>
          ) : null}
        </Space>
      )}
    </RecordDialog>
  );
}

/**
 * 导入: the template to download, the .xlsx to upload (at most 1 MB), whether existing accounts are
 * updated, then the server's per-row report: how many were added and updated, and each refused row
 * with its reason.
 */
export function ImportDialog({ visible, onClose, onImported }: { visible: boolean; onClose: () => void; onImported: () => void }) {
  return visible ? <ImportForm onClose={onClose} onImported={onImported} /> : null;
}
