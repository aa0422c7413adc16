import { Alert } from '@arco-design/web-react';
import { http, ImportDialog, type R, saveBlob, toastSuccess, useTranslation } from '../../../../core/sdk/browser';

/** What an import did: every row imported, or some rejected (their report was downloaded). */
export type ImportOutcome = { imported: number; rejected: number };

const isEnvelope = (answer: unknown): answer is R<{ imported: number }> => typeof answer === 'object' && answer !== null && 'success' in answer && 'data' in answer;

/**
 * 导入: the template to download, the .xlsx to upload (at most 1 MB), then what happened: every row
 * imported, or how many were and were not, the rejected rows' report downloaded as a workbook.
 */
export function StaffImportDialog({ visible, onClose, onImported }: { visible: boolean; onClose: () => void; onImported: () => void }) {
  const { t } = useTranslation();

  const upload = async (form: FormData): Promise<ImportOutcome> => {
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
    if (counts.imported > 0) onImported();
    return counts;
  };

  return (
    <ImportDialog
      visible={visible}
      onClose={onClose}
      className="card-staff-import"
      testId="staff-import"
      texts={{
        title: t('card.staff.importTitle'),
        hint: t('card.staff.importHint'),
        template: t('card.staff.template'),
        chooseFile: t('card.staff.chooseFile'),
        noFile: t('card.staff.noFile'),
        upload: t('card.staff.upload'),
        fileRequired: t('card.staff.fileRequired'),
        fileType: t('card.staff.fileType'),
        fileSize: t('card.staff.fileSize'),
      }}
      template={{ url: '/api/staff/info/import-template', fileName: t('card.staff.templateName') }}
      upload={upload}
      renderOutcome={(outcome) => (
        <Alert type={outcome.rejected ? 'warning' : 'success'} content={outcome.rejected ? t('card.staff.importedSome', outcome) : t('card.staff.importedAll', outcome)} />
      )}
    />
  );
}
