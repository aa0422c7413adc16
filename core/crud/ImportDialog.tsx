import { useRef, useState, type ReactNode } from 'react';
import { Alert, Button, Message, Space } from '@arco-design/web-react';
import { IconDownload, IconUpload } from '@arco-design/web-react/icon';
import { http, type Params } from '../http';
import { useTranslation } from '../i18n';
import { saveBlob } from './exportRows';
import { RecordDialog } from './RecordDialog';
import { useRecordDialog } from './useRecordDialog';
import './crud.css';

/** The largest spreadsheet an import takes by default (the servers' own limit). */
export const IMPORT_MAX_BYTES = 1024 * 1024;

/** The dialog's words, in the caller's terms (already translated). */
export interface ImportDialogTexts {
  title: string;
  /** What the template's columns must hold. */
  hint: string;
  template: string;
  chooseFile: string;
  /** Beside the file button while nothing is chosen (nothing when absent). */
  noFile?: string;
  upload: string;
  fileRequired: string;
  fileType: string;
  fileSize: string;
}

export interface ImportDialogProps<Outcome> {
  visible: boolean;
  onClose: () => void;
  texts: ImportDialogTexts;
  /** The template: downloaded from `url` (GET, with `params`) and saved as `fileName`. */
  template: { url: string; params?: Params; fileName: string };
  /**
   * Sends the form (the chosen file as `file`; add any other field) and answers what happened, which
   * stays shown until another file is chosen. The caller reloads its list here when rows were written.
   * A rejection has been told by the client's toast: the file stays chosen for another try.
   */
  upload: (form: FormData) => Promise<Outcome>;
  /** How the outcome is told (inside a polite live region). */
  renderOutcome: (outcome: Outcome) => ReactNode;
  /** More choices under the file's row (an "update existing rows" switch, say). */
  options?: ReactNode;
  /** The dialog's class, and the prefix of its test ids (`-upload`, `-file`, `-template`, `-outcome`). */
  className: string;
  testId: string;
  width?: number;
  maxBytes?: number;
}

function ImportBody<Outcome>({ onClose, texts, template, upload, renderOutcome, options, className, testId, width = 600, maxBytes = IMPORT_MAX_BYTES }: Omit<ImportDialogProps<Outcome>, 'visible'>) {
  const { t } = useTranslation();
  const input = useRef<HTMLInputElement>(null);
  const [file, setFile] = useState<File | null>(null);
  const [busy, setBusy] = useState(false);
  const [outcome, setOutcome] = useState<{ told: Outcome } | null>(null);
  const warn = (content: string) => void Message.warning({ id: 'ba-import:file', content });

  const choose = (chosen: File | undefined) => {
    if (!chosen) return;
    if (!/\.xlsx$/i.test(chosen.name)) return warn(texts.fileType);
    if (chosen.size > maxBytes) return warn(texts.fileSize);
    setFile(chosen);
    setOutcome(null);
  };

  const downloadTemplate = async () => {
    try {
      saveBlob(await http.download('GET', template.url, undefined, template.params ? { params: template.params } : undefined), template.fileName);
    } catch {
      // the toast said why
    }
  };

  const send = async () => {
    if (busy) return;
    if (!file) return warn(texts.fileRequired);
    const form = new FormData();
    form.append('file', file, file.name);
    setBusy(true);
    try {
      setOutcome({ told: await upload(form) });
    } catch {
      // the toast said why; the file stays chosen for another try
    } finally {
      setBusy(false);
    }
  };

  // Not a save that closes: the outcome shows here until the dialog is closed.
  const dialog = useRecordDialog<true>({ initial: true, onClose });
  return (
    <RecordDialog
      dialog={dialog}
      title={texts.title}
      width={width}
      className={className}
      footer={
        <>
          <Button onClick={onClose}>{t('crud.close')}</Button>
          <Button type="primary" icon={<IconUpload />} loading={busy} onClick={() => void send()} data-testid={`${testId}-upload`}>
            {texts.upload}
          </Button>
        </>
      }
    >
      {() => (
        <Space direction="vertical" size="medium" style={{ width: '100%' }}>
          <Alert type="info" content={texts.hint} />
          <Space wrap>
            <Button icon={<IconDownload />} onClick={() => void downloadTemplate()} data-testid={`${testId}-template`}>
              {texts.template}
            </Button>
            <Button icon={<IconUpload />} onClick={() => input.current?.click()}>
              {texts.chooseFile}
            </Button>
            <span className="ba-import-file" aria-live="polite">
              {file?.name ?? texts.noFile ?? ''}
            </span>
            <input
              ref={input}
              type="file"
              accept=".xlsx,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
              hidden
              data-testid={`${testId}-file`}
              aria-label={texts.chooseFile}
              onChange={(event) => {
                choose(event.target.files?.[0]);
                event.target.value = ''; // the same file can be chosen again after a fix
              }}
            />
          </Space>
          {options}
          {outcome ? (
            <div className="ba-import-outcome" role="status" data-testid={`${testId}-outcome`}>
              {renderOutcome(outcome.told)}
            </div>
          ) : null}
        </Space>
      )}
    </RecordDialog>
  );
}

/**
 * An Excel import: the template to download, one .xlsx to choose (at most `maxBytes`, 1 MB by default)
 * and upload, then what the server said it did, shown until the dialog is closed or another file is
 * chosen. Each opening starts afresh.
 */
export function ImportDialog<Outcome>({ visible, ...props }: ImportDialogProps<Outcome>) {
  return visible ? <ImportBody {...props} /> : null;
}
