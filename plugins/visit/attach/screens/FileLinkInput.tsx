import { useEffect, useRef, useState } from 'react';
import { Button, Form, Upload } from '@arco-design/web-react';
import { IconFile, IconUpload } from '@arco-design/web-react/icon';
import { http, isUploadCancelled, UploadProgressBar, useTranslation, useUploadFocus } from '../../../../core/sdk/browser';
import { ATTACH_FILE_TYPES } from '../grant-states';
import { sizeText } from './grants';

/** Where attachments are uploaded (multipart `file`): the server checks the kind by the bytes. */
const PUT_FILE_ATTACH = '/api/blade-resource/oss/endpoint/put-file-attach';
/** The server's limit. */
const MAX_BYTES = 10 * 1024 * 1024;
const ACCEPT = ATTACH_FILE_TYPES.map((type) => `.${type}`).join(',') + ',.jpeg';

interface Uploaded {
  link: string;
  originalName?: string;
  size?: number;
  extension?: string;
}

export interface FileLinkInputProps {
  /** The file's link (the form gives it). */
  value?: string;
  onChange?: (link: string) => void;
  disabled?: boolean;
}

/**
 * The attachment's file: uploads it (the server checks its kind by the bytes and its size), showing how
 * much of it is sent with a button that cancels it, and fills the form's size, kind and, while it is empty,
 * the name from the file's own name. Shows the file once there is one, with a link to it and a button to
 * upload another.
 */
export function FileLinkInput({ value, onChange, disabled = false }: FileLinkInputProps) {
  const { t } = useTranslation();
  const { form } = Form.useFormContext();
  const [sending, setSending] = useState<{ name: string; percent: number } | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [chosen, setChosen] = useState<string | null>(null);
  const controller = useRef<AbortController | null>(null);
  const root = useRef<HTMLDivElement>(null);
  // The dialog closed mid-upload stops sending.
  useEffect(() => () => controller.current?.abort(), []);
  const busy = sending !== null;

  useUploadFocus(root, busy, '[data-testid="attach-upload"]');

  const upload = async (file: File) => {
    if (file.size > MAX_BYTES) {
      setError(t('visit.attach.tooLarge'));
      return;
    }
    setError(null);
    const own = new AbortController();
    controller.current = own;
    setSending({ name: file.name, percent: 0 });
    try {
      const res = await http.uploadFile<Uploaded>(PUT_FILE_ATTACH, file, {
        silent: true,
        signal: own.signal,
        onProgress: ({ percent }) => setSending((now) => now && { ...now, percent }),
      });
      const uploaded = res.data;
      if (!uploaded?.link) throw new Error(t('crud.uploadFailed'));
      setChosen(uploaded.originalName ?? file.name);
      onChange?.(uploaded.link);
      const values: Record<string, unknown> = { fileSize: uploaded.size ?? file.size, fileType: uploaded.extension ?? '' };
      const name = form.getFieldValue('name');
      if (typeof name !== 'string' || name.trim() === '') values.name = (uploaded.originalName ?? file.name).replace(/\.[^.]+$/, '').slice(0, 100);
      form.setFieldsValue(values);
    } catch (reason) {
      if (!isUploadCancelled(reason)) setError(reason instanceof Error ? reason.message || t('crud.uploadFailed') : t('crud.uploadFailed'));
    } finally {
      if (controller.current === own) controller.current = null;
      setSending(null);
    }
  };

  const size = form.getFieldValue('fileSize');
  return (
    <div className="ba-attach-file" ref={root}>
      {value ? (
        <div className="ba-attach-file-current">
          <IconFile />
          <a href={value} target="_blank" rel="noreferrer noopener">
            {chosen ?? value.split('/').pop()}
          </a>
          {typeof size === 'number' ? <span className="ba-attach-muted">{sizeText(size)}</span> : null}
        </div>
      ) : null}
      {sending ? <UploadProgressBar name={sending.name} percent={sending.percent} onCancel={() => controller.current?.abort()} /> : null}
      {disabled ? null : (
        <div hidden={busy}>
          <Upload accept={{ type: ACCEPT, strict: false }} showUploadList={false} disabled={busy} customRequest={({ file }) => void upload(file)}>
            <Button icon={<IconUpload />} disabled={busy} data-testid="attach-upload">
              {value ? t('visit.attach.replace') : t('visit.attach.upload')}
            </Button>
          </Upload>
        </div>
      )}
      {error ? (
        <div className="ba-attach-error" role="alert">
          {error}
        </div>
      ) : disabled ? null : (
        <div className="ba-attach-muted">{t('visit.attach.uploadHint')}</div>
      )}
    </div>
  );
}
