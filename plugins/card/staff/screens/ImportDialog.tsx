import { useRef, useState } from 'react';
import { Alert, Button, Message, Space } from '@arco-design/web-react';
import { IconDownload, IconUpload } from '@arco-design/web-react/icon';
import { http, type R, RecordDialog, saveBlob, toastSuccess, useRecordDialog, useTranslation } from '../../../../core/sdk/browser';

const MAX_BYTES = 1024 * 1024;

/** What an import did: every row imported, or some rejected (their report was downloaded). */
export type ImportOutcome = { imported: number; rejected: number };

const isEnvelope = (answer: unknown): answer is R<{ imported: number }> => typeof answer === 'object' && answer !== null && 'success' in answer && 'data' in answer;

function ImportBody({ onClose, onImported }: { onClose: () => void; onImported: () => void }) {
  const { t } = useTranslation();
  const input = useRef<HTMLInputElement>(null);
  const [file, setFile] = useState<File | null>(null);
  const [busy, setBusy] = useState(false);
  const [outcome, setOutcome] = useState<ImportOutcome | null>(null);

  const choose = (chosen: File | undefined) => {
    if (!chosen) return;
    if (!/\.xlsx$/i.test(chosen.name)) return void Message.warning({ id: 'card-staff:file', content: t('card.staff.fileType') });
    if (chosen.size > MAX_BYTES) return void Message.warning({ id: 'card-staff:file', content: t('card.staff.fileSize') });
    setFile(chosen);
    setOutcome(null);
  };

  const downloadTemplate = async () => {
    try {
      saveBlob(await http.download('GET', '/api/staff/info/import-template'), t('card.staff.templateName'));
    } catch {
      // the toast said why
    }
  };

  const upload = async () => {
    if (busy) return;
    if (!file) return void Message.warning({ id: 'card-staff:file', content: t('card.staff.fileRequired') });
    const form = new FormData();
    form.append('file', file, file.name);
    setBusy(true);
    try {
      // Rejected rows come back as a workbook, the counts in its headers; all good rows as JSON.
      let counts: ImportOutcome = { imported: 0, rejected: 0 };
      const answer = await http.download('POST', '/api/staff/info/import', form, {
        onHeaders: (headers) => {
          counts = { imported: Number(headers.get('X-Import-Imported') ?? 0), rejected: Number(headers.get('X-Import-Rejected') ?? 0) };
        },
      });
      if (isEnvelope(answer)) {
        counts = { imported: answer.data.imported, rejected: 0 };
        toastSuccess(t('card.staff.importedAll', counts));
      } else {
        saveBlob(answer, t('card.staff.reportName'));
      }
      setOutcome(counts);
      if (counts.imported > 0) onImported();
    } catch {
      // the toast said why; the file stays chosen for another try
    } finally {
      setBusy(false);
    }
  };

  // Not a save that closes: the result shows here until the dialog is closed.
  const dialog = useRecordDialog<true>({ initial: true, onClose });
  return (
    <RecordDialog
      dialog={dialog}
      title={t('card.staff.importTitle')}
      width={600}
      className="card-staff-import"
      footer={
        <>
          <Button onClick={onClose}>{t('crud.close')}</Button>
          <Button type="primary" icon={<IconUpload />} loading={busy} onClick={() => void upload()} data-testid="staff-import-upload">
            {t('card.staff.upload')}
          </Button>
        </>
      }
    >
      {() => (
        <Space direction="vertical" size="medium" style={{ width: '100%' }}>
          <Alert type="info" content={t('card.staff.importHint')} />
          <Space wrap>
            <Button icon={<IconDownload />} onClick={() => void downloadTemplate()} data-testid="staff-import-template">
              {t('card.staff.template')}
            </Button>
            <Button icon={<IconUpload />} onClick={() => input.current?.click()}>
              {t('card.staff.chooseFile')}
            </Button>
            <span className="card-staff-import-file" aria-live="polite">
              {file?.name ?? t('card.staff.noFile')}
            </span>
            <input
              ref={input}
              type="file"
              accept=".xlsx,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
              hidden
              data-testid="staff-import-file"
              aria-label={t('card.staff.chooseFile')}
              onChange={(event) => {
                choose(event.target.files?.[0]);
                event.target.value = ''; // the same file can be chosen again after a fix
              }}
            />
          </Space>
          {outcome ? (
            <div role="status" data-testid="staff-import-outcome">
              <Alert
                type={outcome.rejected ? 'warning' : 'success'}
                content={outcome.rejected ? t('card.staff.importedSome', outcome) : t('card.staff.importedAll', outcome)}
              />
            </div>
          ) : null}
        </Space>
      )}
    </RecordDialog>
  );
}

/**
 * 导入: the template to download, the .xlsx to upload (at most 1 MB), then what happened: every row
 * imported, or how many were and were not, the rejected rows' report downloaded as a workbook.
 */
export function ImportDialog({ visible, onClose, onImported }: { visible: boolean; onClose: () => void; onImported: () => void }) {
  return visible ? <ImportBody onClose={onClose} onImported={onImported} /> : null;
}
