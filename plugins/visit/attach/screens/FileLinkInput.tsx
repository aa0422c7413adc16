import { useState } from 'react';
import { Button, Form, Upload } from '@arco-design/web-react';
import { IconFile, IconLoading, IconUpload } from '@arco-design/web-react/icon';
import { http, HttpError, useTranslation } from '../../../../core/sdk/browser';
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
 * The attachment's file: uploads it (the server checks its kind by the bytes and its size), and fills the
 * form's size, kind and, while it is empty, the name from the file's own name. Shows the file once there
 * is one, with a link to it and a button to upload another.
 */
export function FileLinkInput({ value, onChange, disabled = false }: FileLinkInputProps) {
  const { t } = useTranslation();
  const { form } = Form.useFormContext();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [chosen, setChosen] = useState<string | null>(null);

  const upload = async (file: File) => {
    if (file.size > MAX_BYTES) {
      setError(t('visit.attach.tooLarge'));
      return;
    }
    setError(null);
    setBusy(true);
    try {
      const body = new FormData();
      body.append('file', file);
      const res = await http.upload<Uploaded>(PUT_FILE_ATTACH, body, { silent: true });
      const uploaded = res.data;
      if (!uploaded?.link) throw new Error(t('crud.uploadFailed'));
      setChosen(uploaded.originalName ?? file.name);
      onChange?.(uploaded.link);
      const values: Record<string, unknown> = { fileSize: uploaded.size ?? file.size, fileType: uploaded.extension ?? '' };
      const name = form.getFieldValue('name');
      if (typeof name !== 'string' || name.trim() === '') values.name = (uploaded.originalName ?? file.name).replace(/\.[^.]+$/, '').slice(0, 100);
      form.setFieldsValue(values);
    } catch (reason) {
      setError(reason instanceof HttpError || reason instanceof Error ? reason.message || t('crud.uploadFailed') : t('crud.uploadFailed'));
    } finally {
      setBusy(false);
    }
  };

  const size = form.getFieldValue('fileSize');
  return (
    <div className="ba-attach-file">
      {value ? (
        <div className="ba-attach-file-current">
          <IconFile />
          <a href={value} target="_blank" rel="noreferrer noopener">
            {chosen ?? value.split('/').pop()}
          </a>
          {typeof size === 'number' ? <span className="ba-attach-muted">{sizeText(size)}</span> : null}
        </div>
      ) : null}
      {disabled ? null : (
        <Upload accept={{ type: ACCEPT, strict: false }} showUploadList={false} disabled={busy} customRequest={({ file }) => void upload(file)}>
          <Button icon={busy ? <IconLoading /> : <IconUpload />} disabled={busy} data-testid="attach-upload">
            {busy ? t('visit.attach.uploading') : value ? t('visit.attach.replace') : t('visit.attach.upload')}
          </Button>
        </Upload>
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
