import { useState } from 'react';
import { Alert, Switch, Table } from '@arco-design/web-react';
import { currentLanguage, http, ImportDialog, useTranslation } from '../../../core/sdk/browser';

export interface ImportReport {
  total: number;
  created: number;
  updated: number;
  rejected: { row: number; account: string; reason: string }[];
}

function UserImport({ onClose, onImported }: { onClose: () => void; onImported: () => void }) {
  const { t } = useTranslation();
  const [covered, setCovered] = useState(false);

  const upload = async (form: FormData): Promise<ImportReport> => {
    form.append('isCovered', covered ? '1' : '0');
    const { data } = await http.upload<ImportReport>('/api/blade-user/import-user', form);
    if (data.created + data.updated > 0) onImported();
    return data;
  };

  const language = currentLanguage();
  return (
    <ImportDialog
      visible
      onClose={onClose}
      width={720}
      className="ba-user-import"
      testId="import"
      texts={{
        title: t('user.importTitle'),
        hint: t('user.templateHint'),
        template: t('user.template'),
        chooseFile: t('user.chooseFile'),
        upload: t('user.upload'),
        fileRequired: t('user.fileRequired'),
        fileType: t('user.fileType'),
        fileSize: t('user.fileSize'),
      }}
      template={{ url: '/api/blade-user/export-template', params: { language }, fileName: language === 'en' ? 'user-template.xlsx' : '用户导入模板.xlsx' }}
      upload={upload}
      options={
        <label className="ba-user-cover">
          <Switch size="small" checked={covered} onChange={setCovered} aria-label={t('user.cover')} /> {t('user.cover')}
          <span className="ba-user-hint">{t('user.coverHint')}</span>
        </label>
      }
      renderOutcome={(report) => (
        <>
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
        </>
      )}
    />
  );
}

/**
 * 导入: the template to download, the .xlsx to upload (at most 1 MB), whether existing accounts are
 * updated, then the server's per-row report: how many were added and updated, and each refused row
 * with its reason.
 */
export function UserImportDialog({ visible, onClose, onImported }: { visible: boolean; onClose: () => void; onImported: () => void }) {
  // Each opening starts with the switch off, like the rest of the dialog.
  return visible ? <UserImport onClose={onClose} onImported={onImported} /> : null;
}
